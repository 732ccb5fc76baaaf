package org.dasgrid.webapp.app;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.dasgrid.core.cache.ResponseCache;
import org.dasgrid.core.das.DasService;

/**
 * Whether the start-up warm-up (the {@code warmup} room) is pending or running, the per-process secret its
 * requests carry, and the caches its answers are kept in. Held by the app because readiness ({@code
 * /health/ready}) waits for it and because the warm-up must leave no trace: its requests are answered through the
 * same code as the clients' but keep their answers in caches of their own ({@link #cache}, and the genotype
 * answers' through {@link #whenOver}), which count in no metric and are emptied when it ends, so a server is
 * ready with the clients' caches and counters as a fresh server's. None is pending unless the embedded server
 * begins one (a WAR has none).
 */
public final class WarmupState {
  private final String secret;
  private final ResponseCache cache;
  private final DasService das;
  private final List<Runnable> whenOver = new CopyOnWriteArrayList<>();
  private volatile CompletableFuture<Void> done = CompletableFuture.completedFuture(null);

  WarmupState(ResponseCache cache, DasService das) {
    byte[] b = new byte[16];
    new SecureRandom().nextBytes(b);
    this.secret = HexFormat.of().formatHex(b);
    this.cache = cache;
    this.das = das;
    whenOver.add(cache::invalidateAll);
  }

  /** The DAS response cache of the warm-up's requests: the clients' cache never sees them. */
  public ResponseCache cache() {
    return cache;
  }

  /** The DAS service of the warm-up's requests, over {@link #cache}. */
  public DasService das() {
    return das;
  }

  /** Runs {@code action} when the warm-up ends (emptying a cache of the warm-up's answers). */
  public void whenOver(Runnable action) {
    whenOver.add(action);
  }

  /** Called before the connector accepts anything, so no probe sees "ready" before the warm-up. */
  public void begin() {
    done = new CompletableFuture<>();
  }

  /** Ends the warm-up: readiness may say ready, and the warm-up's caches are emptied. */
  public void end() {
    whenOver.forEach(Runnable::run);
    done.complete(null);
  }

  public boolean warming() {
    return !done.isDone();
  }

  /** Completes when no warm-up is pending or running. */
  public CompletableFuture<Void> done() {
    return done;
  }

  /** The secret the warm-up's requests carry; it never leaves the process. */
  public String secret() {
    return secret;
  }

  /**
   * Whether a request carries the warm-up's secret. Not tied to {@link #warming}: the warm-up's last requests
   * may still be in flight when its time is up, and they must stay out of the logs too; the secret never
   * leaves the process, so no client can claim it.
   */
  public boolean isWarmupRequest(String header) {
    return header != null && secret.equals(header);
  }
}
