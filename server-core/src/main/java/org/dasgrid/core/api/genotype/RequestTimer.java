package org.dasgrid.core.api.genotype;

import java.util.function.Supplier;

/**
 * The two timings every genotype answer reports: {@code elapsed_ms}, from the request's arrival to the end
 * of the answer, and {@code elapsed_db_ms}, the time spent inside the genotype engine. The elapsed time is
 * frozen the first time the end of the answer asks for it, so the body and the {@code Server-Timing} header
 * of a buffered answer carry the same numbers. Used by one request thread.
 */
public final class RequestTimer {
  private final long startNanos;
  private long dbNanos;
  private double finalElapsed = Double.NaN;

  public RequestTimer(long startNanos) {
    this.startNanos = startNanos;
  }

  /** Runs engine work, adding its duration to {@code elapsed_db_ms}. */
  public <T> T db(Supplier<T> work) {
    long t = System.nanoTime();
    try {
      return work.get();
    } finally {
      dbNanos += System.nanoTime() - t;
    }
  }

  /**
   * Makes {@code elapsed_db_ms} the given engine time: in a cluster answer that is the nodes' (the longest of
   * those working in parallel), not the wall time of asking them, which is part of {@code elapsed_ms}.
   */
  public void useEngineNanos(long nanos) {
    dbNanos = nanos;
  }

  public double dbMillis() {
    return millis(dbNanos);
  }

  /** Elapsed so far (for a header sent before the end of a streamed answer). */
  public double elapsedMillisNow() {
    return Double.isNaN(finalElapsed) ? millis(System.nanoTime() - startNanos) : finalElapsed;
  }

  /** Elapsed at the end of the answer: measured on the first call, the same on later ones. */
  public double finalElapsedMillis() {
    if (Double.isNaN(finalElapsed)) {
      finalElapsed = millis(System.nanoTime() - startNanos);
    }
    return finalElapsed;
  }

  /** A {@code Server-Timing} header value (RFC: durations in milliseconds). */
  public String serverTiming(double elapsedMillis) {
    // as String.format("elapsed_db;dur=%.3f, elapsed;dur=%.3f"), which cost more than a small answer's engine
    StringBuilder sb = new StringBuilder(48).append("elapsed_db;dur=");
    threeDecimals(dbMillis(), sb);
    sb.append(", elapsed;dur=");
    threeDecimals(elapsedMillis, sb);
    return sb.toString();
  }

  /** {@code %.3f} of milliseconds rounded to the microsecond ({@link #millis}), non-negative. */
  static void threeDecimals(double millis, StringBuilder sb) {
    long micros = Math.round(millis * 1_000);
    long fraction = micros % 1_000;
    sb.append(micros / 1_000).append('.');
    if (fraction < 100) {
      sb.append(fraction < 10 ? "00" : "0");
    }
    sb.append(fraction);
  }

  /** Milliseconds rounded to the microsecond. */
  static double millis(long nanos) {
    return Math.round(nanos / 1_000.0) / 1_000.0;
  }
}
