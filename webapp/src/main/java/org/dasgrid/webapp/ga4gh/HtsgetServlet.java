package org.dasgrid.webapp.ga4gh;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Pattern;
import org.dasgrid.core.access.AccessCheck;
import org.dasgrid.core.config.Access;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.registry.SourceRegistry;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.webapp.http.Bearer;
import org.dasgrid.webapp.http.BaseUrl;

/**
 * htsget v1.3 for variants under {@code /htsget}: {@code GET|POST /variants/{source}} (or {@code
 * {source}.vcf}) answers a ticket whose URLs — the header as a {@code data:} URI, runs of whole BGZF blocks
 * of the source's bgzipped copy at {@code /blocks/{source}/{key}?start=&end=}, each at most {@code urlBytes}
 * (a larger slice is cut at block starts into several, for clients fetching in parallel or retrying one),
 * and the BGZF EOF block — concatenate to a bgzipped VCF holding every record that overlaps the regions (whole blocks add a few
 * neighbours, as the spec allows). {@code /variants/service-info} describes the service. A protected source
 * the client may not read is NotFound, like an unknown one, on every path.
 */
final class HtsgetServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private static final System.Logger LOG = System.getLogger(HtsgetServlet.class.getName());
  static final String TICKET_TYPE = "application/vnd.ga4gh.htsget.v1.3.0+json; charset=utf-8";
  private static final Pattern SOURCE_ID = Pattern.compile("[A-Za-z0-9_.-]{1,200}");
  /** tabix cannot index beyond 2^29 - 1. */
  private static final int MAX_TABIX_POSITION = (1 << 29) - 1;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final transient SourceRegistry registry;
  private final transient HtsgetCopies copies;
  private final transient ServiceInfos infos;
  private final long waitMillis;
  private final long urlBytes;

  /** @param urlBytes the most compressed bytes one ticket URL asks for: larger slices get several URLs */
  HtsgetServlet(SourceRegistry registry, HtsgetCopies copies, ServiceInfos infos, long waitMillis, long urlBytes) {
    this.registry = registry;
    this.copies = copies;
    this.infos = infos;
    this.waitMillis = waitMillis;
    this.urlBytes = urlBytes;
  }

  @Override
  protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    String m = req.getMethod();
    if (!m.equals("GET") && !m.equals("HEAD") && !m.equals("POST")) {
      resp.setHeader("Allow", "GET, HEAD, POST, OPTIONS");
      error(resp, 405, "InvalidInput", "method not supported; use GET or POST");
      return;
    }
    try {
      answer(req, resp);
    } catch (RequestException e) {
      error(resp, status(e.kind()), name(e.kind()), e.getMessage());
    } catch (UncheckedIOException e) {
      fail(req, resp, e);
    } catch (RuntimeException e) {
      fail(req, resp, e);
    }
  }

  private void fail(HttpServletRequest req, HttpServletResponse resp, RuntimeException e) throws IOException {
    String id = Long.toHexString(System.nanoTime());
    LOG.log(System.Logger.Level.ERROR, "request " + id + " failed: " + req.getRequestURI(), e);
    error(resp, 500, "InternalError", "internal error (reference " + id + ")");
  }

  private void answer(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    String path = req.getPathInfo() == null ? "" : req.getPathInfo();
    if (path.equals("/variants/service-info") || path.equals("/service-info")) {
      String base = BaseUrl.of(req);
      Ga4ghResponses.json(resp, 200, "application/json", out -> infos.htsget(base).write(out));
      return;
    }
    if (path.startsWith("/blocks/")) {
      blocks(req, resp, path.substring("/blocks/".length()));
      return;
    }
    if (!path.startsWith("/variants/")) {
      throw RequestException.notFound("no such resource; use /htsget/variants/{source}");
    }
    String id = path.substring("/variants/".length());
    if (id.endsWith(".vcf")) {
      id = id.substring(0, id.length() - 4);
    }
    LoadedSource source = readable(req, id);
    if (!HtsgetCopies.isVcf(source)) {
      throw RequestException.notFound("'%s' is not a VCF source", id);
    }
    if (req.getMethod().equals("POST") && req.getQueryString() != null && !req.getQueryString().isEmpty()) {
      // htsget: "POST requests MUST NOT use any of the query parameters defined for GET requests on the URL"
      throw RequestException.badArgument("a POST takes its parameters in the JSON body, not in the URL ('%s')",
          req.getQueryString().length() > 60 ? req.getQueryString().substring(0, 57) + "..." : req.getQueryString());
    }
    HtsgetQuery query = req.getMethod().equals("POST") ? HtsgetQuery.fromBody(body(req))
        : HtsgetQuery.fromQuery(req.getParameterMap());
    // references are resolved before the copy is made, so mistakes answer at once
    List<Resolved> regions = new ArrayList<>();
    for (HtsgetQuery.Region r : query.regions()) {
      regions.add(resolve(source, r));
    }
    BgzfVcf copy = copies.of(source);
    List<BgzfVcf.ByteRange> body = new ArrayList<>();
    if (!query.headerOnly()) {
      if (regions.isEmpty()) {
        body.add(new BgzfVcf.ByteRange(copy.bodyStart(), copy.bodyEnd()));
      }
      for (Resolved r : regions) {
        if (r.end1() >= r.start1()) {
          body.addAll(copy.blocks(r.contig(), r.start1(), r.end1()));
        }
      }
    }
    String token = source.config().access() == Access.TOKEN ? Bearer.token(req) : null;
    String base = BaseUrl.of(req);
    Ga4ghResponses.json(resp, 200, TICKET_TYPE,
        out -> ticket(out, base, source.id(), copy, copy.split(BgzfVcf.merge(body), urlBytes), query.headerOnly(),
            token));
  }

  /** A region's reference by the source's own name, and its 1-based inclusive range for tabix. */
  private record Resolved(String contig, int start1, int end1) {}

  private static Resolved resolve(LoadedSource source, HtsgetQuery.Region r) {
    EntryPoint ep = source.data().entryPoint(r.referenceName()).orElseThrow(() -> RequestException.notFound(
        "reference '%s' is not in %s", r.referenceName().length() > 40 ? r.referenceName().substring(0, 37) + "..."
            : r.referenceName(), source.id()));
    long end = r.end() < 0 ? MAX_TABIX_POSITION : Math.min(r.end(), MAX_TABIX_POSITION);
    long start = Math.min(r.start(), MAX_TABIX_POSITION);
    return new Resolved(ep.name(), (int) start + 1, (int) end);
  }

  /** {@code {"htsget": {"format": "VCF", "urls": [header, body..., EOF]}}}. */
  private static void ticket(OutputStream out, String base, String sourceId, BgzfVcf copy,
      List<BgzfVcf.ByteRange> body, boolean headerOnly, String token) throws IOException {
    try (JsonGenerator g = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
      g.writeStartObject();
      g.writeObjectFieldStart("htsget");
      g.writeStringField("format", "VCF");
      g.writeArrayFieldStart("urls");
      dataUrl(g, copy.header(), "header");
      String blocks = base + "/htsget/blocks/" + URLEncoder.encode(sourceId, StandardCharsets.UTF_8) + "/"
          + copy.key();
      for (BgzfVcf.ByteRange r : body) {
        g.writeStartObject();
        g.writeStringField("url", blocks + "?start=" + r.start() + "&end=" + r.end());
        if (token != null) {
          g.writeObjectFieldStart("headers");
          g.writeStringField("Authorization", "Bearer " + token);
          g.writeEndObject();
        }
        g.writeStringField("class", "body");
        g.writeEndObject();
      }
      // the EOF block ends every bgzipped file, a header-only one too
      dataUrl(g, BgzfVcf.EOF, headerOnly ? "header" : "body");
      g.writeEndArray();
      g.writeEndObject();
      g.writeEndObject();
    }
  }

  private static void dataUrl(JsonGenerator g, byte[] bytes, String cls) throws IOException {
    g.writeStartObject();
    g.writeStringField("url", "data:application/vnd.ga4gh.vcf;base64," + Base64.getEncoder().encodeToString(bytes));
    g.writeStringField("class", cls);
    g.writeEndObject();
  }

  /** {@code /blocks/{source}/{key}?start=&end=}: bytes of a copy, for a client that may read the source. */
  private void blocks(HttpServletRequest req, HttpServletResponse resp, String rest) throws IOException {
    int slash = rest.indexOf('/');
    if (slash < 0) {
      throw RequestException.notFound("no such blocks");
    }
    LoadedSource source = readable(req, rest.substring(0, slash));
    Path file = copies.file(source, rest.substring(slash + 1)).orElseThrow(() -> RequestException.notFound(
        "no such blocks (the ticket is from another server, or for a version of the source before a reload: ask"
            + " for a new ticket)"));
    long start = offset(req.getParameter("start"));
    long end = offset(req.getParameter("end"));
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      if (start >= end || end > ch.size()) {
        throw new RequestException(ErrorKind.OUT_OF_RANGE, "bytes [%d, %d) are not in the file", start, end);
      }
      resp.setStatus(200);
      resp.setContentType("application/octet-stream");
      resp.setContentLengthLong(end - start);
      resp.setHeader("Cache-Control", "private, max-age=3600");
      if (req.getMethod().equals("HEAD")) {
        return;
      }
      OutputStream out = resp.getOutputStream();
      long done = start;
      while (done < end) {
        done += ch.transferTo(done, end - done, Channels.newChannel(out));
      }
    }
  }

  private static long offset(String v) {
    if (v == null || !v.matches("[0-9]{1,18}")) {
      throw RequestException.badArgument("start and end must be byte offsets");
    }
    return Long.parseLong(v);
  }

  /** The source, if it exists, is ready and the client may read it; else NotFound (protected = unknown). */
  private LoadedSource readable(HttpServletRequest req, String id) {
    boolean ok = SOURCE_ID.matcher(id).matches() && registry.slot(id)
        .map(s -> AccessCheck.bearer(Bearer.token(req)).mayRead(s.config())).orElse(false);
    if (!ok) {
      throw RequestException.notFound("no source '%s'", id.length() > 60 ? id.substring(0, 57) + "..." : id);
    }
    try {
      return registry.require(id, waitMillis);
    } catch (RequestException e) {
      throw RequestException.unavailable("%s", e.getMessage());
    }
  }

  private static JsonNode body(HttpServletRequest req) throws IOException {
    try (InputStream in = req.getInputStream()) {
      byte[] bytes = in.readNBytes(1 << 20);
      if (in.read() >= 0) {
        throw new RequestException(ErrorKind.TOO_LARGE, "the POST body is larger than 1 MB");
      }
      return JSON.readTree(bytes);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw RequestException.badArgument("the POST body is not JSON: %s", e.getOriginalMessage());
    }
  }

  /** htsget's error names (v1.3 "Errors"): the one mapping. */
  static String name(ErrorKind kind) {
    return switch (kind) {
      case BAD_ARGUMENT -> "InvalidInput";
      case OUT_OF_RANGE -> "InvalidRange";
      case UNSUPPORTED -> "UnsupportedFormat";
      case TOO_LARGE -> "PayloadTooLarge";
      case UNKNOWN_SOURCE, UNKNOWN_REFERENCE, NOT_FOUND, UNKNOWN_OPERATION -> "NotFound";
      case LOADING, UNAVAILABLE -> "Unavailable";
      case INTERNAL -> "InternalError";
    };
  }

  static int status(ErrorKind kind) {
    return switch (kind) {
      case BAD_ARGUMENT, OUT_OF_RANGE, UNSUPPORTED -> 400;
      case TOO_LARGE -> 413;
      case UNKNOWN_SOURCE, UNKNOWN_REFERENCE, NOT_FOUND, UNKNOWN_OPERATION -> 404;
      case LOADING, UNAVAILABLE -> 503;
      case INTERNAL -> 500;
    };
  }

  /** {@code {"htsget": {"error", "message"}}}. */
  private static void error(HttpServletResponse resp, int status, String name, String message) throws IOException {
    Ga4ghResponses.error(resp, status, "htsget", "error", name, message);
  }
}
