package org.dasgrid.core.genotype.pieces;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.dasgrid.core.error.RequestException;

/**
 * The deferred checksum check of one piece (issue 30, open in seconds): run once, on the first query that reads
 * the piece or by the source's background pass, whichever comes first (the other waits for it). Until it has
 * passed, nothing of the piece is served; once any piece of the source has failed, the whole source answers
 * 503 with the reason, naming the piece: never a wrong answer.
 */
public final class PieceCheck {
  /** The check itself: throws with the reason when the piece is damaged. */
  @FunctionalInterface
  public interface Work {
    void run() throws Exception;
  }

  private final String source;
  private final String piece;
  private final Work work;
  private final AtomicReference<String> sourceFailure;
  private final Consumer<String> onFailure;
  private boolean passed;

  /**
   * {@code sourceFailure} is shared by the source's pieces: a failure of one stops them all; {@code onFailure} is
   * told the reason of the source's first failure (once, by the check that found it).
   */
  public PieceCheck(String source, String piece, Work work, AtomicReference<String> sourceFailure,
      Consumer<String> onFailure) {
    this.source = source;
    this.piece = piece;
    this.work = work;
    this.sourceFailure = sourceFailure;
    this.onFailure = onFailure;
  }

  /** Returns once the piece is checked and the source has no failed piece; else throws a 503-kind error. */
  public void await() {
    String failed = sourceFailure.get();
    if (failed == null) {
      synchronized (this) {
        if (!passed) {
          try {
            work.run();
            passed = true;
          } catch (Exception e) {
            String why = e instanceof org.dasgrid.core.genotype.BadIndexException ? e.getMessage() // names the file
                : piece + ": " + e;
            if (sourceFailure.compareAndSet(null, why)) {
              onFailure.accept(why);
            }
          }
        }
      }
      failed = sourceFailure.get();
    }
    if (failed != null) {
      throw RequestException.unavailable("'%s' is unavailable: %s (rebuild the index and reload)", source, failed);
    }
  }

  /** Runs the check if no query has yet; false when the source has a failed piece. */
  public boolean runNow() {
    try {
      await();
      return true;
    } catch (RequestException e) {
      return false;
    }
  }

  public String piece() {
    return piece;
  }
}
