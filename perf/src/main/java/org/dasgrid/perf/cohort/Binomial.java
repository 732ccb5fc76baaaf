package org.dasgrid.perf.cohort;

import java.util.SplittableRandom;

/**
 * Binomial draws, so that a row's carriers and no-calls are counted with one or two random numbers instead of
 * one per genotype: exact by inversion for a mean below 30, else the normal approximation (its error is far
 * below what a synthetic cohort can notice).
 */
final class Binomial {
  private Binomial() {}

  static int draw(SplittableRandom rnd, int n, double p) {
    if (n <= 0 || p <= 0) {
      return 0;
    }
    if (p >= 1) {
      return n;
    }
    if (p > 0.5) {
      return n - draw(rnd, n, 1 - p);
    }
    double mean = n * p;
    if (mean < 30) {
      double ratio = p / (1 - p);
      double pk = Math.exp(n * Math.log1p(-p));
      double cdf = pk;
      double u = rnd.nextDouble();
      int k = 0;
      while (u > cdf && k < n && pk > 0) {
        pk *= ratio * (n - k) / (k + 1);
        k++;
        cdf += pk;
      }
      return k;
    }
    long k = Math.round(mean + Math.sqrt(mean * (1 - p)) * rnd.nextGaussian());
    return (int) Math.max(0, Math.min(n, k));
  }
}
