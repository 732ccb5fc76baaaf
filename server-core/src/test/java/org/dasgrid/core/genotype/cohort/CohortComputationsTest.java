package org.dasgrid.core.genotype.cohort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.GenotypeIndexBuilder;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.segment.Segment;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The cohort computations against brute-force oracles over the genotype matrix the engine was built from: a
 * random cohort of two families (a trio with an affected child, a quad) and unrelated samples, diploid
 * biallelic calls with no-calls on contig "1", in gene regions of a few rows each.
 */
class CohortComputationsTest {
  static final int ROWS = 20_000; // more than one block of the kinship counts
  static final List<String> NAMES = List.of("dad", "mum", "kid", "q_dad", "q_mum", "q_kid1", "q_kid2", "u1", "u2",
      "u3", "u4", "u5");
  /** g[row][sample]: ALT copies, -1 for a no-call. */
  static int[][] g;
  static int[] pos;
  static GenotypeQueries engine;
  static CallReader reader;
  static SampleSheet sheet;

  @BeforeAll
  static void build() throws Exception {
    Random rnd = new Random(11);
    int n = NAMES.size();
    g = new int[ROWS][n];
    pos = new int[ROWS];
    GenotypeIndexBuilder b = new GenotypeIndexBuilder(NAMES);
    for (int r = 0; r < ROWS; r++) {
      pos[r] = 1000 + 10 * r;
      double p = rnd.nextDouble() < 0.5 ? 0.02 : 0.3;
      for (int s = 0; s < n; s++) {
        g[r][s] = (rnd.nextDouble() < p ? 1 : 0) + (rnd.nextDouble() < p ? 1 : 0);
      }
      // children from parents (with occasional errors, so every pattern shows up)
      int[][] fam = {{0, 1, 2}, {3, 4, 5}, {3, 4, 6}};
      for (int[] t : fam) {
        g[r][t[2]] = transmit(rnd, g[r][t[0]]) + transmit(rnd, g[r][t[1]]);
        if (rnd.nextDouble() < 0.01) {
          g[r][t[2]] = rnd.nextInt(3);
        }
      }
      for (int s = 0; s < n; s++) {
        if (rnd.nextDouble() < 0.01) {
          g[r][s] = -1;
        }
      }
      b.startSite("1", pos[r], pos[r], "r" + r, "A", List.of("G"));
      for (int s = 0; s < n; s++) {
        int c = g[r][s];
        if (c != 0) {
          b.diploid(s, c < 0 ? GenotypeIndexBuilder.MISSING : c == 2 ? 1 : 0,
              c < 0 ? GenotypeIndexBuilder.MISSING : 1);
        }
      }
      b.endSite();
    }
    engine = b.build();
    reader = (CallReader) engine;
    sheet = SampleSheetReader.read("s.tsv", new StringReader(String.join("\n",
        "sample\tsex\tphenotype\tfamily\tfather\tmother",
        "dad\tmale\tunaffected\tT\t0\t0", "mum\tfemale\tunaffected\tT\t0\t0", "kid\tfemale\taffected\tT\tdad\tmum",
        "q_dad\tmale\tunaffected\tQ\t0\t0", "q_mum\tfemale\tunaffected\tQ\t0\t0",
        "q_kid1\tmale\taffected\tQ\tq_dad\tq_mum", "q_kid2\tmale\tunaffected\tQ\tq_dad\tq_mum", "")));
  }

  static int transmit(Random rnd, int copies) {
    return copies == 2 ? 1 : copies == 1 ? rnd.nextInt(2) : 0;
  }

  static List<Segment> all() {
    return List.of(new Segment("1", 1, Integer.MAX_VALUE));
  }

  static int idx(String name) {
    return NAMES.indexOf(name);
  }

  @Test
  void deNovoIsChildCarriesBothParentsHomRefAllCalled() {
    Inheritance.Result r = Inheritance.run(engine, reader, sheet, "Q", Inheritance.Mode.DENOVO,
        List.of(new Inheritance.Region("1", all().get(0))), Integer.MAX_VALUE);
    Set<String> expected = new HashSet<>();
    for (int row = 0; row < ROWS; row++) {
      for (String kid : List.of("q_kid1", "q_kid2")) {
        if (g[row][idx(kid)] > 0 && g[row][idx("q_dad")] == 0 && g[row][idx("q_mum")] == 0) {
          expected.add(kid + "@" + pos[row]);
        }
      }
    }
    assertThat(expected).hasSizeGreaterThan(10);
    assertThat(r.hits()).extracting(h -> h.child().orElseThrow() + "@" + h.pos()).containsExactlyInAnyOrderElementsOf(expected);
    assertThat(r.hits().get(0).genotypes()).containsOnlyKeys("q_dad", "q_mum", "q_kid1", "q_kid2");
  }

  @Test
  void dominantAndRecessiveFollowTheAffectedAndUnaffectedMembers() {
    for (Inheritance.Mode mode : List.of(Inheritance.Mode.DOMINANT, Inheritance.Mode.RECESSIVE)) {
      Inheritance.Result r = Inheritance.run(engine, reader, sheet, "T", mode,
          List.of(new Inheritance.Region("1", all().get(0))), Integer.MAX_VALUE);
      Set<Integer> expected = new HashSet<>();
      for (int row = 0; row < ROWS; row++) {
        int d = g[row][idx("dad")];
        int m = g[row][idx("mum")];
        int k = g[row][idx("kid")];
        boolean fits = mode == Inheritance.Mode.DOMINANT ? k == 1 && d == 0 && m == 0 : k == 2 && d == 1 && m == 1;
        if (fits) {
          expected.add(pos[row]);
        }
      }
      assertThat(expected).as(mode.label()).hasSizeGreaterThan(5);
      assertThat(r.hits()).extracting(Inheritance.Hit::pos).containsExactlyInAnyOrderElementsOf(expected);
    }
  }

  @Test
  void compoundHetMatchesABruteForceOverEveryGeneRegion() {
    // gene regions of 8 rows each (some overlapping nothing)
    List<Inheritance.Region> genes = new ArrayList<>();
    for (int start = 0; start + 8 <= 4000; start += 8) {
      genes.add(new Inheritance.Region("G" + start, new Segment("1", pos[start], pos[start + 7])));
    }
    Inheritance.Result r = Inheritance.run(engine, reader, sheet, "T", Inheritance.Mode.COMPOUND_HET, genes,
        Integer.MAX_VALUE);
    Set<String> expected = new HashSet<>();
    int kid = idx("kid");
    int dad = idx("dad");
    int mum = idx("mum");
    for (int start = 0; start + 8 <= 4000; start += 8) {
      List<String> fromDad = new ArrayList<>();
      List<String> fromMum = new ArrayList<>();
      for (int row = start; row < start + 8; row++) {
        if (g[row][kid] != 1) {
          continue;
        }
        if (g[row][dad] == 1 && g[row][mum] == 0) {
          fromDad.add("G" + start + "@" + pos[row] + "<father");
        } else if (g[row][mum] == 1 && g[row][dad] == 0) {
          fromMum.add("G" + start + "@" + pos[row] + "<mother");
        }
      }
      // every pair of one paternal and one maternal het: each row in such a pair is reported
      for (String a : fromDad) {
        for (String b : fromMum) {
          expected.add(a);
          expected.add(b);
        }
      }
    }
    assertThat(expected).hasSizeGreaterThan(10);
    assertThat(r.hits()).extracting(h -> h.region().orElseThrow() + "@" + h.pos() + "<" + h.origin().orElseThrow())
        .containsExactlyInAnyOrderElementsOf(expected);
    assertThat(r.hits()).allSatisfy(h -> assertThat(h.child()).contains("kid"));
  }

  @Test
  void kinshipIsKingRobustOverRowsBothCalled() {
    int[] samples = new int[NAMES.size()];
    java.util.Arrays.setAll(samples, i -> i);
    List<Kinship.Pair> pairs = Kinship.pairs(engine, reader, all(), samples);
    assertThat(pairs).hasSize(NAMES.size() * (NAMES.size() - 1) / 2);
    for (Kinship.Pair p : pairs) {
      int i = idx(p.a());
      int j = idx(p.b());
      long both = 0;
      long hethet = 0;
      long ibs0 = 0;
      long hetI = 0;
      long hetJ = 0;
      for (int row = 0; row < ROWS; row++) {
        int x = g[row][i];
        int y = g[row][j];
        if (x < 0 || y < 0) {
          continue;
        }
        both++;
        hethet += x == 1 && y == 1 ? 1 : 0;
        ibs0 += Math.abs(x - y) == 2 ? 1 : 0;
        hetI += x == 1 ? 1 : 0;
        hetJ += y == 1 ? 1 : 0;
      }
      double expected = (hethet - 2.0 * ibs0) / (2.0 * Math.min(hetI, hetJ)) + 0.5
          - (hetI + hetJ) / (4.0 * Math.min(hetI, hetJ));
      assertThat(p.variants()).isEqualTo(both);
      assertThat(p.kinship()).as("%s-%s", p.a(), p.b()).isCloseTo(expected, within(1e-12));
      assertThat(p.ibs0()).isCloseTo((double) ibs0 / both, within(1e-12));
      assertThat(p.hethet()).isCloseTo((double) hethet / both, within(1e-12));
    }
    Kinship.Pair parentChild = pairs.stream().filter(p -> p.a().equals("dad") && p.b().equals("kid")).findFirst()
        .orElseThrow();
    assertThat(parentChild.kinship()).isBetween(0.2, 0.3);
  }

  @Test
  void kinshipFromTheEnginesSampleBitsEqualsKinshipReadRowByRow() {
    // a reader without diploidCalls: Kinship gathers the calls itself, a block of rows at a time
    CallReader rowByRow = reader::forEachRow;
    assertThat(rowByRow.diploidCalls(all(), new int[] {0, 1})).isEmpty();
    int[] everyone = new int[NAMES.size()];
    java.util.Arrays.setAll(everyone, i -> i);
    // a pair (each sample probed), the whole cohort (rows filled), a pair again (kept bits), another segment set
    List<int[]> asks = List.of(new int[] {0, 2}, everyone, new int[] {2, 0}, new int[] {3, 5, 9});
    for (int[] samples : asks) {
      assertThat(Kinship.pairs(engine, reader, all(), samples))
          .isEqualTo(Kinship.pairs(engine, rowByRow, all(), samples));
    }
    List<Segment> part = List.of(new Segment("1", 50_000, 120_000), new Segment("X", 1, 1000));
    assertThat(Kinship.pairs(engine, reader, part, new int[] {0, 2}))
        .isEqualTo(Kinship.pairs(engine, rowByRow, part, new int[] {0, 2}))
        .allSatisfy(p -> assertThat(p.variants()).isBetween(1L, 7_001L));
  }

  @Test
  void scoresSumWeightTimesEffectAllelesAndAverageOverCalledAlleles() throws Exception {
    StringBuilder w = new StringBuilder();
    Random rnd = new Random(5);
    Map<Integer, double[]> weights = new java.util.HashMap<>(); // row -> {weight, alt?1:0}
    for (int row = 0; row < ROWS; row += 37) {
      double weight = rnd.nextGaussian();
      boolean alt = rnd.nextBoolean();
      weights.put(row, new double[] {weight, alt ? 1 : 0});
      w.append(row % 2 == 0 ? "r" + row : "1:" + pos[row] + ":A:G").append(' ').append(alt ? "G" : "A").append(' ')
          .append(weight).append('\n');
    }
    w.append("r1 C 1.0\nabsent G 1.0\n");
    int[] samples = {0, 2, 5, 9};
    for (DoseModel model : DoseModel.values()) {
      for (boolean impute : new boolean[] {true, false}) {
        PolygenicScore.Result r = PolygenicScore.run(engine, reader,
            ScoreWeights.read(new StringReader(w.toString()), 100_000), samples, model, impute);
        assertThat(r.matched()).isEqualTo(weights.size());
        assertThat(r.mismatched()).isEqualTo(1);
        assertThat(r.missing()).isEqualTo(1);
        for (int k = 0; k < samples.length; k++) {
          double sum = 0;
          long count = 0;
          for (Map.Entry<Integer, double[]> e : weights.entrySet()) {
            int row = e.getKey();
            boolean alt = e.getValue()[1] == 1;
            int c = g[row][samples[k]];
            if (c < 0) {
              if (impute) {
                double effect = 0;
                double alleles = 0;
                for (int s : samples) {
                  if (g[row][s] >= 0) {
                    alleles += 2;
                    effect += alt ? g[row][s] : 2 - g[row][s];
                  }
                }
                double f = alleles == 0 ? 0 : effect / alleles;
                sum += e.getValue()[0] * switch (model) {
                  case ADDITIVE -> 2 * f;
                  case DOMINANT -> 1 - (1 - f) * (1 - f);
                  case RECESSIVE -> f * f;
                };
              }
              continue;
            }
            int effect = alt ? c : 2 - c;
            double dose = switch (model) {
              case ADDITIVE -> effect;
              case DOMINANT -> effect > 0 ? 1 : 0;
              case RECESSIVE -> effect == 2 ? 1 : 0;
            };
            sum += e.getValue()[0] * dose;
            count += 2;
          }
          PolygenicScore.Score s = r.scores().get(k);
          assertThat(s.sample()).isEqualTo(NAMES.get(samples[k]));
          assertThat(s.sum()).as("%s %s %s", model, impute, s.sample()).isCloseTo(sum, within(1e-9));
          assertThat(s.count()).isEqualTo(count);
          // plink's average: over every matched variant's alleles with mean imputation, else over CNT
          assertThat(s.avg()).isCloseTo(sum / (impute ? 2.0 * weights.size() : count), within(1e-12));
        }
      }
    }
  }

  @Test
  void perSampleCountsAndHomRefSamplesMatchTheMatrix() {
    int[] samples = {1, 4, 7};
    List<Segment> seg = List.of(new Segment("1", pos[100], pos[300]));
    SampleCounts.PerSample c = SampleCounts.perSample(engine, reader, seg, samples);
    assertThat(c.rows()).isEqualTo(201);
    SampleCounts.HomRefResult h = SampleCounts.homRef(engine, reader, seg, samples, 50);
    assertThat(h.rows()).hasSize(50);
    assertThat(h.truncated()).isTrue();
    for (int k = 0; k < samples.length; k++) {
      long[] expected = new long[4];
      for (int row = 100; row <= 300; row++) {
        int x = g[row][samples[k]];
        expected[x < 0 ? 3 : x]++;
      }
      assertThat(new long[] {c.homRef()[k], c.het()[k], c.hom()[k], c.missing()[k]}).containsExactly(expected);
    }
    for (int i = 0; i < 50; i++) {
      int row = 100 + i;
      List<Integer> expected = new ArrayList<>();
      int missing = 0;
      for (int s : samples) {
        if (g[row][s] == 0) {
          expected.add(s);
        }
        missing += g[row][s] < 0 ? 1 : 0;
      }
      assertThat(h.rows().get(i).homRef()).containsExactly(expected.stream().mapToInt(Integer::intValue).toArray());
      assertThat(h.rows().get(i).missing()).isEqualTo(missing);
    }
  }

  @Test
  void strataCountAllelesPerGroup() {
    SampleCounts.Group men = new SampleCounts.Group("sex", "male", new int[] {0, 3, 5, 6});
    SampleCounts.Group women = new SampleCounts.Group("sex", "female", new int[] {1, 2, 4});
    SampleCounts.StrataResult r = SampleCounts.strata(engine, reader, List.of(new Segment("1", pos[0], pos[99])),
        List.of(men, women), 1000);
    assertThat(r.rows()).hasSize(100);
    for (int row = 0; row < 100; row++) {
      for (int gi = 0; gi < 2; gi++) {
        int ac = 0;
        int an = 0;
        for (int s : (gi == 0 ? men : women).members()) {
          if (g[row][s] >= 0) {
            ac += g[row][s];
            an += 2;
          }
        }
        assertThat(r.rows().get(row).ac()[gi]).isEqualTo(ac);
        assertThat(r.rows().get(row).an()[gi]).isEqualTo(an);
      }
    }
  }

  @Test
  void sexCheckWithoutChrXCallsIsUnknown() {
    List<SexCheck.Result> r = SexCheck.run(engine, reader, List.of(new Segment("X", 1, 100)), new int[] {0, 1},
        Optional.of(sheet), SexCheck.Thresholds.PLINK);
    assertThat(r).extracting(SexCheck.Result::inferred).containsExactly(Sex.UNKNOWN, Sex.UNKNOWN);
    assertThat(r).extracting(SexCheck.Result::declared).containsExactly(Sex.MALE, Sex.FEMALE);
    assertThat(r).allSatisfy(x -> assertThat(x.mismatch()).isTrue());
  }

  /** The sex check reads its segment in two halves at once: each row counted once, N, O, E as one pass would. */
  @Test
  void sexCheckCountsEachRowOnceAcrossItsTwoHalves() {
    int n = NAMES.size();
    int[] all = java.util.stream.IntStream.range(0, n).toArray();
    // the segment's middle falls on a row's position: that row belongs to the second half only
    int first = 37;
    int last = 37 + 2 * 5000;
    Segment seg = new Segment("1", pos[first], pos[last]);
    assertThat(SexCheck.halves(List.of(seg)).get(1).get(0).start()).isEqualTo(pos[first + 5000]);
    List<SexCheck.Result> r = SexCheck.run(engine, reader, List.of(seg), all, Optional.of(sheet),
        SexCheck.Thresholds.PLINK);
    for (int s = 0; s < n; s++) {
      int called = 0;
      int hom = 0;
      double expected = 0;
      for (int row = first; row <= last; row++) {
        long alleles = 0;
        long alts = 0;
        for (int t = 0; t < n; t++) {
          if (g[row][t] >= 0) {
            alleles += 2;
            alts += g[row][t];
          }
        }
        if (g[row][s] < 0 || alleles == 0) {
          continue;
        }
        double p = (double) alts / alleles;
        called++;
        hom += g[row][s] == 1 ? 0 : 1;
        expected += 1 - 2 * p * (1 - p);
      }
      SexCheck.Result x = r.get(s);
      assertThat(x.variants()).as(NAMES.get(s)).isEqualTo(called);
      assertThat(x.observedHom()).as(NAMES.get(s)).isEqualTo(hom);
      assertThat(x.expectedHom()).as(NAMES.get(s)).isCloseTo(expected, within(1e-9));
      assertThat(x.f()).as(NAMES.get(s)).isCloseTo((hom - expected) / (called - expected), within(1e-12));
    }
    // several segments, or one position, are one pass
    assertThat(SexCheck.halves(List.of(seg, seg)).get(1)).isEmpty();
    assertThat(SexCheck.halves(List.of(new Segment("1", 5, 5))).get(1)).isEmpty();
  }
}
