package org.dasgrid.core.source;

import java.util.function.Consumer;

/**
 * The capability of a source some of whose files are checked only after it has started serving (a genotype
 * index checked on first use or in the background, issue 30): it tells whoever serves it when a check fails, so
 * the source is marked unavailable with the reason (naming the file) just as a source refused at load is, in the
 * status pages and health checks as well as in its answers.
 */
public interface DamageReport {
  /**
   * Calls {@code reason} once with a one-line reason naming the damaged file when a deferred check fails (at
   * once if one already has); never when every check passes. Called on the thread that found the damage.
   */
  void whenDamaged(Consumer<String> reason);

  /**
   * Runs the deferred checks that no query has run yet, one file after another on the caller's thread, until all
   * have passed or one fails (then reported as above). The server calls it on its one background-check thread
   * once it is ready, so a large index's checks never compete with the start-up for the cores; a query reaching
   * an unchecked file checks it itself first, so nothing unchecked is served meanwhile.
   */
  void checkRemaining();
}
