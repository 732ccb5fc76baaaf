package org.dasgrid.core.genotype.cohort;

import java.util.Arrays;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.RowCalls;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.internal.column.IntList;

/**
 * Many samples: most calls of a row are of its ploidy P, and for those the dose depends on the copies only,
 * so a row adds {@code weight × dose(hom-ref)} once to a running base that every sample gets, and {@code
 * weight × (dose(copies) - dose(hom-ref))} to each carrier, a whole carrier set at a time ({@link
 * RowCalls#addPerCarrier}). The few samples whose called allele count is not P (no-calls, haploid or partial
 * calls: {@link RowCalls#forEachCalledDelta}) are then corrected one by one to what {@link ProbingScores#score} gives them.
 * The effect allele's frequency for mean imputation is the AC and AN over the chosen samples. Rows of ploidy 0
 * (every call missing but a few) are read sample by sample.
 */
final class CarrierSetScores implements ScoreAccumulator {
  final int[] samples;
  final DoseModel model;
  final boolean meanImpute;
  final SampleSelection chosen;
  /** Per cohort sample, its index among the chosen, or -1. */
  final int[] slot;
  /** Cohort-indexed: what carrier sets added; the base and the corrections are added at the end. */
  final double[] carried;
  final double[] fix;
  final long[] countFix;
  final long[] allelesFix;
  final ProbingScores odd;
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
  /** Above this many deltas in a row, their copies come from one walk of the row's carriers, not probes. */
  static final int PROBES_PER_ROW = 64;
  /** Cohort-indexed, zero but while a row's delta samples' copies are read from its carriers. */
  final int[] carrierCopies;
  long calledAlleles;
  long altCopies = -1;
  boolean viaOdd;

  CarrierSetScores(GenotypeQueries engine, int[] samples, DoseModel model, boolean meanImpute) {
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
    odd = new ProbingScores(n, samples, model, meanImpute);
    firstDelta = new int[n];
    Arrays.fill(firstDelta, -1);
    carrierCopies = new int[n];
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
    // the deltas' copies: probed one by one when they are few; when many (a biobank's chrX rows: every male a
    // haploid delta, 250,000 probes a row at 500,000 samples, most of a score's time) read from one walk of the
    // carriers, which are few at that scale
    boolean walk = deltaSamples.size() > PROBES_PER_ROW;
    if (walk) {
      r.forEachCarrier((s, copies) -> {
        if (firstDelta[s] >= 0) {
          carrierCopies[s] = copies;
        }
      });
    }
    for (int a = 0; a < deltaSamples.size(); a++) {
      int s = deltaSamples.get(a);
      int called = s < 0 ? 0 : ploidy + deltaCalled.get(a);
      if (s >= 0) {
        firstDelta[s] = -1;
      }
      deltaCalled.set(a, called);
      // a no-call carries no ALT (the engine's calls: copies never exceed called alleles), so it needs no probe
      int copies = s < 0 || called == 0 ? 0 : walk ? carrierCopies[s] : r.altCopies(s);
      if (walk && s >= 0) {
        carrierCopies[s] = 0;
      }
      deltaCopies.add(copies);
    }
  }

  @Override
  public void score(double weight, boolean alt) {
    if (viaOdd) {
      odd.score(weight, alt);
      return;
    }
    int p = ploidy;
    int dose0 = model.dose(alt ? 0 : p, p);
    double base = dose0 == 0 ? 0 : weight * dose0;
    baseSum += base;
    baseCount += p;
    baseAlleles += p;
    row.addPerCarrier(carried, copies -> {
      int d = model.dose(alt ? copies : p - copies, p) - dose0;
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
      int given = copies == 0 ? 0 : model.dose(alt ? copies : p - copies, p) - dose0;
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
            expected = model.expected(frequency(alt));
          }
          fix[i] += weight * expected;
        }
        continue;
      }
      int e = alt ? copies : called - copies;
      int d = model.dose(e, called);
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
