package org.dasgrid.webapp.guards;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Collection;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.dasgrid.core.access.AccessCheck;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.webapp.http.Bearer;

/**
 * CORS on every response, errors included, so browser clients (Biodalliance, igv.js) can read bodies and
 * the X-DAS headers; answers preflight {@code OPTIONS} requests itself. Answers from a token-protected source
 * carry no CORS headers, so pages on other origins cannot read them; a request for a protected source without
 * its token is answered like one for an unknown source, CORS headers included, so the headers do not tell
 * which protected ids exist.
 */
final class CorsFilter extends HttpFilter {
  private static final long serialVersionUID = 1L;
  private static final java.util.regex.Pattern SOURCE_PATH =
      java.util.regex.Pattern.compile("^/(?:das|genotypes|api/sources|files)/([^/]+)(?:/.*)?$");
  /** htsget's variants ({@code {source}} or {@code {source}.vcf}) and the blocks of its tickets. */
  private static final java.util.regex.Pattern HTSGET_PATH =
      java.util.regex.Pattern.compile("^/htsget/(?:variants|blocks)/([^/]+?)(?:\\.vcf)?(?:/.*)?$");

  private final transient Map<String, SourceConfig> protectedSources;

  /** @param protectedSources token-protected sources: browsers on other origins get no CORS for them */
  CorsFilter(Collection<SourceConfig> protectedSources) {
    this.protectedSources = protectedSources.stream()
        .collect(Collectors.toUnmodifiableMap(SourceConfig::id, Function.identity()));
  }
  static final String EXPOSED = "X-DAS-Version, X-DAS-Status, X-DAS-Server, X-DAS-Capabilities, ETag, "
      + "Server-Timing, X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, "
      + "X-DasGrid-Nodes, X-DasGrid-Partial, X-DasGrid-Count-Adjusted-To, WWW-Authenticate, Content-Range, "
      + "Content-Length, Accept-Ranges";

  @Override
  protected void doFilter(HttpServletRequest req, HttpServletResponse resp, FilterChain chain)
      throws IOException, ServletException {
    if (readsProtectedSource(req)) {
      chain.doFilter(req, resp);
      return;
    }
    // add, not set: nothing set them before this filter, and setHeader scans every header to replace one
    resp.addHeader("Access-Control-Allow-Origin", "*");
    resp.addHeader("Access-Control-Expose-Headers", EXPOSED);
    if ("OPTIONS".equals(req.getMethod()) && req.getHeader("Access-Control-Request-Method") != null) {
      resp.setHeader("Access-Control-Allow-Methods", "GET, HEAD, POST, OPTIONS");
      resp.setHeader("Access-Control-Allow-Headers",
          "If-None-Match, Accept, Accept-Encoding, Content-Type, Authorization, X-Request-Id, Range, If-Range");
      resp.setHeader("Access-Control-Max-Age", "86400");
      resp.setStatus(HttpServletResponse.SC_NO_CONTENT);
      return;
    }
    chain.doFilter(req, resp);
  }

  /** Whether the request is for a protected source and carries a token that may read it. */
  private boolean readsProtectedSource(HttpServletRequest req) {
    if (protectedSources.isEmpty()) {
      return false;
    }
    String path = req.getRequestURI().substring(req.getContextPath().length());
    if (path.startsWith("/refget/")) {
      // refget names sequences, not sources: a client that may read some protected source gets no CORS there
      AccessCheck access = AccessCheck.bearer(Bearer.token(req));
      return protectedSources.values().stream().anyMatch(access::mayRead);
    }
    java.util.regex.Matcher m = (path.startsWith("/htsget/") ? HTSGET_PATH : SOURCE_PATH).matcher(path);
    SourceConfig config = m.matches() ? protectedSources.get(m.group(1)) : null;
    return config != null && AccessCheck.bearer(Bearer.token(req)).mayRead(config);
  }
}
