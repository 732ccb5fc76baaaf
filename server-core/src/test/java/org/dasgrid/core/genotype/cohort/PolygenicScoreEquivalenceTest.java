package org.dasgrid.core.genotype.cohort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.GenotypeIndexBuilder;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.segment.Segment;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link PolygenicScore}'s paths (weights found through the row lookup or bit filters over a scan, doses added a
 * carrier set at a time or probed per sample, rows split over two threads) against a brute force that scores
 * the calls the test itself generated, never reading them back from the engine: random cohorts with no-calls, haploid and partial calls, multi-allelic sites, rows where most calls
 * are missing and common and rare ALTs; weights by ID and by CHROM:POS:REF:ALT, with duplicates, REF effect
 * alleles, mismatched alleles and absent variants; every model, with and without mean imputation, for the whole
 * cohort, a large subset (the sparse path) and a few samples (the probing path).
 */
class PolygenicScoreEquivalenceTest {
  static final int SAMPLES = 150;
  static GenotypeQueries engine;
  static CallReader reader;
  static List<String[]> rows = new ArrayList<>(); // contig, pos, id, ref, alt
  /**
   * What the test gave the builder, per row in the engine's row order (contigs in order, then position, then
   * ALT; the sites are made so): the row's ALT number at its site, and per sample its call's alleles (-1: a
   * missing allele; a sample the builder was told nothing of is hom-ref diploid).
   */
  static List<TruthRow> truth = new ArrayList<>();

  record TruthRow(String contig, int pos, String id, String ref, String alt, int altNumber, int[][] calls) {
    /** The site's ploidy: 1 when most calls are haploid (missing ones included), else 2. */
    int ploidy() {
      int haploid = 0;
      for (int[] call : calls) {
        haploid += call.length == 1 ? 1 : 0;
      }
      return 2 * haploid > calls.length ? 1 : 2;
    }
  }

  @BeforeAll
  static void build() {
    Random rnd = new Random(19);
    List<String> names = new ArrayList<>();
    for (int s = 0; s < SAMPLES; s++) {
      names.add("s" + s);
    }
    GenotypeIndexBuilder b = new GenotypeIndexBuilder(names);
    String[] bases = {"A", "C", "G", "T"};
    for (String contig : List.of("chr1", "chr2", "chrX")) {
      int pos = 100;
      for (int site = 0; site < 1500; site++) {
        pos += 1 + rnd.nextInt(50);
        String ref = bases[rnd.nextInt(4)];
        List<String> alts = new ArrayList<>();
        int nAlts = rnd.nextDouble() < 0.1 ? 2 : 1;
        for (String x : bases) {
          if (!x.equals(ref) && alts.size() < nAlts) {
            alts.add(x);
          }
        }
        String id = rnd.nextDouble() < 0.05 ? "." : "rs" + contig + "_" + site;
        b.startSite(contig, pos, pos, id, ref, alts);
        for (String alt : alts) {
          rows.add(new String[] {contig, String.valueOf(pos), id, ref, alt});
        }
        double f = rnd.nextDouble() < 0.5 ? 0.01 : 0.1 + 0.4 * rnd.nextDouble();
        double missing = rnd.nextDouble() < 0.03 ? 0.9 : 0.02; // some rows mostly missing
        boolean haploidRow = contig.equals("chrX") && rnd.nextBoolean();
        int[][] calls = new int[SAMPLES][];
        for (int s = 0; s < SAMPLES; s++) {
          calls[s] = new int[] {0, 0};
          int a1 = allele(rnd, f, nAlts);
          int a2 = allele(rnd, f, nAlts);
          double u = rnd.nextDouble();
          if (u < missing) {
            if (haploidRow || rnd.nextDouble() < 0.1) {
              b.haploid(s, GenotypeIndexBuilder.MISSING);
              calls[s] = new int[] {-1};
            } else if (rnd.nextDouble() < 0.1) {
              b.diploid(s, GenotypeIndexBuilder.MISSING, a2); // a partial call such as ./1
              calls[s] = new int[] {-1, a2};
            } else {
              b.diploid(s, GenotypeIndexBuilder.MISSING, GenotypeIndexBuilder.MISSING);
              calls[s] = new int[] {-1, -1};
            }
          } else if (haploidRow || rnd.nextDouble() < 0.01) {
            b.haploid(s, a1);
            calls[s] = new int[] {a1};
          } else if (rnd.nextDouble() < 0.002) {
            int a3 = allele(rnd, f, nAlts);
            b.call(s, new int[] {a1, a2, a3}, 3);
            calls[s] = new int[] {a1, a2, a3};
          } else if (a1 != 0 || a2 != 0) {
            b.diploid(s, Math.min(a1, a2), Math.max(a1, a2));
            calls[s] = new int[] {a1, a2};
          }
        }
        for (int j = 0; j < alts.size(); j++) {
          truth.add(new TruthRow(contig, pos, id, ref, alts.get(j), j + 1, calls));
        }
        b.endSite();
      }
    }
    engine = b.build();
    reader = (CallReader) engine;
  }

  static int allele(Random rnd, double f, int alts) {
    return rnd.nextDouble() < f ? 1 + rnd.nextInt(alts) : 0;
  }

  @Test
  void everyPathGivesTheBruteForceAnswer() throws Exception {
    Random rnd = new Random(7);
    for (int round = 0; round < 6; round++) {
      StringBuilder w = new StringBuilder("SNP A1 BETA\n");
      for (String[] r : rows) {
        double u = rnd.nextDouble();
        if (u > 0.5) {
          continue;
        }
        String key = rnd.nextDouble() < 0.3 ? r[0] + ":" + r[1] + ":" + r[3] + ":" + r[4] : r[2];
        String allele = rnd.nextDouble() < 0.3 ? r[3] : rnd.nextDouble() < 0.03 ? "N" : r[4];
        w.append(key).append(rnd.nextBoolean() ? '\t' : ' ').append(allele).append(' ')
            .append(rnd.nextGaussian()).append('\n');
        if (rnd.nextDouble() < 0.01) {
          w.append(key).append('\t').append(allele).append('\t').append(rnd.nextGaussian()).append('\n');
        }
        if (rnd.nextDouble() < 0.01) {
          w.append("absent").append(rnd.nextInt()).append("\tA\t1\n");
        }
      }
      ScoreWeights weights = ScoreWeights.read(new StringReader(w.toString()), 1_000_000);
      int[][] choices = {everyone(), subset(rnd, SAMPLES / 2), subset(rnd, 3)};
      for (int[] samples : choices) {
        for (DoseModel model : DoseModel.values()) {
          for (boolean impute : new boolean[] {true, false}) {
            PolygenicScore.Result fast = PolygenicScore.run(engine, reader, weights, samples, model, impute);
            PolygenicScore.Result plain = BruteForce.run(weights, samples, model, impute);
            String what = model + " impute=" + impute + " samples=" + samples.length + " round " + round;
            // the engine's row lookup and a scan of every row (an engine without one) give the same doubles
            CallReader scanOnly = reader::forEachRow;
            assertThat(PolygenicScore.run(engine, scanOnly, weights, samples, model, impute)).as(what)
                .isEqualTo(fast);
            assertThat(fast.matched()).as(what).isEqualTo(plain.matched()).isPositive();
            assertThat(fast.missing()).as(what).isEqualTo(plain.missing());
            assertThat(fast.mismatched()).as(what).isEqualTo(plain.mismatched());
            assertThat(fast.scores()).hasSameSizeAs(plain.scores());
            // the matched rows split over two threads (as from PolygenicScore.PARALLEL_WEIGHTS weights on): the
            // same counts, the sums added in another order
            PolygenicScore.Result split = PolygenicScore.run(engine, reader, weights, samples, model, impute, 1);
            assertThat(List.of(split.matched(), split.missing(), split.mismatched())).as(what)
                .isEqualTo(List.of(fast.matched(), fast.missing(), fast.mismatched()));
            for (int i = 0; i < samples.length; i++) {
              PolygenicScore.Score f = split.scores().get(i);
              PolygenicScore.Score p = plain.scores().get(i);
              assertThat(f.sample()).isEqualTo(p.sample());
              assertThat(f.count()).as(what + " split").isEqualTo(p.count());
              assertThat(f.sum()).as(what + " split " + f.sample())
                  .isCloseTo(p.sum(), within(1e-9 * (1 + Math.abs(p.sum()))));
              assertThat(f.avg()).as(what + " split " + f.sample())
                  .isCloseTo(p.avg(), within(1e-12 * (1 + Math.abs(p.avg()))));
            }
            for (int i = 0; i < samples.length; i++) {
              PolygenicScore.Score f = fast.scores().get(i);
              PolygenicScore.Score p = plain.scores().get(i);
              assertThat(f.sample()).isEqualTo(p.sample());
              assertThat(f.count()).as(what).isEqualTo(p.count());
              assertThat(f.sum()).as(what + " " + f.sample()).isCloseTo(p.sum(), within(1e-9 * (1 + Math.abs(p.sum()))));
              assertThat(f.avg()).as(what + " " + f.sample()).isCloseTo(p.avg(), within(1e-12 * (1 + Math.abs(p.avg()))));
            }
          }
        }
      }
    }
  }

  @Test
  void fillChosenReadsTheChosenSamplesAsFillDoes() {
    Random rnd = new Random(3);
    int[][] choices = {subset(rnd, 1), subset(rnd, 2), subset(rnd, 40), subset(rnd, SAMPLES - 1)};
    byte[] calledAll = new byte[SAMPLES];
    byte[] copiesAll = new byte[SAMPLES];
    byte[] called = new byte[SAMPLES];
    byte[] copies = new byte[SAMPLES];
    int[] rowsRead = {0};
    for (int[] samples : choices) {
      org.dasgrid.core.genotype.SampleSelection sel = engine.select(samples);
      reader.forEachRow(engine.contigs().stream().map(c -> new Segment(c, 1, Integer.MAX_VALUE)).toList(), row -> {
        row.fill(calledAll, copiesAll);
        java.util.Arrays.fill(called, (byte) 99);
        java.util.Arrays.fill(copies, (byte) 99);
        row.fillChosen(sel, called, copies);
        for (int s = 0; s < SAMPLES; s++) {
          boolean chosen = java.util.Arrays.binarySearch(samples, s) >= 0;
          assertThat(called[s]).as("%s sample %d", row, s).isEqualTo(chosen ? calledAll[s] : (byte) 99);
          assertThat(copies[s]).as("%s sample %d", row, s).isEqualTo(chosen ? copiesAll[s] : (byte) 99);
        }
        rowsRead[0]++;
        return true;
      });
    }
    assertThat(rowsRead[0]).isEqualTo(4 * rows.size());
  }

  static int[] everyone() {
    int[] all = new int[SAMPLES];
    for (int i = 0; i < SAMPLES; i++) {
      all[i] = i;
    }
    return all;
  }

  static int[] subset(Random rnd, int k) {
    List<Integer> all = new ArrayList<>();
    for (int i = 0; i < SAMPLES; i++) {
      all.add(i);
    }
    Collections.shuffle(all, rnd);
    return all.subList(0, k).stream().mapToInt(Integer::intValue).sorted().toArray();
  }

  /**
   * plink's {@code --score} worked out from the calls the test generated, without the engine: each weight
   * against the rows that carry its key, in row order (a row matches by its ID or by CHROM:POS:REF:ALT; the first row a weight
   * matches decides whether it counts as matched or mismatched; every matching row whose REF or ALT is the
   * effect allele is scored), every chosen sample's call counted allele by allele. Another ALT of a
   * multi-allelic site counts as REF for this row's ALT, as in a VCF split with {@code bcftools norm -m-}.
   */
  static final class BruteForce {
    static PolygenicScore.Result run(ScoreWeights weights, int[] samples, DoseModel model, boolean meanImpute) {
      int k = samples.length;
      double[] sum = new double[k];
      long[] count = new long[k];
      long[] alleles = new long[k];
      int matched = 0;
      int mismatched = 0;
      int missing = 0;
      for (ScoreWeights.Weight w : weights.weights()) {
        boolean first = true;
        for (int r : rowsKeyedBy(w.variant())) {
          TruthRow row = truth.get(r);
          boolean alt = w.allele().equals(row.alt());
          boolean scored = alt || w.allele().equals(row.ref());
          if (first) {
            matched += scored ? 1 : 0;
            mismatched += scored ? 0 : 1;
            first = false;
          }
          if (scored) {
            add(row, alt, w.weight(), samples, model, meanImpute, sum, count, alleles);
          }
        }
        missing += first ? 1 : 0;
      }
      List<PolygenicScore.Score> out = new ArrayList<>(k);
      for (int i = 0; i < k; i++) {
        out.add(new PolygenicScore.Score("s" + samples[i], sum[i], alleles[i] == 0 ? Double.NaN : sum[i] / alleles[i],
            count[i]));
      }
      return new PolygenicScore.Result(out, matched, missing, mismatched);
    }

    /** The rows (indices into {@link #truth}, in row order) whose ID or CHROM:POS:REF:ALT is {@code key}. */
    private static List<Integer> rowsKeyedBy(String key) {
      if (byKey == null) {
        Map<String, List<Integer>> m = new HashMap<>();
        for (int r = 0; r < truth.size(); r++) {
          TruthRow row = truth.get(r);
          m.computeIfAbsent(row.id(), x -> new ArrayList<>()).add(r);
          String coordinates = row.contig() + ":" + row.pos() + ":" + row.ref() + ":" + row.alt();
          if (!coordinates.equals(row.id())) {
            m.computeIfAbsent(coordinates, x -> new ArrayList<>()).add(r);
          }
        }
        byKey = m;
      }
      return byKey.getOrDefault(key, List.of());
    }

    private static Map<String, List<Integer>> byKey;

    /** One row's contribution: each called sample its dose; each missing one, with imputation, the expected. */
    private static void add(TruthRow row, boolean altIsEffect, double weight, int[] samples, DoseModel model,
        boolean meanImpute, double[] sum, long[] count, long[] alleles) {
      long calledTotal = 0;
      long effectTotal = 0;
      for (int i = 0; i < samples.length; i++) {
        int[] call = row.calls()[samples[i]];
        int called = 0;
        int effect = 0;
        for (int a : call) {
          if (a >= 0) {
            called++;
            effect += (a == row.altNumber()) == altIsEffect ? 1 : 0;
          }
        }
        calledTotal += called;
        effectTotal += effect;
        if (called > 0) {
          double dose = model == DoseModel.ADDITIVE ? effect
              : model == DoseModel.DOMINANT ? (effect >= 1 ? 1 : 0) : (effect == called ? 1 : 0);
          sum[i] += weight * dose;
          count[i] += called;
          alleles[i] += called;
        }
      }
      if (!meanImpute) {
        return;
      }
      double p = calledTotal == 0 ? 0 : (double) effectTotal / calledTotal;
      // the expected dose of a diploid call drawn from p: E[copies], P(at least one copy), P(two copies)
      double expected = model == DoseModel.ADDITIVE ? 2 * p
          : model == DoseModel.DOMINANT ? 1 - (1 - p) * (1 - p) : p * p;
      for (int i = 0; i < samples.length; i++) {
        boolean noneCalled = true;
        for (int a : row.calls()[samples[i]]) {
          noneCalled &= a < 0;
        }
        if (noneCalled) {
          sum[i] += weight * expected;
          alleles[i] += row.ploidy();
        }
      }
    }
  }
}
