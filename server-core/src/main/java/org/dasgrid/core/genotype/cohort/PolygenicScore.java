package org.dasgrid.core.genotype.cohort;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.KeyedRows;
import org.dasgrid.core.genotype.RowCalls;
import org.dasgrid.core.genotype.internal.column.TwoParts;
import org.dasgrid.core.segment.Segment;

/**
 * plink 1.9's {@code --score}: per sample the sum over matched variants of weight × effect-allele count, the
 * number of non-missing alleles scored (plink's CNT), and the average: the sum divided by the alleles of every
 * matched variant, a missing call's imputed ones included (what plink's SCORE column is: with 290 diploid
 * predictors it divides by 580 whatever CNT is), or by CNT without mean imputation. A variant is matched by its VCF ID or {@code CHROM:POS:REF:ALT}; a weight whose allele is neither
 * the row's REF nor its ALT is mismatched; one matching no row is missing. A missing call adds, by default,
 * weight × the effect allele's expected count (2 × its frequency among the chosen samples' calls: plink's mean
 * imputation) to the sum but nothing to the count; {@code meanImpute=false} adds nothing (plink's {@code
 * no-mean-imputation}). Models: additive (0/1/2 copies), dominant (1 if any copy), recessive (1 if every
 * called allele is the effect allele).
 */
public final class PolygenicScore {
  /** One sample's score; {@code count} is the non-missing alleles scored (plink's CNT); see the class for avg. */
  public record Score(String sample, double sum, double avg, long count) {}

  /** The scores, and how the weights fared. */
  public record Result(List<Score> scores, int matched, int missing, int mismatched) {}

  private PolygenicScore() {}

  public static Result run(GenotypeQueries engine, CallReader reader, ScoreWeights weights, int[] samples,
      DoseModel model, boolean meanImpute) {
    return run(engine, reader, weights, samples, model, meanImpute, PARALLEL_WEIGHTS);
  }

  /** As above, with the matched rows split over two threads from {@code parallelWeights} weights on. */
  static Result run(GenotypeQueries engine, CallReader reader, ScoreWeights weights, int[] samples,
      DoseModel model, boolean meanImpute, int parallelWeights) {
    int n = engine.sampleNames().size();
    int k = samples.length;
    // few samples: probe each one's call per row; many: add doses to whole carrier sets and correct the few
    // samples whose call is not of the row's ploidy (see CarrierSetScores)
    boolean sparse = samples.length * 32L >= n;
    java.util.function.Supplier<ScoreAccumulator> newAcc = () -> sparse
        ? new CarrierSetScores(engine, samples, model, meanImpute)
        : new ProbingScores(n, samples, model, meanImpute);
    ScoreAccumulator acc = newAcc.get();
    int size = weights.size();
    boolean[] used = new boolean[size];
    // per weight: its first matching row (in row order) had neither of its alleles
    boolean[] firstMismatched = new boolean[size];
    double[] sum = new double[k];
    long[] count = new long[k];
    long[] alleles = new long[k];
    Optional<KeyedRows> keyed = reader.keyedRows();
    if (keyed.isPresent()) {
      // only the matched rows are visited, in row order with the same keys per row as the scan below finds
      KeyedRows.Matches matches = keyed.get().match(weights.variants());
      if (sparse && size >= parallelWeights) {
        // the second half of the matched rows on another thread (the common pool), into its own sums: adding
        // doses to carrier sets is bound by memory, one row's set after another, which a second core overlaps
        ScoreAccumulator acc2 = newAcc.get();
        boolean[] used2 = new boolean[size];
        boolean[] firstMismatched2 = new boolean[size];
        TwoParts.run(part -> {
          if (part == 0) {
            matches.forEachInPart(0, 2, (row, hits) -> scoreRow(row, hits, weights, used, firstMismatched, acc));
          } else {
            matches.forEachInPart(1, 2, (row, hits) -> scoreRow(row, hits, weights, used2, firstMismatched2, acc2));
          }
          return null;
        });
        for (int j = 0; j < used.length; j++) {
          if (!used[j] && used2[j]) {
            used[j] = true;
            firstMismatched[j] = firstMismatched2[j];
          }
        }
        addFinished(acc2, sum, count, alleles);
      } else {
        matches.forEachInPart(0, 1, (row, hits) -> scoreRow(row, hits, weights, used, firstMismatched, acc));
      }
    } else {
      WeightLookup lookup = new WeightLookup(weights.weights());
      List<Segment> everything = engine.contigs().stream().map(c -> new Segment(c, 1, Integer.MAX_VALUE)).toList();
      reader.forEachRow(everything, row -> {
        int[] hits = lookup.find(row);
        if (hits != null) {
          scoreRow(row, hits, weights, used, firstMismatched, acc);
        }
        return true;
      });
    }
    // a weight matched (with its allele) by one row counts as matched; mismatched ones are counted above
    int usedCount = 0;
    int mismatched = 0;
    for (int j = 0; j < used.length; j++) {
      usedCount += used[j] ? 1 : 0;
      mismatched += firstMismatched[j] ? 1 : 0;
    }
    int matched = usedCount - mismatched;
    int missing = size - usedCount;
    addFinished(acc, sum, count, alleles);
    List<Score> out = new ArrayList<>(k);
    for (int i = 0; i < k; i++) {
      out.add(new Score(engine.sampleNames().get(samples[i]), sum[i],
          alleles[i] == 0 ? Double.NaN : sum[i] / alleles[i], count[i]));
    }
    return new Result(out, matched, missing, mismatched);
  }

  /** Weights from which on the matched rows of a whole-cohort score are split over two threads. */
  static final int PARALLEL_WEIGHTS = 10_000;

  /** Adds {@code acc}'s totals to {@code sum}, {@code count} and {@code alleles}. */
  private static void addFinished(ScoreAccumulator acc, double[] sum, long[] count, long[] alleles) {
    double[] s = new double[sum.length];
    long[] c = new long[count.length];
    long[] a = new long[alleles.length];
    acc.finish(s, c, a);
    for (int i = 0; i < sum.length; i++) {
      sum[i] += s[i];
      count[i] += c[i];
      alleles[i] += a[i];
    }
  }

  /** Scores the weights {@code hits} (indices into {@code weights}) that matched {@code row} by ID or coordinates. */
  private static void scoreRow(RowCalls row, int[] hits, ScoreWeights weights, boolean[] used,
      boolean[] firstMismatched, ScoreAccumulator acc) {
    boolean read = false;
    for (int j : hits) {
      int which = row.whichAllele(weights.allele(j)); // not row.alt()/ref(): a mapped row would make Strings
      boolean alt = which == 1;
      if (which < 0) {
        if (!used[j]) {
          used[j] = true;
          firstMismatched[j] = true;
        }
        continue;
      }
      if (!read) {
        acc.read(row);
        read = true;
      }
      used[j] = true;
      acc.score(weights.weight(j), alt);
    }
  }

}
