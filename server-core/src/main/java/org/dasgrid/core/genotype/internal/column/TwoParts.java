package org.dasgrid.core.genotype.internal.column;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.IntFunction;

/**
 * Work split in two parts run at once: part 1 on another thread ({@link CompletableFuture#supplyAsync}: the
 * common pool, or a thread of its own when the pool has one worker, as on two cores), part 0 on the caller.
 * For scans bound by memory latency (a whole-cohort score's carrier sets, a few samples' call bits over the
 * genome): one miss after another per row, which a second core overlaps. Each part must write only its own
 * state; the caller joins the results in order.
 */
public final class TwoParts {
  private TwoParts() {}

  /** {@code [part.apply(0), part.apply(1)]}, run at once; an exception of either part is rethrown. */
  public static <T> List<T> run(IntFunction<T> part) {
    CompletableFuture<T> second = CompletableFuture.supplyAsync(() -> part.apply(1));
    T first;
    try {
      first = part.apply(0);
    } catch (RuntimeException | Error e) {
      second.cancel(false);
      throw e;
    }
    try {
      return Arrays.asList(first, second.join());
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error r) {
        throw r;
      }
      throw e;
    }
  }
}
