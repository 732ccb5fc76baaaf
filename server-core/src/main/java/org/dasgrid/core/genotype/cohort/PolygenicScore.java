package org.dasgrid.core.genotype.cohort;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.KeyedRows;
import org.dasgrid.core.genotype.RowCalls;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.internal.column.IntList;
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
    return run(engine, reader, weights, samples, model, meanImpute, PARALLEL_WEIGHTS);
  }

  /** As above, with the matched rows split over two threads from {@code parallelWeights} weights on. */
  static Result run(GenotypeQueries engine, CallReader reader, ScoreWeights weights, int[] samples,
      Model model, boolean meanImpute, int parallelWeights) {
    int n = engine.sampleNames().size();
    int k = samples.length;
    // few samples: probe each one's call per row; many: add doses to whole carrier sets and correct the few
    // samples whose call is not of the row's ploidy (see Sparse)
    boolean sparse = samples.length * 32L >= n;
    java.util.function.Supplier<Accumulator> newAcc = () -> sparse ? new Sparse(engine, samples, model, meanImpute)
        : new Probing(n, samples, model, meanImpute);
    Accumulator acc = newAcc.get();
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
        Accumulator acc2 = newAcc.get();
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
  private static void addFinished(Accumulator acc, double[] sum, long[] count, long[] alleles) {
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
      boolean[] firstMismatched, Accumulator acc) {
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

  /**
   * The weights by the keys a row may match: its VCF ID, or its {@code CHROM:POS:REF:ALT}. Every row of the
   * genome is tested, so the test must not make strings: a row's ID hash and its position are first looked
   * up in two bit filters (2^22 bits each), and only a hit makes the row's ID or coordinate key to look up.
   */
  static final class WeightLookup {
    private static final int FILTER_BITS = 22;
    private final Map<String, int[]> byKey;
    private final long[] ids = new long[1 << (FILTER_BITS - 6)];
    private final long[] positions = new long[1 << (FILTER_BITS - 6)];
    private final boolean coordinates;

    WeightLookup(List<ScoreWeights.Weight> weights) {
      byKey = new HashMap<>(2 * weights.size());
      boolean anyCoordinates = false;
      for (int j = 0; j < weights.size(); j++) {
        String key = weights.get(j).variant();
        int[] old = byKey.putIfAbsent(key, new int[] {j});
        if (old != null) {
          int[] now = Arrays.copyOf(old, old.length + 1);
          now[old.length] = j;
          byKey.put(key, now);
        }
        set(ids, RowCalls.idHash(key));
        if (key.indexOf(':') > 0) {
          anyCoordinates = true;
          setPositions(key);
        }
      }
      this.coordinates = anyCoordinates;
    }

    /** Every all-digit colon-separated field of the key (the position; a contig's name may hold colons too). */
    private void setPositions(String key) {
      long value = 0;
      int digits = 0;
      for (int i = 0; i <= key.length(); i++) {
        char ch = i < key.length() ? key.charAt(i) : ':';
        if (ch == ':') {
          if (digits > 0 && digits <= 10 && value <= Integer.MAX_VALUE) {
            set(positions, (int) value);
          }
          value = 0;
          digits = 0;
        } else if (ch >= '0' && ch <= '9' && digits >= 0) {
          value = 10 * value + (ch - '0');
          digits++;
        } else {
          digits = -1; // not a number: skip to the next colon
        }
      }
    }

    /** The weights (indices) keyed by this row's ID, then those keyed by its coordinates; null if none. */
    int[] find(RowCalls row) {
      int[] hits = has(ids, row.idHash()) ? byKey.get(row.id()) : null;
      if (coordinates && has(positions, row.pos())) {
        int[] more = byKey.get(row.contig() + ":" + row.pos() + ":" + row.ref() + ":" + row.alt());
        if (more != null) {
          hits = hits == null ? more : concat(hits, more);
        }
      }
      return hits;
    }

    private static int slot(int value) {
      return (value * 0x9E3779B9) >>> (32 - FILTER_BITS);
    }

    private static void set(long[] bits, int value) {
      int b = slot(value);
      bits[b >>> 6] |= 1L << b;
    }

    private static boolean has(long[] bits, int value) {
      int b = slot(value);
      return (bits[b >>> 6] & 1L << b) != 0;
    }

    private static int[] concat(int[] a, int[] b) {
      int[] out = Arrays.copyOf(a, a.length + b.length);
      System.arraycopy(b, 0, out, a.length, b.length);
      return out;
    }
  }

  /** Per chosen sample, the running score; one matched row read, then scored once per weight on it. */
  private interface Accumulator {
    void read(RowCalls row);

    void score(double weight, boolean alt);

    /** Writes the totals (sum, CNT, alleles averaged over) into arrays indexed like the chosen samples. */
    void finish(double[] sum, long[] count, long[] alleles);
  }

  private static int dose(Model model, int effect, int called) {
    return switch (model) {
      case ADDITIVE -> effect;
      case DOMINANT -> effect > 0 ? 1 : 0;
      case RECESSIVE -> effect == called ? 1 : 0;
    };
  }

  private static double expected(Model model, double freq) {
    return switch (model) {
      case ADDITIVE -> 2 * freq;
      case DOMINANT -> 1 - (1 - freq) * (1 - freq);
      case RECESSIVE -> freq * freq;
    };
  }

  /** Reads every chosen sample's call per row (few samples: a few set probes each). */
  private static final class Probing implements Accumulator {
    final int[] samples;
    final Model model;
    final boolean meanImpute;
    final byte[] called;
    final byte[] copies;
    final double[] sum;
    final long[] count;
    final long[] alleles;
    int ploidy;

    Probing(int n, int[] samples, Model model, boolean meanImpute) {
      this.samples = samples;
      this.model = model;
      this.meanImpute = meanImpute;
      called = new byte[n];
      copies = new byte[n];
      sum = new double[samples.length];
      count = new long[samples.length];
      alleles = new long[samples.length];
    }

    @Override
    public void read(RowCalls row) {
      SexCheck.read(row, samples, called, copies);
      ploidy = row.ploidy();
    }

    @Override
    public void score(double weight, boolean alt) {
      PolygenicScore.score(weight, alt, ploidy, samples, called, copies, model, meanImpute, sum, count, alleles);
    }

    @Override
    public void finish(double[] s, long[] c, long[] a) {
      System.arraycopy(sum, 0, s, 0, sum.length);
      System.arraycopy(count, 0, c, 0, count.length);
      System.arraycopy(alleles, 0, a, 0, alleles.length);
    }
  }

  /**
   * Many samples: most calls of a row are of its ploidy P, and for those the dose depends on the copies only,
   * so a row adds {@code weight × dose(hom-ref)} once to a running base that every sample gets, and {@code
   * weight × (dose(copies) - dose(hom-ref))} to each carrier, a whole carrier set at a time ({@link
   * RowCalls#addPerCarrier}). The few samples whose called allele count is not P (no-calls, haploid or partial
   * calls: {@link RowCalls#forEachCalledDelta}) are then corrected one by one to what {@link #score} gives them.
   * The effect allele's frequency for mean imputation is the AC and AN over the chosen samples. Rows of ploidy 0
   * (every call missing but a few) are read sample by sample.
   */
  private static final class Sparse implements Accumulator {
    final int[] samples;
    final Model model;
    final boolean meanImpute;
    final SampleSelection chosen;
    /** Per cohort sample, its index among the chosen, or -1. */
    final int[] slot;
    /** Cohort-indexed: what carrier sets added; the base and the corrections are added at the end. */
    final double[] carried;
    final double[] fix;
    final long[] countFix;
    final long[] allelesFix;
    final Probing odd;
    double baseSum;
    long baseCount;
    long baseAlleles;
    /** The row read: its ploidy, and the chosen samples whose call is not of it, with called and copies. */
    RowCalls row;
    int ploidy;
    final IntList deltaSamples = new IntList();
    final IntList deltaCalled = new IntList();
    final IntList deltaCopies = new IntList();
    /** Per cohort sample, its first entry in {@link #deltaSamples} while a row is read, else -1. */
    final int[] firstDelta;
    long calledAlleles;
    long altCopies = -1;
    boolean viaOdd;

    Sparse(GenotypeQueries engine, int[] samples, Model model, boolean meanImpute) {
      int n = engine.sampleNames().size();
      this.samples = samples;
      this.model = model;
      this.meanImpute = meanImpute;
      this.chosen = samples.length == n ? engine.allSamples() : engine.select(samples);
      slot = new int[n];
      Arrays.fill(slot, -1);
      for (int i = 0; i < samples.length; i++) {
        slot[samples[i]] = i;
      }
      carried = new double[n];
      fix = new double[samples.length];
      countFix = new long[samples.length];
      allelesFix = new long[samples.length];
      odd = new Probing(n, samples, model, meanImpute);
      firstDelta = new int[n];
      Arrays.fill(firstDelta, -1);
    }

    @Override
    public void read(RowCalls r) {
      row = r;
      ploidy = r.ploidy();
      viaOdd = ploidy == 0;
      if (viaOdd) {
        odd.read(r);
        return;
      }
      deltaSamples.clear();
      deltaCalled.clear();
      deltaCopies.clear();
      calledAlleles = (long) ploidy * samples.length;
      altCopies = -1;
      r.forEachCalledDelta((s, delta) -> {
        if (slot[s] >= 0) {
          calledAlleles += delta;
          deltaSamples.add(s);
          deltaCalled.add(delta); // a sample may be in several groups: summed below
        }
      });
      // a sample in several delta groups: its deltas summed into its first entry, the later ones -1 (one pass
      // with a per-sample index: a row with hundreds of no-calls made comparing each entry with the rest a
      // tenth of a whole-cohort score)
      for (int a = 0; a < deltaSamples.size(); a++) {
        int s = deltaSamples.get(a);
        int first = firstDelta[s];
        if (first < 0) {
          firstDelta[s] = a;
        } else {
          deltaCalled.set(first, deltaCalled.get(first) + deltaCalled.get(a));
          deltaSamples.set(a, -1);
        }
      }
      for (int a = 0; a < deltaSamples.size(); a++) {
        int s = deltaSamples.get(a);
        int called = s < 0 ? 0 : ploidy + deltaCalled.get(a);
        if (s >= 0) {
          firstDelta[s] = -1;
        }
        deltaCalled.set(a, called);
        // a no-call carries no ALT (the engine's calls: copies never exceed called alleles), so it needs no probe
        deltaCopies.add(s < 0 || called == 0 ? 0 : r.altCopies(s));
      }
    }

    @Override
    public void score(double weight, boolean alt) {
      if (viaOdd) {
        odd.score(weight, alt);
        return;
      }
      int p = ploidy;
      int dose0 = dose(model, alt ? 0 : p, p);
      double base = dose0 == 0 ? 0 : weight * dose0;
      baseSum += base;
      baseCount += p;
      baseAlleles += p;
      row.addPerCarrier(carried, copies -> {
        int d = dose(model, alt ? copies : p - copies, p) - dose0;
        return d == 0 ? 0 : weight * d;
      });
      double expected = Double.NaN;
      for (int a = 0; a < deltaSamples.size(); a++) {
        int s = deltaSamples.get(a);
        if (s < 0) {
          continue;
        }
        int i = slot[s];
        int called = deltaCalled.get(a);
        int copies = deltaCopies.get(a);
        // undo what the carrier sets and the base gave it as if its call were of ploidy p
        int given = copies == 0 ? 0 : dose(model, alt ? copies : p - copies, p) - dose0;
        if (given != 0) {
          carried[s] -= weight * given;
        }
        fix[i] -= base;
        countFix[i] -= p;
        allelesFix[i] -= p;
        if (called == 0) {
          if (meanImpute) {
            allelesFix[i] += p; // plink averages over the imputed call's alleles too
            if (Double.isNaN(expected)) {
              expected = expected(model, frequency(alt));
            }
            fix[i] += weight * expected;
          }
          continue;
        }
        int e = alt ? copies : called - copies;
        int d = dose(model, e, called);
        if (d != 0) {
          fix[i] += weight * d;
        }
        countFix[i] += called;
        allelesFix[i] += called;
      }
    }

    /** The effect allele's frequency among the chosen samples' called alleles. */
    private double frequency(boolean alt) {
      if (altCopies < 0) {
        altCopies = row.copiesAmong(chosen);
      }
      long effect = alt ? altCopies : calledAlleles - altCopies;
      return calledAlleles == 0 ? 0 : (double) effect / calledAlleles;
    }

    @Override
    public void finish(double[] sum, long[] count, long[] alleles) {
      odd.finish(sum, count, alleles);
      for (int i = 0; i < samples.length; i++) {
        sum[i] += carried[samples[i]] + fix[i] + baseSum;
        count[i] += baseCount + countFix[i];
        alleles[i] += baseAlleles + allelesFix[i];
      }
    }
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
