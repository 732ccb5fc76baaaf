package org.dasgrid.webapp.genotypes;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Pattern;
import org.dasgrid.core.access.AccessCheck;
import org.dasgrid.core.api.cohort.CohortEndpoint;
import org.dasgrid.core.api.export.ExportEndpoint;
import org.dasgrid.core.api.export.FrequenciesEndpoint;
import org.dasgrid.core.api.genotype.AnalyticsJsonWriter;
import org.dasgrid.core.api.genotype.AnalyticsRequest;
import org.dasgrid.core.api.genotype.GeneArguments;
import org.dasgrid.core.api.genotype.GenotypeEndpoint;
import org.dasgrid.core.api.genotype.GenotypeJsonWriter;
import org.dasgrid.core.api.genotype.GenotypeRequest;
import org.dasgrid.core.api.genotype.GenotypeResult;
import org.dasgrid.core.api.genotype.RequestTimer;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.cache.CachedResponse;
import org.dasgrid.core.cache.OpenGzip;
import org.dasgrid.core.cluster.ClusterSource;
import org.dasgrid.core.cluster.ClusterView;
import org.dasgrid.core.cluster.FanOutOptions;
import org.dasgrid.core.cluster.FanOutReport;
import org.dasgrid.core.config.ServerSettings;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.genotype.AnalyticsAnswer;
import org.dasgrid.core.genotype.Bracket;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.GenotypeSource;
import org.dasgrid.webapp.app.DasGridApp;
import org.dasgrid.webapp.http.Bearer;
import org.dasgrid.webapp.http.ClientAbort;
import org.dasgrid.webapp.http.FastGzip;
import org.dasgrid.webapp.http.HttpCaching;
import org.dasgrid.webapp.http.JsonErrors;
import org.dasgrid.webapp.http.QueryReader;
import org.dasgrid.webapp.observe.Observability;
import org.dasgrid.webapp.access.Callers;
import org.dasgrid.webapp.access.CountRule;

/**
 * HTTP in, JSON out for genotype queries: {@code /genotypes/{source}/variants|samples|count} (GET, or POST
 * with a form body for long sample lists). Answers up to {@value #BUFFERED} bytes are buffered so that their
 * {@code Server-Timing} header carries the same timings as the body; larger ones stream (gzip-compressed
 * when the client accepts it) and their header carries the time to the first byte. Errors are mapped here,
 * once, to {@code {"error":{"status":N,"message":"..."}}}: 400 for bad arguments, 404 for an unknown source,
 * a source without genotypes or an unknown query, 503 while a source loads.
 */
final class GenotypeServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private static final System.Logger LOG = System.getLogger(GenotypeServlet.class.getName());
  private static final Pattern SOURCE_ID = Pattern.compile("[A-Za-z0-9_.-]{1,128}");
  static final int BUFFERED = 256 * 1024;
  /** More than the timings and the end of an answer take ({@code ,"elapsed_db_ms":…,"elapsed_ms":…}\n). */
  private static final int TIMINGS_ROOM = 256;

  private final transient DasGridApp app;
  /** Rendered analytics answers: 256 MB at most, none above 32 MB (a whole-chromosome listing is not kept). */
  private final transient AnalyticsAnswerCache clientAnswers = new AnalyticsAnswerCache(256L << 20, 32 << 20);
  /** The start-up warm-up's: the same path, counted nowhere, emptied when it ends (WarmupState). */
  private final transient AnalyticsAnswerCache warmupAnswers = new AnalyticsAnswerCache(16L << 20, 4 << 20);
  /**
   * Deflates the BGZF blocks of VCF exports, all exports together: two threads, so compression takes at most two
   * cores however many exports run (each holds at most {@link ExportAnswers#BGZF_IN_FLIGHT} blocks in it).
   */
  private final transient java.util.concurrent.ExecutorService compressors =
      java.util.concurrent.Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "dasgrid-bgzf");
        t.setDaemon(true);
        return t;
      });

  GenotypeServlet(DasGridApp app) {
    this.app = app;
    app.warmup().whenOver(warmupAnswers::invalidateAll);
    io.micrometer.core.instrument.MeterRegistry meters = app.metrics().registry();
    io.micrometer.core.instrument.FunctionCounter.builder("dasgrid.answers.hits", clientAnswers,
            AnalyticsAnswerCache::hits)
        .description("Analytics answers sent from the rendered-answer cache").register(meters);
    io.micrometer.core.instrument.FunctionCounter.builder("dasgrid.answers.misses", clientAnswers,
        AnalyticsAnswerCache::misses).description("Analytics answers looked up and not kept (rendered)")
        .register(meters);
  }

  @Override
  public void destroy() {
    compressors.shutdownNow();
    super.destroy();
  }

  @Override
  protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    long received = System.nanoTime();
    String m = req.getMethod();
    if (!m.equals("GET") && !m.equals("HEAD") && !m.equals("POST")) {
      resp.setHeader("Allow", "GET, HEAD, POST, OPTIONS");
      writeError(resp, 405, "method " + (m.length() > 10 ? m.substring(0, 10) : m) + " is not supported; use GET");
      return;
    }
    RequestTimer timer = new RequestTimer(received);
    try {
      answer(req, resp, timer);
    } catch (RequestException e) {
      if (e.kind() == ErrorKind.LOADING) {
        resp.setHeader("Retry-After", "5");
      }
      writeError(resp, status(e), e.getMessage());
    } catch (IOException e) {
      if (!ClientAbort.causedBy(e)) {
        throw e;
      }
      // the client went away mid-answer; nothing to tell it
    } catch (RuntimeException e) {
      String id = Long.toHexString(System.nanoTime());
      LOG.log(System.Logger.Level.ERROR, "request " + id + " failed: " + req.getRequestURI(), e);
      if (!resp.isCommitted()) {
        writeError(resp, 500, "internal error (reference " + id + ")");
      }
    }
  }

  /** Answers a request; for HEAD the container sends the headers and drops the body. */
  private void answer(HttpServletRequest req, HttpServletResponse resp, RequestTimer timer) throws IOException {
    AnalyticsAnswerCache answers =
        req.getAttribute(Observability.WARMUP_ATTRIBUTE) != null ? warmupAnswers : clientAnswers;
    String path = req.getPathInfo() == null ? "" : req.getPathInfo();
    String[] parts = path.startsWith("/") ? path.substring(1).split("/", -1) : new String[0];
    if (parts.length != 2 || !SOURCE_ID.matcher(parts[0]).matches()) {
      throw new RequestException(ErrorKind.UNKNOWN_OPERATION, "no such resource; use /genotypes/{source}/variants, "
          + "/genotypes/{source}/samples or /genotypes/{source}/count");
    }
    java.util.Optional<CohortEndpoint> cohort = CohortEndpoint.named(parts[1]);
    boolean export = parts[1].equals(ExportEndpoint.PATH) || parts[1].equals(FrequenciesEndpoint.PATH);
    GenotypeEndpoint endpoint = cohort.isPresent() || export ? null : GenotypeEndpoint.named(parts[1]).orElseThrow(() ->
        new RequestException(ErrorKind.UNKNOWN_OPERATION, "unknown genotype query '%s'; use variants, samples, "
            + "count, sex-check, kinship, score, inheritance, hom-ref, sample-counts, strata, export or frequencies",
            shorten(parts[1])));
    // a protected source the client may not read answers exactly like an unknown one
    boolean readable = app.registry().slot(parts[0])
        .map(s -> AccessCheck.bearer(Bearer.token(req)).mayRead(s.config())).orElse(false);
    if (!readable) {
      throw new RequestException(ErrorKind.UNKNOWN_SOURCE, "unknown data source '%s'", shorten(parts[0]));
    }
    LoadedSource source = app.registry().require(parts[0], app.config().server().requestTimeoutMillis());
    if (source.data().capability(GenotypeSource.class).isEmpty()) {
      throw new RequestException(ErrorKind.UNKNOWN_SOURCE,
          "data source '%s' has no genotypes (a VCF source with 'genotypes: true' has)", parts[0]);
    }
    ServerSettings limits = app.config().server();
    if (export) {
      // cohort exports and frequencies (contract section 12): the local engine's records, not a cluster's view
      GenotypeQueries local = ((GenotypeSource) source.data()).genotypes();
      if (parts[1].equals(ExportEndpoint.PATH)) {
        ExportAnswers.answer(req, resp, source, local, limits, timer, compressors);
      } else {
        FrequencyAnswers.answer(req, resp, source, local, limits, timer);
      }
      return;
    }
    if (cohort.isPresent()) {
      // the sample-level queries read every call of the rows: the local engine only, not a cluster's view
      CohortAnswers.answer(cohort.get(), req, resp, source, source.data(),
          source.data().capability(GenotypeSource.class).orElseThrow().genotypes(), limits, timer);
      return;
    }
    // gene= becomes the segments of the genes' spans before any reader sees the request (contract section 7)
    QueryArguments asked = QueryReader.read(req, limits.maxQueryLength());
    GeneArguments genes = GeneArguments.resolve(asked, source.genes(), source.data(), limits.maxSegmentsPerRequest());
    QueryArguments args = genes.args();
    DataSource data = source.data();
    ClusterView cluster = null;
    if (data instanceof ClusterSource sharded) {
      // a cohort split over nodes: this request's view asks the others and reports who answered
      cluster = sharded.open(FanOutOptions.of(args.single("partial"), limits.maxFeaturesPerResponse()));
      data = cluster;
    }
    GenotypeQueries engine = data.capability(GenotypeSource.class).orElseThrow().genotypes();
    AnalyticsAnswer analytics = null;
    GenotypeResult result;
    String keptKey = null; // set when the answer may be kept for the next asker (AnalyticsAnswerCache)
    Bracket bracket = Bracket.ANY; // start=/end= as read, said in the answer
    // statistics, filters and paging (contract section 7; a sharded source pages, the rest needs one node)
    if (AnalyticsRequest.applies(endpoint, args)) {
      AnalyticsRequest request = AnalyticsRequest.parse(endpoint, args, data, engine,
          limits.maxSegmentsPerRequest(), limits.maxFeaturesPerResponse(), limits.maxGenotypeSpan(), source.sheet());
      bracket = request.query().filter().bracket();
      if (endpoint == GenotypeEndpoint.COUNT) {
        result = timer.db(() -> new GenotypeResult.Count(request.count(engine))); // a filtered count
      } else {
        if (cluster == null && !cacheControl(req, "no-store")) {
          // asked again of the same loaded source: the rendered answer, if kept (arguments checked above)
          keptKey = AnalyticsAnswerCache.key(source, parts[1], wantsNdjson(req), asked, args);
          String k = keptKey;
          CachedResponse kept = cacheControl(req, "no-cache") ? null : timer.db(() -> answers.get(k));
          if (kept != null && HttpCaching.acceptsGzip(req)) {
            sendKeptGzip(resp, timer, wantsNdjson(req), kept);
            return;
          }
          if (kept != null) {
            TimedBody body = body(resp, timer, wantsNdjson(req), false,
                kept.body().length + 256 > BUFFERED ? 0 : BUFFERED, "hit");
            GenotypeJsonWriter.writeKept(kept.body(), timer, body);
            body.finish();
            return;
          }
        }
        analytics = timer.db(() -> request.run(engine));
        result = new GenotypeResult.Variants(analytics.rows());
      }
    } else {
      GenotypeRequest request = GenotypeRequest.parse(endpoint, args, data, engine, limits.maxSegmentsPerRequest(),
          limits.maxFeaturesPerResponse(), limits.maxGenotypeSpan(), source.sheet());
      result = timer.db(() -> request.run(engine));
    }
    if (result instanceof GenotypeResult.Count c) {
      // below the controlled tier no count in 1..minCount-1 (contract section 11)
      result = new GenotypeResult.Count(CountRule.floor(req, resp, source.config(), c.answer()));
    }
    Callers.noteRows(req, result instanceof GenotypeResult.Variants v ? v.answer().size()
        : result instanceof GenotypeResult.Samples smp ? smp.answer().size() : 1);
    FanOutReport report = cluster == null ? null : cluster.report();
    if (report != null) {
      timer.useEngineNanos(report.engineNanos());
    }
    boolean ndjson = wantsNdjson(req);
    boolean gzip = HttpCaching.acceptsGzip(req);
    // an answer sure to be larger than BUFFERED streams from its first byte: holding it first would only delay it
    int hold = GenotypeJsonWriter.minimumLength(result) > BUFFERED ? 0 : BUFFERED;
    TimedBody body = body(resp, timer, ndjson, gzip, hold, keptKey == null ? null : "miss");
    // a no-cache request whose answer is kept already: the same bytes (the key holds the source's generation),
    // so they are not copied and kept again (two copies of the whole answer, 7 MB for BRCA2's statistics)
    if (analytics != null && keptKey != null && !answers.holds(keptKey)) {
      AnalyticsAnswerCache.Capture capture = answers.capture(body);
      AnalyticsJsonWriter.write(analytics, ndjson, report, genes.genes(), bracket, timer, capture);
      body.finish();
      // the timings are in the last bytes: find them there, then keep everything before them
      byte[] tail = capture.tail(TIMINGS_ROOM);
      int before = tail == null ? -1 : GenotypeJsonWriter.timingsStart(tail, tail.length);
      if (before >= 0) {
        answers.put(keptKey, capture.head(capture.length() - tail.length + before),
            ndjson ? GenotypeJsonWriter.NDJSON : GenotypeJsonWriter.JSON);
      }
      return;
    }
    if (analytics != null) {
      AnalyticsJsonWriter.write(analytics, ndjson, report, genes.genes(), bracket, timer, body);
    } else {
      GenotypeJsonWriter.write(result, ndjson, report, genes.genes(), bracket, timer, body);
    }
    body.finish();
  }

  /**
   * The body of a genotype answer, with its headers set when the first byte goes out (or, for an answer held
   * whole, with its length); {@code cache}: the {@link AnalyticsAnswerCache#HEADER} value, or null.
   */
  private static TimedBody body(HttpServletResponse resp, RequestTimer timer, boolean ndjson, boolean gzip, int hold,
      String cache) {
    return new TimedBody(hold, (complete, length) -> {
      headers(resp, timer, ndjson, cache, complete);
      if (complete) {
        resp.setContentLength(length);
        return resp.getOutputStream();
      }
      if (gzip) {
        resp.setHeader("Content-Encoding", "gzip");
        return new FastGzip(resp.getOutputStream());
      }
      // the writer sends its bytes in pieces of up to 64 KB: another buffer would only copy them once more
      return resp.getOutputStream();
    });
  }

  /** The headers of every genotype answer; the timings are final when the whole answer is known. */
  private static void headers(HttpServletResponse resp, RequestTimer timer, boolean ndjson, String cache,
      boolean complete) {
    resp.setStatus(200);
    resp.setContentType(ndjson ? GenotypeJsonWriter.NDJSON : GenotypeJsonWriter.JSON);
    resp.setCharacterEncoding(StandardCharsets.UTF_8.name());
    // no ETag: every answer carries its own timings, so no two are the same bytes
    resp.setHeader("Cache-Control", "no-store");
    resp.setHeader("Vary", "Accept, Accept-Encoding");
    if (cache != null) {
      resp.setHeader(AnalyticsAnswerCache.HEADER, cache);
    }
    resp.setHeader("Server-Timing",
        timer.serverTiming(complete ? timer.finalElapsedMillis() : timer.elapsedMillisNow()));
  }

  /**
   * A kept answer to a client that accepts gzip: the body's gzip form made once (on the first such hit), this
   * request's timings appended to it, with its whole length.
   */
  private static void sendKeptGzip(HttpServletResponse resp, RequestTimer timer, boolean ndjson, CachedResponse kept)
      throws IOException {
    OpenGzip gzip = kept.openGzip(); // before the timings: the first gzip hit compresses, and that is its time
    byte[] end = GenotypeJsonWriter.keptEnd(timer);
    headers(resp, timer, ndjson, "hit", true);
    resp.setHeader("Content-Encoding", "gzip");
    resp.setContentLengthLong(gzip.gzipLength(end.length));
    gzip.writeTo(resp.getOutputStream(), end);
  }

  /** Whether the request's {@code Cache-Control} has {@code directive}. */
  private static boolean cacheControl(HttpServletRequest req, String directive) {
    String cc = req.getHeader("Cache-Control");
    return cc != null && cc.toLowerCase(Locale.ROOT).contains(directive);
  }

  /** The HTTP status of a genotype error: the one place they are mapped. */
  static int status(RequestException e) {
    return switch (e.kind()) {
      case BAD_ARGUMENT, UNKNOWN_REFERENCE, OUT_OF_RANGE, TOO_LARGE -> 400;
      case UNKNOWN_OPERATION, UNKNOWN_SOURCE, NOT_FOUND -> 404;
      case UNSUPPORTED -> 501;
      case LOADING, UNAVAILABLE -> 503;
      case INTERNAL -> 500;
    };
  }

  private static void writeError(HttpServletResponse resp, int status, String message) throws IOException {
    JsonErrors.write(resp, status, message);
  }

  static boolean wantsNdjson(HttpServletRequest req) {
    String accept = req.getHeader("Accept");
    return accept != null && accept.toLowerCase(Locale.ROOT).contains(GenotypeJsonWriter.NDJSON);
  }

  private static String shorten(String s) {
    String t = s.replaceAll("\\p{Cntrl}", "?");
    return t.length() <= 40 ? t : t.substring(0, 37) + "...";
  }
}
