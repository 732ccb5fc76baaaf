package org.dasgrid.webapp.genotypes;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.dasgrid.core.api.cohort.CohortApi;
import org.dasgrid.core.api.export.FrequenciesEndpoint;
import org.dasgrid.core.api.genotype.GenotypeJsonWriter;
import org.dasgrid.core.api.genotype.RequestTimer;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.config.ServerSettings;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.webapp.access.Callers;

/**
 * HTTP for {@code POST /genotypes/{source}/frequencies} ({@link FrequenciesEndpoint}), reached through {@link
 * GenotypeServlet} once it has found the source and checked access: reads the posted variant lines (up to {@value
 * #MAX_BODY_BYTES} bytes), answers JSON, or TSV on {@code Accept: text/tab-separated-values}.
 */
final class FrequencyAnswers {
  static final int MAX_BODY_BYTES = 16 * 1024 * 1024;

  private FrequencyAnswers() {}

  static void answer(HttpServletRequest req, HttpServletResponse resp, LoadedSource source, GenotypeQueries engine,
      ServerSettings limits, RequestTimer timer) throws IOException {
    if (!"POST".equals(req.getMethod())) {
      throw RequestException.badArgument("frequencies takes a POSTed body: one variant a line, CHROM:POS:REF:ALT or "
          + "an ID");
    }
    String query = req.getQueryString();
    if (query != null && query.length() > limits.maxQueryLength()) {
      throw RequestException.tooLarge("query longer than %d characters (server.maxQueryLength)",
          limits.maxQueryLength());
    }
    QueryArguments args = QueryArguments.parse(query);
    if (req.getContentLengthLong() > MAX_BODY_BYTES) {
      throw RequestException.tooLarge("body over %d bytes", MAX_BODY_BYTES);
    }
    byte[] body;
    try (InputStream in = req.getInputStream()) {
      body = in.readNBytes(MAX_BODY_BYTES + 1);
    }
    if (body.length > MAX_BODY_BYTES) {
      throw RequestException.tooLarge("body over %d bytes", MAX_BODY_BYTES);
    }
    CohortApi.Context ctx = new CohortApi.Context(source.data(), engine, source.sheet(), source.config().options(),
        limits.maxSegmentsPerRequest(), limits.maxFeaturesPerResponse(), source.genes());
    FrequenciesEndpoint.Answer answer = timer.db(() -> FrequenciesEndpoint.answer(args, body, ctx));
    Callers.noteRows(req, answer.size());
    String accept = req.getHeader("Accept");
    boolean tsv = accept != null && accept.toLowerCase(Locale.ROOT).contains(FrequenciesEndpoint.TSV);
    // held whole up to GenotypeServlet.BUFFERED (its Content-Length and Server-Timing then the whole answer's), then
    // streamed: 10,000 variants by 26 populations are 12 MB of JSON, which a growing buffer copied twice over
    TimedBody out = new TimedBody(GenotypeServlet.BUFFERED, (complete, length) -> {
      resp.setStatus(200);
      resp.setContentType(tsv ? FrequenciesEndpoint.TSV : GenotypeJsonWriter.JSON);
      resp.setCharacterEncoding(StandardCharsets.UTF_8.name());
      resp.setHeader("Cache-Control", "no-store");
      resp.setHeader("Vary", "Accept, Accept-Encoding");
      resp.setHeader("Server-Timing", timer.serverTiming(complete ? timer.finalElapsedMillis()
          : timer.elapsedMillisNow()));
      if (complete) {
        resp.setContentLength(length);
      }
      return resp.getOutputStream();
    });
    BufferedOutputStream buffered = new BufferedOutputStream(out, 1 << 16);
    answer.write(buffered, tsv, timer);
    buffered.flush();
    out.finish();
  }
}
