package org.dasgrid.core.genotype.cohort;

import org.dasgrid.core.genotype.RowCalls;

/** Reads every chosen sample's call per row (few samples: a few set probes each). */
final class ProbingScores implements ScoreAccumulator {
  final int[] samples;
  final DoseModel model;
  final boolean meanImpute;
  final byte[] called;
  final byte[] copies;
  final double[] sum;
  final long[] count;
  final long[] alleles;
  int ploidy;

  ProbingScores(int n, int[] samples, DoseModel model, boolean meanImpute) {
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
    score(weight, alt, ploidy, samples, called, copies, model, meanImpute, sum, count, alleles);
  }

  @Override
  public void finish(double[] s, long[] c, long[] a) {
    System.arraycopy(sum, 0, s, 0, sum.length);
    System.arraycopy(count, 0, c, 0, count.length);
    System.arraycopy(alleles, 0, a, 0, alleles.length);
  }

  /**
   * Adds one matched row to every chosen sample's score, in one pass over them: called samples get their dose;
   * the missing ones are remembered and, with mean imputation, get the expected dose once the pass has counted
   * the effect allele's frequency.
   */
  private static void score(double weight, boolean alt, int ploidy, int[] samples, byte[] called, byte[] copies,
      DoseModel model, boolean meanImpute, double[] sum, long[] count, long[] alleles) {
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
      int dose = model.dose(e, c);
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
    double expected = model.expected(freq);
    for (int i = 0; i < samples.length; i++) {
      if (called[samples[i]] == 0) {
        sum[i] += weight * expected;
        alleles[i] += ploidy; // plink averages over the imputed call's alleles too
      }
    }
  }
}
