package org.dasgrid.core.genotype.cohort;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.RowCalls;
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
  public enum Model {
    ADDITIVE,
    DOMINANT,
    RECESSIVE;

    public static Optional<Model> named(String name) {
      return switch (name.toLowerCase(Locale.ROOT)) {
        case "additive" -> Optional.of(ADDITIVE);
        case "dominant" -> Optional.of(DOMINANT);
        case "recessive" -> Optional.of(RECESSIVE);
        default -> Optional.empty();
      };
    }
  }

  /** One sample's score; {@code count} is the non-missing alleles scored (plink's CNT); see the class for avg. */
  public record Score(String sample, double sum, double avg, long count) {}

  /** The scores, and how the weights fared. */
  public record Result(List<Score> scores, int matched, int missing, int mismatched) {}

  private PolygenicScore() {}

  public static Result run(GenotypeQueries engine, CallReader reader, ScoreWeights weights, int[] samples,
      Model model, boolean meanImpute) {
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
    java.util.Set<ScoreWeights.Weight> used = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    int[] mismatched = {0};
    boolean byCoordinates = coordinates;
    List<Segment> everything = engine.contigs().stream().map(c -> new Segment(c, 1, Integer.MAX_VALUE)).toList();
    reader.forEachRow(everything, row -> {
      List<ScoreWeights.Weight> ws = byKey.get(row.id());
      if (byCoordinates) {
        List<ScoreWeights.Weight> more = byKey.get(row.contig() + ":" + row.pos() + ":" + row.ref() + ":" + row.alt());
        ws = ws == null ? more : more == null ? ws : concat(ws, more);
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
          SexCheck.read(row, samples, called, copies);
          read = true;
        }
        used.add(w);
        score(w.weight(), alt, row.ploidy(), samples, called, copies, model, meanImpute, sum, count, alleles);
      }
      return true;
    });
    // a weight matched (with its allele) by one row counts as matched; mismatched ones are counted above
    int matched = 0;
    for (ScoreWeights.Weight w : used) {
      matched++;
    }
    matched -= mismatched[0];
    int missing = weights.weights().size() - used.size();
    List<Score> out = new ArrayList<>(k);
    for (int i = 0; i < k; i++) {
      out.add(new Score(engine.sampleNames().get(samples[i]), sum[i],
          alleles[i] == 0 ? Double.NaN : sum[i] / alleles[i], count[i]));
    }
    return new Result(out, matched, missing, mismatched[0]);
  }

  private static List<ScoreWeights.Weight> concat(List<ScoreWeights.Weight> a, List<ScoreWeights.Weight> b) {
    List<ScoreWeights.Weight> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }

  /**
   * Adds one matched row to every chosen sample's score, in one pass over them: called samples get their dose;
   * the missing ones are remembered and, with mean imputation, get the expected dose once the pass has counted
   * the effect allele's frequency.
   */
  private static void score(double weight, boolean alt, int ploidy, int[] samples, byte[] called, byte[] copies,
      Model model, boolean meanImpute, double[] sum, long[] count, long[] alleles) {
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
        alleles[i] += ploidy; // plink averages over the imputed call's alleles too
      }
    }
  }
}
