package org.dasgrid.core.genotype.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.GenotypeIndexBuilder;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.SampleCallBits;
import org.dasgrid.core.genotype.SetEncoding;
import org.dasgrid.core.segment.Segment;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link org.dasgrid.core.genotype.RowCalls} against the calls the engine was built from: every sample's called alleles and ALT copies,
 * read in bulk, by probe, as carriers and as called-count deltas, over random sites with no-calls, partial
 * calls, haploid and triploid calls and multi-allelic sites, in both set encodings and in cohorts small
 * (inline sets) and large (dense and Roaring sets).
 */
class CallReaderTest {

  @ParameterizedTest
  @CsvSource({"COMPACT, 37", "COMPACT, 700", "ROARING, 300"})
  void everyRowShowsTheCallsItWasBuiltFrom(SetEncoding encoding, int cohort) {
    Map<String, int[][]> expected = new HashMap<>();
    GenotypeQueries engine = randomEngine(encoding, cohort, expected);
    assertThat(engine).isInstanceOf(CallReader.class);
    byte[] called = new byte[cohort];
    byte[] copies = new byte[cohort];
    int[] rows = {0};
    ((CallReader) engine).forEachRow(List.of(new Segment("1", 1, Integer.MAX_VALUE)), row -> {
      int[][] truth = expected.get(row.pos() + ":" + row.alt());
      assertThat(truth).as("row %s", row).isNotNull();
      row.fill(called, copies);
      int[] carried = new int[cohort];
      row.forEachCarrier((s, c) -> carried[s] += c);
      int[] calledByDelta = new int[cohort];
      java.util.Arrays.fill(calledByDelta, row.ploidy());
      row.forEachCalledDelta((s, d) -> calledByDelta[s] += d);
      for (int s = 0; s < cohort; s++) {
        assertThat(called[s]).as("%s sample %d called", row, s).isEqualTo((byte) truth[s][0]);
        assertThat(copies[s]).as("%s sample %d copies", row, s).isEqualTo((byte) truth[s][1]);
        assertThat(row.called(s)).isEqualTo(truth[s][0]);
        assertThat(row.altCopies(s)).isEqualTo(truth[s][1]);
        assertThat(carried[s]).as("%s sample %d carried", row, s).isEqualTo(truth[s][1]);
        assertThat(calledByDelta[s]).isEqualTo(truth[s][0]);
      }
      assertThat(row.multiAllelic()).isEqualTo(!row.alt().equals("T"));
      rows[0]++;
      return true;
    });
    assertThat(rows[0]).isEqualTo(expected.size());
  }

  /** A random engine on contig "1"; fills {@code expected}: per row key (pos:ALT), per sample {called, copies}. */
  static GenotypeQueries randomEngine(SetEncoding encoding, int cohort, Map<String, int[][]> expected) {
    Random rnd = new Random(cohort);
    List<String> names = new ArrayList<>();
    for (int s = 0; s < cohort; s++) {
      names.add("s" + s);
    }
    GenotypeIndexBuilder b = new GenotypeIndexBuilder(names, encoding);
    int pos = 0;
    for (int site = 0; site < 400; site++) {
      pos += 1 + rnd.nextInt(50);
      int alts = rnd.nextInt(10) == 0 ? 2 : 1;
      List<String> altList = alts == 2 ? List.of("C", "G") : List.of("T");
      b.startSite("1", pos, pos, "v" + site, "A", altList);
      int[][][] truth = new int[alts + 1][cohort][2];
      boolean haploidSite = rnd.nextInt(8) == 0;
      double common = rnd.nextDouble();
      for (int s = 0; s < cohort; s++) {
        int ploidy = haploidSite ? (rnd.nextInt(10) == 0 ? 2 : 1) : rnd.nextInt(50) == 0 ? 3 : rnd.nextInt(20) == 0 ? 1 : 2;
        int[] alleles = new int[ploidy];
        boolean any = false;
        for (int k = 0; k < ploidy; k++) {
          double u = rnd.nextDouble();
          alleles[k] = u < 0.03 ? GenotypeIndexBuilder.MISSING : u < common ? 1 + rnd.nextInt(alts) : 0;
          any |= alleles[k] != 0;
        }
        for (int a = 1; a <= alts; a++) {
          for (int x : alleles) {
            if (x >= 0) {
              truth[a][s][0]++;
            }
            if (x == a) {
              truth[a][s][1]++;
            }
          }
        }
        if (any || ploidy != 2) {
          b.call(s, alleles, ploidy); // unreported samples are diploid 0/0
        }
      }
      b.endSite();
      for (int a = 1; a <= alts; a++) {
        expected.put(pos + ":" + altList.get(a - 1), truth[a]);
      }
    }
    return b.build();
  }

  @ParameterizedTest
  @CsvSource({"COMPACT, 37", "COMPACT, 700", "ROARING, 300"})
  void diploidCallBitsAreTheBiallelicRowsCallsSampleMajor(SetEncoding encoding, int cohort) {
    Map<String, int[][]> expected = new HashMap<>();
    CallReader reader = (CallReader) randomEngine(encoding, cohort, expected);
    // overlapping and split segments, and a contig the engine lacks: each row counts once, in row order
    List<Segment> segments = List.of(new Segment("1", 1, 5000), new Segment("1", 4000, Integer.MAX_VALUE),
        new Segment("2", 1, 100), new Segment("1", 10, 20));
    List<int[][]> rows = new ArrayList<>();
    reader.forEachRow(segments, row -> {
      if (!row.multiAllelic()) {
        rows.add(expected.get(row.pos() + ":" + row.alt()));
      }
      return true;
    });
    assertThat(rows).hasSizeGreaterThan(300);
    // two samples (each probed), twenty (rows filled for the chosen), then some again (kept) with new ones
    int[][] asks = {{5, 2}, java.util.stream.IntStream.range(0, 20).map(i -> (i * 7) % cohort).toArray(),
        {2, cohort - 1, 5}};
    Map<Integer, SampleCallBits> seen = new HashMap<>();
    for (int[] samples : asks) {
      List<SampleCallBits> bits = reader.diploidCalls(segments, samples).orElseThrow();
      assertThat(bits).hasSize(samples.length);
      for (int i = 0; i < samples.length; i++) {
        int s = samples[i];
        SampleCallBits b = bits.get(i);
        assertThat(b.rows()).isEqualTo(rows.size());
        for (int r = 0; r < rows.size(); r++) {
          int[] call = rows.get(r)[s];
          boolean diploid = call[0] == 2;
          assertThat(bit(b.called(), r)).as("sample %d row %d called", s, r).isEqualTo(diploid);
          assertThat(bit(b.het(), r)).as("sample %d row %d het", s, r).isEqualTo(diploid && call[1] == 1);
          assertThat(bit(b.hom(), r)).as("sample %d row %d hom", s, r).isEqualTo(diploid && call[1] == 2);
        }
        assertThat(b.called().length).isEqualTo((rows.size() + 63) / 64);
        if (seen.containsKey(s)) {
          assertThat(b).as("sample %d asked again", s).isSameAs(seen.get(s));
        }
        seen.put(s, b);
      }
    }
  }

  private static boolean bit(long[] words, int i) {
    return (words[i >>> 6] & (1L << i)) != 0;
  }
}
