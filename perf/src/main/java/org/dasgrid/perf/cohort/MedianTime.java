package org.dasgrid.perf.cohort;

import java.util.Arrays;
import java.util.function.IntSupplier;

/** In-process timing of a call: the median over repeated calls, shared by the engine timing tools. */
public final class MedianTime {
  private MedianTime() {}

  /**
   * The median time of one call over {@code n} calls, in ns; each call returns its answer's size, summed so
   * that the JIT cannot drop the work.
   */
  public static double nanos(int n, IntSupplier call) {
    long[] t = new long[n];
    long sink = 0;
    for (int i = 0; i < n; i++) {
      long t0 = System.nanoTime();
      int size = call.getAsInt();
      t[i] = System.nanoTime() - t0;
      sink += size;
    }
    if (sink == 42) {
      System.out.print("");
    }
    Arrays.sort(t);
    return t[n / 2];
  }
}
