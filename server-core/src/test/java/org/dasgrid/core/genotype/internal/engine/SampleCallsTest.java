package org.dasgrid.core.genotype.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.dasgrid.core.genotype.BadIndexException;
import org.dasgrid.core.genotype.GenotypeIndexBuilder;
import org.dasgrid.core.genotype.GenotypeIndexFile;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.IndexedReference;
import org.dasgrid.core.genotype.SampleCallBits;
import org.dasgrid.core.genotype.SourceIdentity;
import org.dasgrid.core.genotype.cohort.Kinship;
import org.dasgrid.core.segment.Segment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An index's sample-major calls ({@code index --sample-calls}): the same index with and without them answers
 * KING (pair, trio, all pairs) with the same doubles, whole or restricted to segments, written from a heap
 * engine or streamed, on a family-like cohort with missing and partial calls, haploid male chrX, triploid
 * calls, multi-allelic sites and long deletions; the samples' bits read the same calls in the same order; a
 * corrupt section is refused.
 */
class SampleCallsTest {
  private static final SourceIdentity VCF = new SourceIdentity(99, 1_700_000_000_000L, "a", "b", "c");
  private static final List<IndexedReference> REFS = List.of(new IndexedReference("chr1", true, 0, 0),
      new IndexedReference("chr2", true, 0, 0), new IndexedReference("chrX", true, 0, 0));
  private static final String[] CONTIGS = {"chr1", "chr2", "chrX"};

  @TempDir Path dir;

  /** One site as fed: contig, pos, end, alts, per sample its alleles. */
  private record Site(String contig, int pos, int end, List<String> alts, int[][] calls) {}

  /**
   * Parents, children made from them (so that kinship has signal), unrelated samples; males haploid on chrX;
   * about 3% missing alleles, some partial and triploid calls, every tenth site multi-allelic, some long
   * deletions (rows that overlap a segment from before its start). 70,000+ rows on chr1: two Roaring containers.
   */
  private static List<Site> cohort(int samples, long seed) {
    Random rnd = new Random(seed);
    List<Site> sites = new ArrayList<>();
    int[] sizes = {70_000, 6_000, 4_000};
    for (int k = 0; k < CONTIGS.length; k++) {
      int pos = 0;
      boolean x = CONTIGS[k].equals("chrX");
      for (int i = 0; i < sizes[k]; i++) {
        pos += 1 + rnd.nextInt(30);
        List<String> alts = rnd.nextInt(10) == 0 ? List.of("C", "G") : List.of("T");
        int end = rnd.nextInt(50) == 0 ? pos + 200 + rnd.nextInt(2000) : pos;
        double p = 0.05 + 0.9 * rnd.nextDouble();
        int[][] calls = new int[samples][];
        for (int s = 0; s < samples; s++) {
          boolean male = s % 2 == 1;
          int ploidy = x && male ? 1 : rnd.nextInt(400) == 0 ? 3 : 2;
          int[] a = new int[ploidy];
          int family = s % 6; // 0, 1 parents; 2, 3 children of 0 and 1; 4, 5 unrelated
          for (int j = 0; j < ploidy; j++) {
            double u = rnd.nextDouble();
            if (family >= 2 && family <= 3 && s >= 2 && j < 2 && calls[s - family + j] != null
                && calls[s - family + j].length > 0) {
              int[] parent = calls[s - family + j];
              a[j] = parent[rnd.nextInt(parent.length)];
            } else {
              a[j] = u < p ? 1 + rnd.nextInt(alts.size()) : 0;
            }
            if (rnd.nextInt(33) == 0) {
              a[j] = GenotypeIndexBuilder.MISSING;
            }
          }
          calls[s] = a;
        }
        sites.add(new Site(CONTIGS[k], pos, end, alts, calls));
      }
    }
    return sites;
  }

  private static void feed(GenotypeIndexBuilder b, List<Site> sites) {
    int n = 0;
    for (Site site : sites) {
      b.startSite(site.contig(), site.pos(), site.end(), "v" + n++, "A", site.alts());
      for (int s = 0; s < site.calls().length; s++) {
        int[] a = site.calls()[s];
        boolean ref = a.length == 2 && a[0] == 0 && a[1] == 0;
        if (!ref) {
          b.call(s, a, a.length);
        }
      }
      b.endSite();
    }
  }

  private static List<String> names(int n) {
    return IntStream.range(0, n).mapToObj(i -> "S" + i).toList();
  }

  private GenotypeIndex open(Path file) throws Exception {
    return (GenotypeIndex) GenotypeIndexFile.open(file, name -> true, VCF).genotypes();
  }

  @ParameterizedTest
  @ValueSource(ints = {36, 300})
  void kingWithTheSectionEqualsKingWithoutIt(int cohort) throws Exception {
    List<Site> sites = cohort(cohort, cohort);
    GenotypeIndexBuilder heapBuilder = new GenotypeIndexBuilder(names(cohort));
    feed(heapBuilder, sites);
    GenotypeQueries heap = heapBuilder.build();
    Path plain = dir.resolve("plain.dgi");
    Path with = dir.resolve("with.dgi");
    Path streamed = dir.resolve("streamed.dgi");
    GenotypeIndexFile.write(heap, REFS, VCF, plain);
    GenotypeIndexFile.write(heap, REFS, VCF, with, true);
    try (GenotypeIndexFile.Build build = GenotypeIndexFile.build(streamed, names(cohort), true)) {
      feed(build.genotypes(), sites);
      build.finish(REFS, VCF);
    }
    assertThat(Files.size(with)).isGreaterThan(Files.size(plain));
    GenotypeIndex without = open(plain);
    List<GenotypeIndex> sectioned = List.of(open(with), open(streamed));
    assertThat(without.hasSampleCalls()).isFalse();
    int[] everyone = IntStream.range(0, cohort).toArray();
    List<int[]> asks = List.of(new int[] {0, 2}, new int[] {0, 1, 2}, new int[] {5, 4, 3}, everyone,
        new int[] {cohort - 1, 7});
    List<List<Segment>> segmentSets = List.of(
        List.of(new Segment("chr1", 1, Integer.MAX_VALUE), new Segment("chr2", 1, Integer.MAX_VALUE),
            new Segment("chrX", 1, Integer.MAX_VALUE)),
        List.of(new Segment("chr1", 5_000, 90_000), new Segment("chr1", 400_000, 1_200_000),
            new Segment("chr2", 1, 30_000), new Segment("chr1", 80_000, 100_000), new Segment("chrZ", 1, 100)),
        List.of(new Segment("chr2", 60_000, 60_500)),
        List.of(new Segment("chrX", 1, Integer.MAX_VALUE), new Segment("chr1", 10, 20)));
    for (GenotypeIndex index : sectioned) {
      assertThat(index.hasSampleCalls()).isTrue();
      for (List<Segment> segments : segmentSets) {
        for (int[] samples : asks) {
          List<Kinship.Pair> want = Kinship.pairs(without, without, segments, samples);
          assertThat(Kinship.pairs(index, index, segments, samples)).as("%s %s", segments, Arrays.toString(samples))
              .isEqualTo(want);
          assertSameCalls(without.diploidCalls(segments, samples).orElseThrow(),
              index.diploidCalls(segments, samples).orElseThrow());
        }
      }
      // something was compared: (males are never called on chrX: a pair of them may share no call on a segment)
      assertThat(states(index.diploidCalls(segmentSets.get(0), new int[] {1, 3}).orElseThrow())).hasSizeGreaterThan(50_000);
      // KING of the whole cohort has related pairs near 1/4 and many rows
      Kinship.Pair sibs = Kinship.pairs(index, index, segmentSets.get(0), new int[] {2, 3}).get(0);
      assertThat(sibs.variants()).isGreaterThan(50_000);
      assertThat(sibs.kinship()).isBetween(0.1, 0.4);
    }
  }

  /**
   * The same calls in the same order: over the bits where any sample is called, the tuples of the samples'
   * states (not called, hom-ref, het, hom-alt) read one way equal those read the other (gaps read as not called).
   */
  private static void assertSameCalls(List<SampleCallBits> want, List<SampleCallBits> got) {
    assertThat(states(got)).isEqualTo(states(want));
  }

  private static List<String> states(List<SampleCallBits> bits) {
    List<String> out = new ArrayList<>();
    int words = bits.get(0).called().length;
    for (int w = 0; w < words; w++) {
      long any = 0;
      for (SampleCallBits b : bits) {
        assertThat(b.called().length).isEqualTo(words);
        // het and hom only where called
        assertThat(b.het()[w] & ~b.called()[w]).isZero();
        assertThat(b.hom()[w] & ~b.called()[w]).isZero();
        any |= b.called()[w];
      }
      for (long m = any; m != 0; m &= m - 1) {
        long bit = m & -m;
        StringBuilder t = new StringBuilder();
        for (SampleCallBits b : bits) {
          t.append((b.called()[w] & bit) == 0 ? '.' : (b.het()[w] & bit) != 0 ? '1'
              : (b.hom()[w] & bit) != 0 ? '2' : '0');
        }
        out.add(t.toString());
      }
    }
    return out;
  }

  @Test
  void refusesACorruptSection() throws Exception {
    List<Site> sites = cohort(12, 3);
    GenotypeIndexBuilder b = new GenotypeIndexBuilder(names(12));
    feed(b, sites);
    Path file = dir.resolve("with.dgi");
    GenotypeIndexFile.write(b.build(), REFS, VCF, file, true);
    byte[] good = Files.readAllBytes(file);
    ByteBuffer h = ByteBuffer.wrap(good).order(ByteOrder.LITTLE_ENDIAN);
    JsonNode catalog = new ObjectMapper().readTree(new String(good, (int) h.getLong(24), (int) h.getLong(32),
        StandardCharsets.UTF_8));
    JsonNode chr2 = catalog.get("contigs").get(1).get("sections");
    for (String name : List.of("sampleCalls", "sampleCallsDirectory")) {
      byte[] bad = good.clone();
      int at = (int) chr2.get(name).get(0).asLong();
      bad[at + 5] ^= 0x04;
      Files.write(file, bad);
      assertThatThrownBy(() -> open(file)).as(name).isInstanceOf(BadIndexException.class)
          .hasMessageContaining(file.getFileName().toString())
          .hasMessageContaining("corrupt: checksum mismatch in contig chr2 section " + name);
    }
  }

  @Test
  void setRangeSetsExactlyTheRange() {
    Random rnd = new Random(5);
    for (int t = 0; t < 2_000; t++) {
      int from = rnd.nextInt(300);
      int to = from + rnd.nextInt(300 - from + 1);
      long[] words = new long[5];
      SampleCallsReader.setRange(words, from, to);
      for (int i = 0; i < 320; i++) {
        assertThat((words[i >>> 6] & (1L << i)) != 0).as("%d in [%d, %d)", i, from, to)
            .isEqualTo(i >= from && i < to);
      }
    }
  }
}
