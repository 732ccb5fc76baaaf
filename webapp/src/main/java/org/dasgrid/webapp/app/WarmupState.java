package org.dasgrid.webapp.app;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;

/**
 * Whether the start-up warm-up (the {@code warmup} room) is pending or running, and the per-process secret its
 * requests carry. Held by the app because readiness ({@code /health/ready}) waits for it and the caches keep
 * the warm-up's answers apart from the clients' until it is over; none is pending unless the embedded server
 * begins one (a WAR has none).
 */
public final class WarmupState {
  private final String secret;
  private volatile CompletableFuture<Void> done = CompletableFuture.completedFuture(null);

  WarmupState() {
    byte[] b = new byte[16];
    new SecureRandom().nextBytes(b);
    this.secret = HexFormat.of().formatHex(b);
  }

  /** Called before the connector accepts anything, so no probe sees "ready" before the warm-up. */
  public void begin() {
    done = new CompletableFuture<>();
  }

  public void end() {
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
