package org.dasgrid.webapp.guards;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.dasgrid.core.config.ServerSettings;
import org.dasgrid.webapp.das.DasErrors;
import org.dasgrid.webapp.http.JsonErrors;
import org.dasgrid.webapp.observe.Observability;

/**
 * Limits requests per client the way large public genome APIs do: a token bucket per client address
 * refilled at {@code requestsPerMinute} with room for a burst. Every answer says where the client stands
 * ({@code X-RateLimit-Limit/Remaining/Reset}); over the limit it gets a 429 with {@code Retry-After}, never a
 * silent drop.
 *
 * <p>This filter runs on every request, so it is kept cheap (it cost 20–25 % of small-answer throughput as a
 * Caffeine cache of {@code synchronized} buckets holding a {@code double}: ten threads of one client queued on
 * one monitor). Each bucket is one {@link AtomicLong} holding the bucket's "theoretical arrival time" (the
 * GCRA form of a token bucket): the instant at which it would be full again. A request takes a token by moving
 * that instant one refill interval later with a compare-and-set, so there is no lock and no allocation per
 * request. A bucket whose instant has passed is full, exactly like a bucket never created, so idle clients are
 * swept out of the map without changing anyone's answer.
 */
final class RateLimitFilter extends HttpFilter {
  private static final long serialVersionUID = 1L;
  /** Above this many clients a new client triggers a sweep of the full buckets (then the bar doubles). */
  private static final int FIRST_SWEEP = 4_096;

  private final transient ServerSettings.RateLimit limit;
  private final transient ConcurrentHashMap<String, AtomicLong> buckets = new ConcurrentHashMap<>();
  /** Nanoseconds to earn one token. */
  private final long interval;
  /** How far the full-again instant may run ahead of now and a token still be left: (burst - 1) tokens. */
  private final long tolerance;
  private final String limitHeader;
  private final String serverName;
  private volatile int sweepAt = FIRST_SWEEP;

  RateLimitFilter(ServerSettings.RateLimit limit, String serverName) {
    this.limit = limit;
    this.serverName = serverName;
    this.interval = Math.max(1, Math.round(60e9 / limit.requestsPerMinute()));
    this.tolerance = (limit.burst() - 1) * interval;
    this.limitHeader = Integer.toString(limit.requestsPerMinute());
  }

  @Override
  protected void doFilter(HttpServletRequest req, HttpServletResponse resp, FilterChain chain)
      throws IOException, ServletException {
    // health probes come from the orchestrator, not from clients; the servlet path is already mapped, where
    // the request URI would be decoded into a String for this test alone
    if (!limit.enabled() || "OPTIONS".equals(req.getMethod()) || "/health".equals(req.getServletPath())
        || req.getAttribute(Observability.WARMUP_ATTRIBUTE) != null) {
      chain.doFilter(req, resp);
      return;
    }
    AtomicLong bucket = bucket(client(req));
    long now = System.nanoTime();
    long full;
    boolean allowed;
    while (true) {
      long tat = bucket.get();
      long from = tat - now > 0 ? tat : now;
      allowed = from - now <= tolerance;
      full = allowed ? from + interval : from;
      if (!allowed || bucket.compareAndSet(tat, full)) {
        break;
      }
    }
    long ahead = full - now; // nanoseconds of refill until the bucket is full
    // addHeader: nothing set them before this filter, and setHeader would scan every header to replace one
    resp.addHeader("X-RateLimit-Limit", limitHeader);
    resp.addHeader("X-RateLimit-Remaining", Long.toString(limit.burst() - ceilDiv(ahead, interval)));
    resp.addHeader("X-RateLimit-Reset", Long.toString(ceilDiv(ahead, 1_000_000_000L)));
    if (allowed) {
      chain.doFilter(req, resp);
      return;
    }
    // the wait until one token is back
    refuse(req, resp, Math.max(1, ceilDiv(ahead - tolerance, 1_000_000_000L)));
  }

  private static long ceilDiv(long a, long b) {
    return a <= 0 ? 0 : (a + b - 1) / b;
  }

  /** The client's bucket; a lookup without allocation when it exists (the common case). */
  private AtomicLong bucket(String client) {
    AtomicLong b = buckets.get(client);
    if (b != null) {
      return b;
    }
    if (buckets.size() >= sweepAt) {
      sweepFullBuckets();
    }
    // a new bucket is full: the instant it is full again is now
    return buckets.computeIfAbsent(client, k -> new AtomicLong(System.nanoTime()));
  }

  /**
   * Drops every full bucket (its instant has passed): the client gets a fresh full one on its next request,
   * the same answer. A request racing the sweep may take its token from the dropped bucket: one token at most.
   */
  private synchronized void sweepFullBuckets() {
    if (buckets.size() < sweepAt) {
      return;
    }
    long now = System.nanoTime();
    buckets.entrySet().removeIf(e -> e.getValue().get() - now <= 0);
    sweepAt = Math.max(FIRST_SWEEP, buckets.size() * 2);
  }

  /** A 429 in the API's own error format: a DAS document (XML, or JSON when asked) for DAS, else JSON. */
  private void refuse(HttpServletRequest req, HttpServletResponse resp, long retryAfter) throws IOException {
    resp.setHeader("Retry-After", Long.toString(retryAfter));
    String message = "rate limit of " + limit.requestsPerMinute() + " requests per minute exceeded; retry in "
        + retryAfter + " s";
    if (DasErrors.isDasPath(req.getServletPath())) {
      boolean head = "HEAD".equals(req.getMethod());
      DasErrors.write(resp, 429, message, DasErrors.wantsJson(req.getQueryString()), !head, serverName);
    } else {
      JsonErrors.write(resp, 429, message);
    }
  }

  /** The client's address; the first X-Forwarded-For hop only when configured to trust a proxy in front. */
  private String client(HttpServletRequest req) {
    if (limit.trustForwardedFor()) {
      String xff = req.getHeader("X-Forwarded-For");
      if (xff != null && !xff.isBlank()) {
        int comma = xff.indexOf(',');
        return (comma < 0 ? xff : xff.substring(0, comma)).trim();
      }
    }
    return req.getRemoteAddr();
  }
}
