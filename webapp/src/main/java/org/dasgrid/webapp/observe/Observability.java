package org.dasgrid.webapp.observe;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletContext;
import java.util.EnumSet;
import java.util.List;

/** Registers the request-id and metrics filters (first in the chain, so they see every request) and /metrics. */
public final class Observability {
  /** The request attribute holding the request's {@code X-Request-Id}. */
  public static final String REQUEST_ID_ATTRIBUTE = "org.dasgrid.requestId";
  /**
   * Set on the server's own start-up warm-up requests (see the webapp's {@code Warmup}): the access log, the
   * request metrics and the rate limiter leave them out.
   */
  public static final String WARMUP_ATTRIBUTE = "org.dasgrid.warmup";

  private Observability() {}

  /**
   * Call before any other filter is registered: filters run in the order they are added. A scrape of
   * {@code /metrics} with one of {@code adminDigests} as bearer token includes the protected sources' series.
   */
  public static void register(ServletContext ctx, DasGridMetrics metrics, List<String> adminDigests) {
    ctx.addFilter("request-id", new RequestIdFilter())
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
    ctx.addFilter("request-metrics", new RequestMetricsFilter(metrics))
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
    ctx.addServlet("metrics", new MetricsServlet(metrics, adminDigests)).addMapping("/metrics");
  }
}
