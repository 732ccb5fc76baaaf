package org.dasgrid.perf.gatling;

import io.gatling.javaapi.core.Session;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * What one step of a simulation measured, for our own tables beside Gatling's report: the wall time from
 * its first user's start to its last user's end, the server's CPU time over the same window, per-request
 * latencies (ms, from Gatling's {@code responseTimeInMillis}), failures, "units" (segments for batches) and
 * per-user session lengths. Thread-safe; Gatling's users call it from their own threads.
 */
final class StepStats {
  private final Target target;
  private final int users;
  private final Runnable onBegin;
  private final AtomicInteger done = new AtomicInteger();
  private final LongAdder ko = new LongAdder();
  private final LongAdder units = new LongAdder();
  private final Samples latencies = new Samples();
  private final Samples sessions = new Samples();
  private final Samples waits = new Samples();
  private boolean begun;
  private long startNanos;
  private long endNanos;
  private long cpuStart = -1;
  private long cpuEnd = -1;
  private long[] cacheStart;
  private long[] cacheEnd;

  StepStats(Target target, int users, Runnable onBegin) {
    this.target = target;
    this.users = users;
    this.onBegin = onBegin;
  }

  StepStats(Target target, int users) {
    this(target, users, () -> {});
  }

  /** Called by each user first; the first call opens the window (after {@code onBegin}, e.g. a cache flush). */
  synchronized Session begin(Session session) {
    if (!begun) {
      onBegin.run();
      cacheStart = target.cacheCounts().orElse(null);
      cpuStart = target.cpuNanos();
      startNanos = System.nanoTime();
      begun = true;
    }
    return session.set("t0", System.nanoTime()).set("waited", 0);
  }

  /** After each request: records its time (saved as {@code rt}) or its failure, and clears the failure. */
  Session record(Session session, int unitsPerRequest) {
    if (session.isFailed() || !session.contains("rt")) {
      ko.increment();
      return session.markAsSucceeded().remove("rt");
    }
    int rt = session.getInt("rt");
    latencies.add(rt);
    units.add(unitsPerRequest);
    return session.remove("rt").set("waited", session.getInt("waited") + rt);
  }

  /** Called by each user last; the last call closes the window. */
  Session end(Session session) {
    long now = System.nanoTime();
    sessions.add((int) ((now - session.getLong("t0")) / 1_000_000));
    waits.add(session.getInt("waited"));
    if (done.incrementAndGet() == users) {
      synchronized (this) {
        endNanos = System.nanoTime();
        cpuEnd = target.cpuNanos();
        cacheEnd = target.cacheCounts().orElse(null);
      }
    }
    return session;
  }

  /**
   * The share of the step's cacheable requests that DasGrid answered from its response cache (hits / (hits +
   * misses) between the step's start and end, from the server's own counters), or NaN when not measured.
   */
  synchronized double cacheHitRatio() {
    if (cacheStart == null || cacheEnd == null) {
      return Double.NaN;
    }
    long hits = cacheEnd[0] - cacheStart[0];
    long misses = cacheEnd[1] - cacheStart[1];
    return hits + misses == 0 ? Double.NaN : (double) hits / (hits + misses);
  }

  synchronized double seconds() {
    return endNanos > startNanos ? (endNanos - startNanos) / 1e9 : Double.NaN;
  }

  long ok() {
    return latencies.count();
  }

  long failed() {
    return ko.sum();
  }

  double perSecond() {
    return ok() / seconds();
  }

  double unitsPerSecond() {
    return units.sum() / seconds();
  }

  long units() {
    return units.sum();
  }

  /** Server CPU over the window as % of one core; NaN when unknown. */
  synchronized double cpuPercent() {
    if (cpuStart < 0 || cpuEnd < 0) {
      return Double.NaN;
    }
    return 100.0 * (cpuEnd - cpuStart) / (endNanos - startNanos);
  }

  /** Server CPU ms per {@code per} units (e.g. per 1000 segments); NaN when unknown. */
  synchronized double cpuMsPer(long per) {
    if (cpuStart < 0 || cpuEnd < 0 || units.sum() == 0) {
      return Double.NaN;
    }
    return (cpuEnd - cpuStart) / 1e6 * per / units.sum();
  }

  Samples latencies() {
    return latencies;
  }

  /** Per user: ms from its first request to its last response, pauses included. */
  Samples sessions() {
    return sessions;
  }

  /** Per user: the sum of its response times (ms), i.e. the session without its think time. */
  Samples waits() {
    return waits;
  }

  /** A growable list of int samples with percentiles. */
  static final class Samples {
    private int[] values = new int[1024];
    private int size;

    synchronized void add(int v) {
      if (size == values.length) {
        values = Arrays.copyOf(values, size * 2);
      }
      values[size++] = v;
    }

    synchronized long count() {
      return size;
    }

    /** The p-th percentile (nearest rank), NaN when empty. */
    synchronized double percentile(double p) {
      if (size == 0) {
        return Double.NaN;
      }
      int[] sorted = Arrays.copyOf(values, size);
      Arrays.sort(sorted);
      int rank = (int) Math.ceil(p / 100.0 * size);
      return sorted[Math.max(0, Math.min(size - 1, rank - 1))];
    }

    synchronized double mean() {
      if (size == 0) {
        return Double.NaN;
      }
      long sum = 0;
      for (int i = 0; i < size; i++) {
        sum += values[i];
      }
      return (double) sum / size;
    }
  }
}
