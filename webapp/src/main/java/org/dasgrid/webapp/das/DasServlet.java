package org.dasgrid.webapp.das;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.regex.Pattern;
import org.dasgrid.core.access.AccessCheck;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.cache.CachedResponse;
import org.dasgrid.core.cache.ResponseCache;
import org.dasgrid.core.das.DasRequest;
import org.dasgrid.core.das.DasResponse;
import org.dasgrid.core.das.DasService;
import org.dasgrid.core.das.DasStatus;
import org.dasgrid.core.das.ResponseFormat;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.webapp.app.DasGridApp;
import org.dasgrid.webapp.http.BaseUrl;
import org.dasgrid.webapp.http.Bearer;
import org.dasgrid.webapp.http.ClientAbort;
import org.dasgrid.webapp.http.FastGzip;
import org.dasgrid.webapp.http.HttpCaching;
import org.dasgrid.webapp.http.QueryReader;
import org.dasgrid.webapp.observe.Observability;
import org.dasgrid.webapp.access.Callers;
import org.dasgrid.core.config.Tier;

/**
 * HTTP in, DAS out: {@code /das/{command}}, {@code /das/{source}/{command}}, {@code /das/{source}}. Parses
 * the raw query string (DAS separates arguments with {@code ;}), hands the request to the core, and writes
 * the answer with ETag/304, gzip, and the serialized-response cache. All DAS errors are mapped here, once,
 * to a matching HTTP status and a small well-formed body.
 */
final class DasServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private static final System.Logger LOG = System.getLogger(DasServlet.class.getName());
  private static final Pattern SOURCE_ID = Pattern.compile("[A-Za-z0-9_.-]{1,128}");

  private final transient DasGridApp app;

  DasServlet(DasGridApp app) {
    this.app = app;
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    handle(req, resp, true);
  }

  @Override
  protected void doHead(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    handle(req, resp, false);
  }

  @Override
  protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    handle(req, resp, true);
  }

  @Override
  protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    String m = req.getMethod();
    if (m.equals("GET") || m.equals("HEAD") || m.equals("POST")) {
      try {
        super.service(req, resp);
      } catch (jakarta.servlet.ServletException e) {
        throw new IOException(e);
      }
      return;
    }
    resp.setHeader("Allow", "GET, HEAD, POST, OPTIONS");
    writeError(req, resp, new RequestException(ErrorKind.UNKNOWN_OPERATION, "method %s is not supported; use GET",
        m.length() > 10 ? m.substring(0, 10) : m), true);
  }

  private void handle(HttpServletRequest req, HttpServletResponse resp, boolean withBody) throws IOException {
    // the start-up warm-up's requests take the same path, with caches of their own (WarmupState)
    boolean warmup = req.getAttribute(Observability.WARMUP_ATTRIBUTE) != null;
    DasService das = warmup ? app.warmup().das() : app.das();
    QueryArguments args = QueryArguments.empty();
    try {
      args = QueryReader.read(req, app.config().server().maxQueryLength());
      DasRequest request = request(req, args);
      DasResponse response = das.handle(request);
      write(req, resp, response, withBody, warmup ? app.warmup().cache() : app.cache());
    } catch (RequestException e) {
      writeError(req, resp, e, withBody, ResponseFormat.wantsJson(args));
    } catch (IOException e) {
      if (!ClientAbort.causedBy(e)) {
        throw e;
      }
      // the client hung up mid-response: nothing to tell it, and its thread is free again
    } catch (RuntimeException e) {
      // the request id, so the client's error message, the access log and this log line name the same request
      String id = req.getAttribute(Observability.REQUEST_ID_ATTRIBUTE) instanceof String rid ? rid
          : Long.toHexString(System.nanoTime());
      LOG.log(System.Logger.Level.ERROR, "request " + id + " failed: " + req.getRequestURI(), e);
      if (!resp.isCommitted()) {
        writeError(req, resp, new RequestException(ErrorKind.INTERNAL, "internal error (reference %s)", id),
            withBody, ResponseFormat.wantsJson(args));
      }
    }
  }

  private DasRequest request(HttpServletRequest req, QueryArguments args) {
    String path = req.getPathInfo();
    String[] parts = path == null || path.equals("/") ? new String[0] : path.substring(1).split("/", -1);
    String base = BaseUrl.of(req) + "/das";
    AccessCheck access = Callers.access(req, Tier.VARIANTS); // DAS serves variant records (contract section 11)
    if (parts.length == 0) {
      return new DasRequest("", "sources", args, base, access);
    }
    if (parts.length > 2 || parts[parts.length - 1].isEmpty() && parts.length == 2) {
      throw new RequestException(ErrorKind.UNKNOWN_OPERATION, "no such DAS resource; use /das/{source}/{command}");
    }
    if (parts.length == 1) {
      String only = parts[0];
      if (only.equals("sources") || only.equals("dsn")) {
        return new DasRequest("", only, args, base, access);
      }
      return new DasRequest(checkSource(only), "sources", args, base, access);
    }
    return new DasRequest(checkSource(parts[0]), parts[1], args, base, access);
  }

  /** Source ids are URL-safe; anything else cannot be a source, whatever it tries to be. */
  private static String checkSource(String id) {
    if (!SOURCE_ID.matcher(id).matches() || id.equals(".") || id.equals("..")) {
      throw new RequestException(ErrorKind.UNKNOWN_SOURCE, "unknown data source");
    }
    return id;
  }

  private void write(HttpServletRequest req, HttpServletResponse resp, DasResponse response, boolean withBody,
      ResponseCache cache) throws IOException {
    String key = response.cacheKey();
    boolean gzip = HttpCaching.acceptsGzip(req);
    DasHeaders.set(resp, 200, app.serverName(), response.capabilities());
    response.headers().forEach(resp::setHeader);
    resp.setContentType(response.contentType());
    resp.setHeader("Vary", "Accept-Encoding");
    if (!key.isEmpty()) {
      resp.setHeader("ETag", HttpCaching.etag(key, gzip));
      if (HttpCaching.notModified(req, key)) {
        resp.setStatus(HttpServletResponse.SC_NOT_MODIFIED);
        return;
      }
    }
    // the counted lookup; a response that is a cached answer still has its bytes if the entry went meanwhile
    var cached = cache.get(key).or(response::cached);
    if (cached.isPresent()) {
      writeCached(resp, cached.get(), gzip, withBody);
      return;
    }
    if (!withBody) {
      return;
    }
    if (gzip) {
      resp.setHeader("Content-Encoding", "gzip");
    }
    OutputStream socket = resp.getOutputStream();
    OutputStream encoded = gzip ? new FastGzip(socket) : socket;
    CapturingOutputStream capture = key.isEmpty() ? null : new CapturingOutputStream(encoded, cache.maxEntryBytes());
    OutputStream sink = capture != null ? capture : encoded;
    BufferedOutputStream buffered = new BufferedOutputStream(sink, FastGzip.BUFFER);
    response.writeTo(buffered);
    buffered.flush();
    if (gzip) {
      ((FastGzip) encoded).finish();
    }
    if (capture != null) {
      byte[] bytes = capture.captured();
      if (bytes != null) {
        cache.put(key, new CachedResponse(bytes, response.contentType(), response.capabilities(),
            response.headers()));
      }
    }
  }

  private static void writeCached(HttpServletResponse resp, CachedResponse c, boolean gzip, boolean withBody)
      throws IOException {
    byte[] body = gzip ? c.gzipped() : c.body();
    if (gzip) {
      resp.setHeader("Content-Encoding", "gzip");
    }
    resp.setContentLength(body.length);
    if (withBody) {
      resp.getOutputStream().write(body);
    }
  }

  private void writeError(HttpServletRequest req, HttpServletResponse resp, RequestException e, boolean withBody)
      throws IOException {
    writeError(req, resp, e, withBody, false);
  }

  private void writeError(HttpServletRequest req, HttpServletResponse resp, RequestException e, boolean withBody,
      boolean json) throws IOException {
    if (e.kind() == ErrorKind.LOADING) {
      resp.setHeader("Retry-After", "5");
    }
    DasErrors.write(resp, DasStatus.of(e.kind()).code(), e.getMessage(), json, withBody, app.serverName());
  }
}
