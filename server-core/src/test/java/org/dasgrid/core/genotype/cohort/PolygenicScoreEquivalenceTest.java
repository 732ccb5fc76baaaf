package org.dasgrid.core.genotype.cohort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.GenotypeIndexBuilder;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.segment.Segment;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link PolygenicScore}'s fast paths (weights found through bit filters, doses added a carrier set at a time,
 * the odd calls corrected one by one) against the plain per-sample scorer it replaced, kept here as the
 * oracle: random cohorts with no-calls, haploid and partial calls, multi-allelic sites, rows where most calls
 * are missing and common and rare ALTs; weights by ID and by CHROM:POS:REF:ALT, REF effect
 * alleles, mismatched alleles and absent variants; every model, with and without mean imputation, for the whole
 * cohort, a large subset (the sparse path) and a few samples (the probing path).
 */
class PolygenicScoreEquivalenceTest {
  static final int SAMPLES = 150;
  static GenotypeQueries engine;
  static CallReader reader;
  static List<String[]> rows = new ArrayList<>(); // contig, pos, id, ref, alt

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
        for (int s = 0; s < SAMPLES; s++) {
          int a1 = allele(rnd, f, nAlts);
          int a2 = allele(rnd, f, nAlts);
          double u = rnd.nextDouble();
          if (u < missing) {
            if (haploidRow || rnd.nextDouble() < 0.1) {
              b.haploid(s, GenotypeIndexBuilder.MISSING);
            } else if (rnd.nextDouble() < 0.1) {
              b.diploid(s, GenotypeIndexBuilder.MISSING, a2); // a partial call such as ./1
            } else {
              b.diploid(s, GenotypeIndexBuilder.MISSING, GenotypeIndexBuilder.MISSING);
            }
          } else if (haploidRow || rnd.nextDouble() < 0.01) {
            b.haploid(s, a1);
          } else if (rnd.nextDouble() < 0.002) {
            b.call(s, new int[] {a1, a2, allele(rnd, f, nAlts)}, 3);
          } else if (a1 != 0 || a2 != 0) {
            b.diploid(s, Math.min(a1, a2), Math.max(a1, a2));
          }
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
  void fastPathsGiveThePlainScorersAnswers() throws Exception {
    Random rnd = new Random(7);
    for (int round = 0; round < 6; round++) {
      StringBuilder w = new StringBuilder("SNP A1 BETA\n");
      java.util.Set<String> named = new java.util.HashSet<>(); // a variant once: ScoreWeights refuses repeats
      for (String[] r : rows) {
        double u = rnd.nextDouble();
        if (u > 0.5) {
          continue;
        }
        String key = rnd.nextDouble() < 0.3 ? r[0] + ":" + r[1] + ":" + r[3] + ":" + r[4] : r[2];
        String allele = rnd.nextDouble() < 0.3 ? r[3] : rnd.nextDouble() < 0.03 ? "N" : r[4];
        if (!named.add(key)) {
          continue; // the ID of a multi-allelic site's other ALT: named by CHROM:POS:REF:ALT, or not at all
        }
        w.append(key).append(rnd.nextBoolean() ? '\t' : ' ').append(allele).append(' ')
            .append(rnd.nextGaussian()).append('\n');
        if (rnd.nextDouble() < 0.01) {
          w.append("absent").append(rnd.nextInt()).append("\tA\t1\n");
        }
      }
      ScoreWeights weights = ScoreWeights.read(new StringReader(w.toString()), 1_000_000);
      int[][] choices = {everyone(), subset(rnd, SAMPLES / 2), subset(rnd, 3)};
      for (int[] samples : choices) {
        for (PolygenicScore.Model model : PolygenicScore.Model.values()) {
          for (boolean impute : new boolean[] {true, false}) {
            PolygenicScore.Result fast = PolygenicScore.run(engine, reader, weights, samples, model, impute);
            PolygenicScore.Result plain = Oracle.run(engine, reader, weights, samples, model, impute);
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

  /** The scorer before the fast paths (every row's ID as a String, every chosen sample's call per row). */
  static final class Oracle {
    static PolygenicScore.Result run(GenotypeQueries engine, CallReader reader, ScoreWeights weights, int[] samples,
        PolygenicScore.Model model, boolean meanImpute) {
      Map<String, List<ScoreWeights.Weight>> byKey = new HashMap<>();
      boolean coordinates = false;
      for (ScoreWeights.Weight w : weights.weights()) {
        byKey.computeIfAbsent(w.variant(), k -> new ArrayList<>(1)).add(w);
        coordinates |= w.variant().indexOf(':') > 0;
      }
      int n = engine.sampleNames().size();
      int k = samples.length;
      double[] sum = new double[k];
      long[] count = new long[k];
      long[] alleles = new long[k];
      byte[] called = new byte[n];
      byte[] copies = new byte[n];
      Set<ScoreWeights.Weight> used = Collections.newSetFromMap(new IdentityHashMap<>());
      int[] mismatched = {0};
      boolean byCoordinates = coordinates;
      List<Segment> everything = engine.contigs().stream().map(c -> new Segment(c, 1, Integer.MAX_VALUE)).toList();
      reader.forEachRow(everything, row -> {
        List<ScoreWeights.Weight> ws = byKey.get(row.id());
        if (byCoordinates) {
          List<ScoreWeights.Weight> more = byKey.get(row.contig() + ":" + row.pos() + ":" + row.ref() + ":"
              + row.alt());
          if (more != null) {
            List<ScoreWeights.Weight> both = new ArrayList<>(ws == null ? List.of() : ws);
            both.addAll(more);
            ws = both;
          }
        }
        if (ws == null) {
          return true;
        }
        boolean read = false;
        for (ScoreWeights.Weight w : ws) {
          boolean alt = w.allele().equals(row.alt());
          boolean ref = w.allele().equals(row.ref());
          if (!alt && !ref) {
            if (used.add(w)) {
              mismatched[0]++;
            }
            continue;
          }
          if (!read) {
            row.fill(called, copies);
            read = true;
          }
          used.add(w);
          score(w.weight(), alt, row.ploidy(), samples, called, copies, model, meanImpute, sum, count, alleles);
        }
        return true;
      });
      int matched = used.size() - mismatched[0];
      int missing = weights.weights().size() - used.size();
      List<PolygenicScore.Score> out = new ArrayList<>(k);
      for (int i = 0; i < k; i++) {
        out.add(new PolygenicScore.Score(engine.sampleNames().get(samples[i]), sum[i],
            alleles[i] == 0 ? Double.NaN : sum[i] / alleles[i], count[i]));
      }
      return new PolygenicScore.Result(out, matched, missing, mismatched[0]);
    }

    static void score(double weight, boolean alt, int ploidy, int[] samples, byte[] called, byte[] copies,
        PolygenicScore.Model model, boolean meanImpute, double[] sum, long[] count, long[] alleles) {
      long calledAlleles = 0;
      long effectAlleles = 0;
      int missing = 0;
      for (int i = 0; i < samples.length; i++) {
        int s = samples[i];
        int c = called[s];
        if (c == 0) {
          missing++;
          continue;
        }
        int e = alt ? copies[s] : c - copies[s];
        calledAlleles += c;
        effectAlleles += e;
        int dose = switch (model) {
          case ADDITIVE -> e;
          case DOMINANT -> e > 0 ? 1 : 0;
          case RECESSIVE -> e == c ? 1 : 0;
        };
        if (dose != 0) {
          sum[i] += weight * dose;
        }
        count[i] += c;
        alleles[i] += c;
      }
      if (!meanImpute || missing == 0) {
        return;
      }
      double freq = calledAlleles == 0 ? 0 : (double) effectAlleles / calledAlleles;
      double expected = switch (model) {
        case ADDITIVE -> 2 * freq;
        case DOMINANT -> 1 - (1 - freq) * (1 - freq);
        case RECESSIVE -> freq * freq;
      };
      for (int i = 0; i < samples.length; i++) {
        if (called[samples[i]] == 0) {
          sum[i] += weight * expected;
          alleles[i] += ploidy;
        }
      }
    }
  }
}
