package org.dasgrid.core.registry;

import java.util.Locale;

/**
 * Refuses to go on loading once the heap is fuller than a configured share of its maximum, so a source too
 * large for this JVM fails with a clear message instead of an OutOfMemoryError that takes down the sources
 * already serving. Checked as loads report progress (every few thousand records).
 */
final class HeapGuard {
  private final double share;
  private final Runtime runtime = Runtime.getRuntime();

  HeapGuard(double share) {
    this.share = share;
  }

  void check() {
    if (share >= 1.0) {
      return;
    }
    long max = runtime.maxMemory();
    if (used() <= max * share) {
      return;
    }
    // garbage is not data: only a heap that is still too full after a collection stops the load
    System.gc();
    long used = used();
    if (used > max * share) {
      throw new HeapShareExceeded(String.format(Locale.ROOT,
          "refused: loading it would fill more than %.0f%% of the heap (%,d of %,d MB used; "
              + "server.maxHeapShare). Raise -Xmx, or serve the file tabix-indexed", share * 100,
          used >> 20, max >> 20));
    }
  }

  private long used() {
    return runtime.totalMemory() - runtime.freeMemory();
  }

  /** The heap share would be exceeded; the message says so for the user. */
  static final class HeapShareExceeded extends RuntimeException {
    private static final long serialVersionUID = 1L;

    HeapShareExceeded(String message) {
      super(message, null, false, false);
    }
  }
}
