package org.dasgrid.webapp.access;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import org.dasgrid.webapp.http.Bearer;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import org.dasgrid.core.access.Caller;
import org.dasgrid.core.access.Passports;
import org.dasgrid.core.access.Refusal;
import org.dasgrid.core.access.TokenRejected;
import org.dasgrid.core.config.AccessLevel;
import org.dasgrid.core.config.DasGridConfig;
import org.dasgrid.core.config.SourceConfig;

/**
 * Controlled access at the edge, before any servlet: identifies the caller once (a bearer JWT verified by
 * {@link Passports}; any other bearer stays a static token for the {@code access: token} sources), routes the
 * path to a source and tier ({@link EndpointTiers}) and answers 401 (no valid token) or 403 (a token without
 * the visa) below the tier, naming what is missing, in the API's error format. So a cluster node never fans a
 * refused request out, and no cache or ETag of an answer is reached by a caller below its tier. Answers above
 * the public tier go to the {@link AuditLog}. Every servlet mapping must have a tier: start-up fails otherwise.
 */
public final class AccessGuard extends HttpFilter {
  private static final long serialVersionUID = 1L;
  /** The servlet-context attribute holding the {@link Passports} (null when no issuer is configured). */
  public static final String PASSPORTS_ATTRIBUTE = Passports.class.getName();

  private final transient DasGridConfig config;
  private final transient EndpointTiers tiers;
  private final transient Passports passports;
  private final transient AuditLog audit;
  private final transient RefusalResponses refusals;

  private AccessGuard(DasGridConfig config, Passports passports, AuditLog audit, String version) {
    this.config = config;
    this.tiers = new EndpointTiers(config.sources());
    this.passports = passports;
    this.audit = audit;
    this.refusals = new RefusalResponses(version);
  }

  /** Adds the guard after the filters already registered (it runs last, just before the servlets). */
  public static void register(ServletContext ctx, DasGridConfig config, String version) {
    Passports passports = null;
    if (config.server().auth().enabled()) {
      passports = new Passports(config.server().auth(), config.file().getParent());
      passports.prefetchKeys();
      ctx.setAttribute(PASSPORTS_ATTRIBUTE, passports);
    }
    AuditLog audit = config.server().auditLogFile()
        .map(f -> AuditLog.open(config.file().getParent().resolve(Path.of(f)))).orElse(null);
    ctx.addFilter("access", new AccessGuard(config, passports, audit, version))
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), true, "/*");
  }

  @Override
  public void init(FilterConfig filterConfig) throws ServletException {
    super.init(filterConfig);
    List<String> mappings = new ArrayList<>();
    for (ServletRegistration r : filterConfig.getServletContext().getServletRegistrations().values()) {
      if (!r.getClassName().startsWith("org.apache.")) {
        mappings.addAll(r.getMappings());
      }
    }
    List<String> uncovered = EndpointTiers.uncovered(mappings);
    if (!uncovered.isEmpty()) {
      throw new ServletException("servlet mappings without an access tier (EndpointTiers): " + uncovered);
    }
  }

  @Override
  protected void doFilter(HttpServletRequest req, HttpServletResponse resp, FilterChain chain)
      throws IOException, ServletException {
    String path = req.getRequestURI().substring(req.getContextPath().length());
    String bearer = Bearer.token(req);
    Caller caller;
    if (passports != null && Passports.looksLikeJwt(bearer)) {
      try {
        caller = passports.identify(bearer);
      } catch (TokenRejected e) {
        if (path.startsWith("/health/")) {
          caller = Caller.anonymous(null); // a probe's stale token does not take the server out of rotation
        } else {
          refusals.invalidToken(req, resp, path, e.getMessage());
          return;
        }
      }
    } else {
      caller = Caller.anonymous(bearer);
    }
    req.setAttribute(Callers.ATTRIBUTE, caller);
    if (passports == null && audit == null) {
      chain.doFilter(req, resp); // no issuer: nothing is tiered (the config says so), nothing to audit
      return;
    }
    Route route = tiers.route(path, req.getMethod(), req.getQueryString());
    Optional<SourceConfig> source = route.source().flatMap(config::source);
    if (source.isPresent() && route.tier().isPresent()) {
      Optional<Refusal> refused = Refusal.check(caller, source.get(), route.tier().get());
      if (refused.isPresent()) {
        refusals.refuse(req, resp, route, refused.get());
        return;
      }
    }
    HttpServletResponse out = passports == null ? resp : new PrivateAnswers(resp);
    boolean audited = audit != null && aboveThePublicTier(route, source, caller);
    try {
      chain.doFilter(req, out);
    } finally {
      if (audited) {
        audit(req, resp, route, caller);
      }
    }
  }

  /** Whether the answer gives more than anyone gets: a tier above public of its source, or a list to a token. */
  private static boolean aboveThePublicTier(Route route, Optional<SourceConfig> source, Caller caller) {
    if (source.isPresent()) {
      return source.get().tiers().level(route.tier().orElseThrow()) != AccessLevel.PUBLIC;
    }
    // Beacon queries answer each dataset at the caller's tier: audited when a token came with them
    return route.listing() && route.api().equals("beacon") && caller.authenticated()
        && (route.endpoint().equals("g_variants") || route.endpoint().equals("individuals")
            || route.endpoint().equals("biosamples"));
  }

  private void audit(HttpServletRequest req, HttpServletResponse resp, Route route, Caller caller) {
    long rows = req.getAttribute(Callers.ROWS_ATTRIBUTE) instanceof Long n ? n : -1;
    audit.record(new AuditEntry(Instant.now(), caller.subject(), caller.issuer(), route.source().orElse("*"),
        route.tier().map(t -> t.label()).orElse(""), req.getMethod(),
        req.getRequestURI().substring(req.getContextPath().length()), req.getQueryString(), resp.getStatus(), rows,
        resp.getHeader("X-Request-Id")));
  }

  @Override
  public void destroy() {
    if (audit != null) {
      audit.close();
    }
    if (passports != null) {
      passports.close();
    }
    super.destroy();
  }
}
