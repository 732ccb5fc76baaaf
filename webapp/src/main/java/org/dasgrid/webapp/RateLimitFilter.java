package org.dasgrid.webapp;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.dasgrid.core.config.ServerSettings;
import org.dasgrid.core.render.DasExtensions;

/**
 * Limits requests per client the way large public genome APIs do: a token bucket per client address
 * refilled at {@code requestsPerMinute} with room for a burst. Every answer says where the client stands
 * ({@code X-RateLimit-Limit/Remaining/Reset}); over the limit it gets a 429 with {@code Retry-After}, never a
 * silent drop.
 */
final class RateLimitFilter extends HttpFilter {
  private static final long serialVersionUID = 1L;

  private final transient ServerSettings.RateLimit limit;
  private final transient Cache<String, Bucket> buckets;
  private final double perNano;

  RateLimitFilter(ServerSettings.RateLimit limit) {
    this.limit = limit;
    this.perNano = limit.requestsPerMinute() / 60e9;
    this.buckets = Caffeine.newBuilder().expireAfterAccess(Duration.ofMinutes(10)).maximumSize(1_000_000).build();
  }

  @Override
  protected void doFilter(HttpServletRequest req, HttpServletResponse resp, FilterChain chain)
      throws IOException, ServletException {
    // health probes come from the orchestrator, not from clients
    if (!limit.enabled() || "OPTIONS".equals(req.getMethod())
        || req.getRequestURI().startsWith(req.getContextPath() + "/health/")) {
      chain.doFilter(req, resp);
      return;
    }
    Bucket bucket = buckets.get(client(req), k -> new Bucket(limit.burst(), System.nanoTime()));
    long now = System.nanoTime();
    boolean allowed;
    double tokens;
    synchronized (bucket) {
      bucket.refill(now, perNano, limit.burst());
      allowed = bucket.tokens >= 1;
      if (allowed) {
        bucket.tokens -= 1;
      }
      tokens = bucket.tokens;
    }
    resp.setHeader("X-RateLimit-Limit", Integer.toString(limit.requestsPerMinute()));
    resp.setHeader("X-RateLimit-Remaining", Long.toString((long) Math.floor(tokens)));
    // seconds until the bucket is full again
    resp.setHeader("X-RateLimit-Reset", Long.toString((long) Math.ceil((limit.burst() - tokens) / perNano / 1e9)));
    if (allowed) {
      chain.doFilter(req, resp);
      return;
    }
    long retry = Math.max(1, (long) Math.ceil((1 - tokens) / perNano / 1e9));
    refuse(req, resp, retry);
  }

  private void refuse(HttpServletRequest req, HttpServletResponse resp, long retryAfter) throws IOException {
    resp.setStatus(429);
    resp.setHeader("Retry-After", Long.toString(retryAfter));
    resp.setHeader("Cache-Control", "no-store");
    String message = "rate limit of " + limit.requestsPerMinute() + " requests per minute exceeded; retry in "
        + retryAfter + " s";
    String body;
    if (req.getRequestURI().startsWith(req.getContextPath() + "/das")
        && !String.valueOf(req.getQueryString()).contains("format=json")) {
      resp.setContentType("text/xml;charset=UTF-8");
      body = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<DASERROR status=\"429\" xmlns=\""
          + DasExtensions.NAMESPACE + "\">" + message + "</DASERROR>\n";
    } else {
      resp.setContentType("application/json");
      body = "{\"error\":{\"status\":429,\"message\":\"" + message + "\"}}";
    }
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    resp.setContentLength(bytes.length);
    resp.getOutputStream().write(bytes);
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

  /** Tokens left for one client, refilled continuously. */
  private static final class Bucket {
    double tokens;
    long last;

    Bucket(double tokens, long now) {
      this.tokens = tokens;
      this.last = now;
    }

    void refill(long now, double perNano, int capacity) {
      tokens = Math.min(capacity, tokens + (now - last) * perNano);
      last = now;
    }
  }
}
