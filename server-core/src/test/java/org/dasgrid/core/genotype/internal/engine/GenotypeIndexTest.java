package org.dasgrid.core.genotype.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dasgrid.core.genotype.RandomCohorts.expectedRow;
import static org.dasgrid.core.genotype.RandomCohorts.het;
import static org.dasgrid.core.genotype.RandomCohorts.hom;
import static org.dasgrid.core.genotype.RandomCohorts.matches;
import static org.dasgrid.core.genotype.RandomCohorts.randomCohort;
import static org.dasgrid.core.genotype.RandomCohorts.rowsIn;
import static org.dasgrid.core.genotype.RandomCohorts.sexedCohort;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Random;
import java.util.stream.IntStream;
import org.dasgrid.core.genotype.CountAnswer;
import org.dasgrid.core.genotype.GenotypeIndexBuilder;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.GenotypeQuery;
import org.dasgrid.core.genotype.GenotypeStats;
import org.dasgrid.core.genotype.RandomCohorts.Cohort;
import org.dasgrid.core.genotype.RandomCohorts.Row;
import org.dasgrid.core.genotype.RandomCohorts.Site;
import org.dasgrid.core.genotype.SampleAnswer;
import org.dasgrid.core.genotype.SampleRow;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.SetEncoding;
import org.dasgrid.core.genotype.TextRules;
import org.dasgrid.core.genotype.VariantAnswer;
import org.dasgrid.core.genotype.VariantRow;
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.genotype.internal.sets.SampleSets;
import org.dasgrid.core.genotype.internal.store.ContigRows;
import org.dasgrid.core.segment.Segment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The engine against a brute-force oracle that applies the contract's rules to every call of every site, on
 * random cohorts with multi-allelic, missing, partial, haploid, polyploid, long and unsorted sites.
 */
class GenotypeIndexTest {

  @ParameterizedTest
  @CsvSource({"1,1,150,COMPACT", "2,5,400,COMPACT", "3,64,600,COMPACT", "4,130,800,COMPACT",
      "5,700,300,COMPACT", "6,130,800,ROARING", "7,70,500,ROARING", "8,40,4000,COMPACT",
      "9,30,40000,COMPACT"}) // the last: 10,000 rows a contig, so superblocks of counts
  void answersLikeABruteForceOracle(long seed, int samples, int sites, SetEncoding encoding) {
    assertAnswersLikeTheOracle(randomCohort(seed, samples, sites, encoding), seed);
  }

  @Test
  void setsCloseToAnEarlierSetOfTheirContigArePatchesAndAnswerLikeTheOracle() {
    Cohort c = sexedCohort(41, 600, 1_500);
    SampleSets sets = ((GenotypeIndex) c.engine).store().sets();
    // chrX's haploid males and chrY's females and males, each row less its few missing calls
    assertThat(sets.patchPages()).isNotEmpty();
    assertThat(sets.patchPages()[0].length()).isGreaterThan(4 * 500);
    assertAnswersLikeTheOracle(c, 41);
  }

  private static void assertAnswersLikeTheOracle(Cohort c, long seed) {
    int samples = c.samples.size();
    Random rnd = new Random(seed * 7);
    assertThat(c.engine.contigs()).containsExactlyElementsOf(c.contigOrder);
    for (int q = 0; q < 250; q++) {
      List<Segment> segments = new ArrayList<>();
      int n = 1 + rnd.nextInt(3);
      for (int k = 0; k < n; k++) {
        String ref = rnd.nextInt(20) == 0 ? "unknown" : c.contigOrder.get(rnd.nextInt(c.contigOrder.size()));
        int start = 1 + rnd.nextInt(21_000);
        int len = rnd.nextInt(4) == 0 ? rnd.nextInt(20_000) : rnd.nextInt(500);
        segments.add(new Segment(ref, start, start + len));
      }
      Zygosity z = Zygosity.values()[rnd.nextInt(3)];
      int[] chosen;
      SampleSelection sel;
      if (rnd.nextInt(3) == 0) {
        chosen = IntStream.range(0, samples).toArray();
        sel = c.engine.allSamples();
      } else {
        int size = 1 + rnd.nextInt(rnd.nextBoolean() ? Math.min(3, samples) : samples);
        chosen = rnd.ints(size, 0, samples).distinct().sorted().toArray();
        sel = c.engine.select(chosen);
      }
      OptionalInt limit = rnd.nextInt(3) == 0 ? OptionalInt.of(rnd.nextInt(25)) : OptionalInt.empty();
      GenotypeQuery query = new GenotypeQuery(segments, z, sel, limit);

      List<Row> rows = rowsIn(c, segments);
      List<VariantRow> expected = new ArrayList<>();
      for (Row r : rows) {
        VariantRow v = expectedRow(r, chosen);
        if (matches(v, chosen, r, z)) {
          expected.add(v);
        }
      }
      VariantAnswer got = c.engine.variants(query);
      List<VariantRow> actual = IntStream.range(0, got.size()).mapToObj(got::get).toList();
      List<VariantRow> capped = expected.subList(0, Math.min(expected.size(), query.limitOrMax()));
      assertThat(actual).as("query %d: %s %s %s", q, segments, z, limit).containsExactlyElementsOf(capped);

      Map<Integer, int[]> tally = new LinkedHashMap<>();
      for (int s : chosen) {
        int[] t = new int[2];
        for (Row r : rows) {
          t[0] += het(r.site().calls()[s], r.allele()) ? 1 : 0;
          t[1] += hom(r.site().calls()[s], r.allele()) ? 1 : 0;
        }
        if (z.includesHet() && t[0] > 0 || z.includesHom() && t[1] > 0) {
          tally.put(s, t);
        }
      }
      List<SampleRow> expectedSamples = tally.entrySet().stream()
          .map(e -> new SampleRow("S" + e.getKey(), e.getValue()[0], e.getValue()[1])).toList();
      SampleAnswer carriers = c.engine.carriers(query);
      assertThat(IntStream.range(0, carriers.size()).mapToObj(carriers::get).toList())
          .containsExactlyElementsOf(expectedSamples.subList(0, Math.min(expectedSamples.size(), query.limitOrMax())));

      CountAnswer count = c.engine.count(query);
      assertThat(count).isEqualTo(new CountAnswer(expected.size(),
          expected.stream().mapToLong(VariantRow::het).sum(), expected.stream().mapToLong(VariantRow::hom).sum(),
          expectedSamples.size()));
    }
  }

  @Test
  void statsCountSitesRowsAndCalls() {
    Cohort c = randomCohort(11, 50, 200, SetEncoding.COMPACT);
    GenotypeStats stats = c.engine.stats();
    assertThat(stats.sites()).isEqualTo(200);
    long rows = c.sites.stream().mapToLong(s -> s.alts().size()).sum();
    assertThat(stats.variants()).isEqualTo(rows);
    long calls = 0;
    for (Site s : c.sites) {
      for (int a = 1; a <= s.alts().size(); a++) {
        for (int[] call : s.calls()) {
          calls += het(call, a) || hom(call, a) ? 1 : 0;
        }
      }
    }
    assertThat(stats.nonRefCalls()).isEqualTo(calls);
    assertThat(stats.heapBytes()).isPositive();
  }

  @Test
  void aLongDeletionIsFoundFromEitherSideAndOnce() {
    GenotypeIndexBuilder b = new GenotypeIndexBuilder(List.of("a", "b"));
    b.startSite("1", 100, 50_000, "del", "N", List.of("<DEL>"));
    b.diploid(0, 0, 1);
    b.endSite();
    b.startSite("1", 30_000, 30_000, "snv", "A", List.of("G"));
    b.diploid(1, 1, 1);
    b.endSite();
    GenotypeQueries e = b.build();
    GenotypeQuery q = new GenotypeQuery(
        List.of(new Segment("1", 40_000, 40_010), new Segment("1", 29_000, 30_000), new Segment("1", 45_000, 45_000)),
        Zygosity.ANY, e.allSamples(), OptionalInt.empty());
    VariantAnswer a = e.variants(q);
    assertThat(IntStream.range(0, a.size()).mapToObj(i -> a.get(i).id().orElse("")).toList())
        .containsExactly("del", "snv");
  }

  /** The per-row bits a whole-cohort scan skips by agree with the rows' sets, across word boundaries. */
  @Test
  void theCarriedBitsAgreeWithTheSets() {
    Random rnd = new Random(41);
    GenotypeIndexBuilder b = new GenotypeIndexBuilder(List.of("a", "b", "c"));
    for (int pos = 1; pos <= 1_000; pos++) {
      b.startSite("1", pos, pos, ".", "A", List.of("G"));
      int kind = rnd.nextInt(6); // mostly nobody carries it: runs of empty words
      if (kind == 1) {
        b.diploid(rnd.nextInt(3), 0, 1);
      } else if (kind == 2) {
        b.diploid(rnd.nextInt(3), 1, 1);
      }
      b.endSite();
    }
    ContigRows c = ((GenotypeIndex) b.build()).store().contig(0);
    for (int k = 0; k < 2_000; k++) {
      int from = rnd.nextInt(c.size + 1);
      int to = from + rnd.nextInt(c.size + 1 - from);
      boolean het = rnd.nextBoolean();
      boolean hom = !het || rnd.nextBoolean();
      int expectedCount = 0;
      int expectedNext = to;
      for (int r = to - 1; r >= from; r--) {
        if (het && c.hetSet(r) != SampleSets.EMPTY || hom && c.homSet(r) != SampleSets.EMPTY) {
          expectedCount++;
          expectedNext = r;
        }
      }
      assertThat(c.carried().countCarried(from, to, het, hom)).as("count [%d, %d)", from, to).isEqualTo(expectedCount);
      assertThat(c.carried().nextCarried(from, to, het, hom)).as("next [%d, %d)", from, to).isEqualTo(expectedNext);
    }
  }

  /**
   * A contig whose rows share one ploidy answers it without reading a row's (the scan's shortcut); one whose
   * rows differ (chrX: haploid and diploid sites) still answers each row's own.
   */
  @Test
  void eachRowKeepsItsPloidyWhetherTheContigsRowsShareOneOrNot() {
    GenotypeIndexBuilder b = new GenotypeIndexBuilder(List.of("a", "b"));
    for (int pos = 1; pos <= 3; pos++) {
      b.startSite("1", pos, pos, ".", "A", List.of("G"));
      b.diploid(0, 0, 1);
      b.diploid(1, 1, 1);
      b.endSite();
    }
    int[] xPloidy = {1, 2, 1, 2, 2};
    for (int pos = 1; pos <= xPloidy.length; pos++) {
      b.startSite("X", pos, pos, ".", "A", List.of("G"));
      for (int s = 0; s < 2; s++) {
        if (xPloidy[pos - 1] == 1) {
          b.haploid(s, 1);
        } else {
          b.diploid(s, 0, 1);
        }
      }
      b.endSite();
    }
    GenotypeIndex g = (GenotypeIndex) b.build();
    ContigRows autosome = g.store().contig(g.contigNumber("1"));
    for (int r = 0; r < autosome.size; r++) {
      assertThat(autosome.ploidy(r)).as("row %d of 1", r).isEqualTo(2);
    }
    ContigRows x = g.store().contig(g.contigNumber("X"));
    for (int r = 0; r < x.size; r++) {
      assertThat(x.ploidy(r)).as("row %d of X", r).isEqualTo(xPloidy[r]);
    }
  }

  /** The cursor's part ends come from lengths stored at load, up to 254 bytes, and from the tabs beyond. */
  @Test
  void theCursorFindsWhereIdAndRefEndAtEveryLength() {
    GenotypeIndexBuilder b = new GenotypeIndexBuilder(List.of("a", "b"));
    int[] lengths = {1, 2, 253, 254, 255, 256, 1_000};
    int pos = 1;
    for (int idLength : lengths) {
      for (int refLength : lengths) {
        b.startSite("1", pos, pos + refLength - 1, "r".repeat(idLength), "A".repeat(refLength), List.of("G", "TT"));
        b.diploid(0, 1, 2);
        b.endSite();
        pos += 2_000;
      }
    }
    b.startSite("1", pos, pos, ".", "C", List.of("G")); // no ID: "." is stored
    b.diploid(1, 0, 1);
    b.endSite();
    GenotypeQueries e = b.build();
    VariantAnswer a = e.variants(new GenotypeQuery(List.of(new Segment("1", 1, Integer.MAX_VALUE)), Zygosity.ANY,
        e.allSamples(), OptionalInt.empty()));
    assertThat(a.size()).isEqualTo(2 * lengths.length * lengths.length + 1);
    VariantAnswer.Cursor v = a.cursor();
    VariantAnswer.Cursor scanning = VariantAnswer.of(IntStream.range(0, a.size()).mapToObj(a::get).toList()).cursor();
    int rows = 0;
    while (v.next()) {
      assertThat(scanning.next()).isTrue();
      VariantRow row = a.get(rows++);
      int idEnd = v.idEnd();
      int refEnd = v.refEnd(idEnd);
      assertThat(new String(v.text(), v.textStart(), idEnd - v.textStart(), StandardCharsets.UTF_8))
          .isEqualTo(row.id().orElse("."));
      assertThat(new String(v.text(), idEnd + 1, refEnd - idEnd - 1, StandardCharsets.UTF_8)).isEqualTo(row.ref());
      assertThat(new String(v.text(), refEnd + 1, v.textEnd() - refEnd - 1, StandardCharsets.UTF_8))
          .isEqualTo(row.alt());
      // the cursor of the same row made into a VariantRow (a cluster's answers) agrees
      int scannedId = scanning.idEnd();
      assertThat(scannedId - scanning.textStart()).isEqualTo(idEnd - v.textStart());
      assertThat(scanning.refEnd(scannedId) - scannedId).isEqualTo(refEnd - idEnd);
    }
    assertThat(rows).isEqualTo(a.size());
  }

  /**
   * A row is vouched plain only when every byte of its text is printable ASCII that writers leave as it is and
   * its part lengths are stored; its text's array then holds the slack an eight-byte copy reads past its end.
   */
  @Test
  void theCursorVouchesForPlainTextOnlyAndLeavesSlackAfterIt() {
    GenotypeIndexBuilder b = new GenotypeIndexBuilder(List.of("a"));
    String[][] rows = {{"rs1", "A", "G"}, {".", "ACGT", "<DEL>"}, {"id\"q", "C", "T"}, {"x\\y", "C", "T"},
        {"rs&2", "C", "T"}, {"it's", "C", "T"}, {"caf\u00e9", "C", "T"}, {"tab\u0001", "C", "T"},
        {"a b;c:d", "N", "*"}, {".", "C", "A".repeat(300)}, {"r".repeat(255), "C", "T"}, {"rs9", "C", "T]chr2:5]"}};
    // plain JSON: < > & ' are written as they are, " and \ are escaped
    boolean[] plain = {true, true, false, false, true, true, false, false, true, true, false, true};
    for (int i = 0; i < rows.length; i++) {
      b.startSite("1", 10 * (i + 1), 10 * (i + 1), rows[i][0], rows[i][1], List.of(rows[i][2]));
      b.diploid(0, 0, 1);
      b.endSite();
    }
    GenotypeQueries e = b.build();
    VariantAnswer a = e.variants(new GenotypeQuery(List.of(new Segment("1", 1, 1_000)), Zygosity.ANY,
        e.allSamples(), OptionalInt.empty()));
    VariantAnswer.Cursor v = a.cursor();
    // the cursor of the same rows made into VariantRows (a cluster's answers) checks them the same way, but
    // keeps the long ID's length
    VariantAnswer.Cursor merged = VariantAnswer.of(IntStream.range(0, a.size()).mapToObj(a::get).toList()).cursor();
    for (int i = 0; i < rows.length; i++) {
      assertThat(v.next()).isTrue();
      assertThat(merged.next()).isTrue();
      assertThat(a.get(i).id().orElse(".")).isEqualTo(rows[i][0]);
      assertThat(v.precomputed().plainText()).as("row %s", String.join(" ", rows[i])).isEqualTo(plain[i]);
      boolean longId = rows[i][0].length() >= 255;
      assertThat(merged.precomputed().plainText()).as("row %s", String.join(" ", rows[i]))
          .isEqualTo(plain[i] || longId);
      for (VariantAnswer.Cursor c : List.of(v, merged)) {
        if (c.precomputed().plainText()) {
          assertThat(c.text().length - c.textEnd()).isGreaterThanOrEqualTo(TextRules.installed().slack());
        }
      }
    }
    assertThat(v.next()).isFalse();
    assertThat(merged.next()).isFalse();
  }

  @Test
  void countsOverTheWholeCohortEvenWhenASiteMissesMoreAllelesThanItsPrecomputedCountsHold() {
    int n = 20_000; // 40,000 missing alleles: an AN correction beyond 16 bits
    GenotypeIndexBuilder b = new GenotypeIndexBuilder(IntStream.range(0, n).mapToObj(i -> "s" + i).toList());
    for (int pos : new int[] {10, 20}) {
      b.startSite("1", pos, pos, ".", "A", List.of("G"));
      b.diploid(0, 0, 1);
      b.diploid(1, 1, 1);
      b.diploid(2, GenotypeIndexBuilder.MISSING, 1);
      for (int s = 3; s < (pos == 10 ? n : 10); s++) {
        b.diploid(s, GenotypeIndexBuilder.MISSING, GenotypeIndexBuilder.MISSING);
      }
      b.endSite();
    }
    GenotypeQueries e = b.build();
    VariantAnswer a = e.variants(new GenotypeQuery(List.of(new Segment("1", 1, 100)), Zygosity.ANY, e.allSamples(),
        OptionalInt.empty()));
    assertThat(IntStream.range(0, a.size()).mapToObj(a::get).toList()).containsExactly(
        new VariantRow("1", 10, "A", "G", Optional.empty(), 1, 1, 4, 2 * 3 - 1),
        new VariantRow("1", 20, "A", "G", Optional.empty(), 1, 1, 4, 2 * n - 1 - 2 * 7));
    assertThat(e.count(new GenotypeQuery(List.of(new Segment("1", 1, 100)), Zygosity.HOM, e.allSamples(),
        OptionalInt.empty()))).isEqualTo(new CountAnswer(2, 2, 2, 1));
  }
}
