package org.dasgrid.webapp.genotypes;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.dasgrid.core.api.cohort.CohortApi;
import org.dasgrid.core.api.cohort.CohortEndpoint;
import org.dasgrid.core.api.genotype.GenotypeJsonWriter;
import org.dasgrid.core.api.genotype.RequestTimer;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.config.ServerSettings;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.webapp.http.QueryReader;

/**
 * HTTP for the sample-level genotype queries ({@link CohortEndpoint}: sex-check, kinship, score, inheritance,
 * hom-ref, sample-counts, strata), reached through {@link GenotypeServlet} once it has found the source and
 * checked access. {@code score} reads its POSTed weights (any content type but a form) up to {@value
 * #MAX_WEIGHTS_BYTES} bytes. Answers are computed whole, then written (JSON, or NDJSON on {@code Accept:
 * application/x-ndjson}), ending with the request's timings: {@code elapsed_db_ms}, the time to compute the
 * answer (the arguments, a weights file's parse and match included), and {@code elapsed_ms}, both also in the
 * {@code Server-Timing} header.
 */
final class CohortAnswers {
  static final int MAX_WEIGHTS_BYTES = 64 * 1024 * 1024;

  private CohortAnswers() {}

  static void answer(CohortEndpoint endpoint, HttpServletRequest req, HttpServletResponse resp, LoadedSource source,
      DataSource data, GenotypeQueries engine, ServerSettings limits, RequestTimer timer) throws IOException {
    QueryArguments args;
    byte[] body = null;
    if (endpoint.readsBody()) {
      if (!"POST".equals(req.getMethod())) {
        throw RequestException.badArgument("%s takes a POSTed weights file (ID ALLELE WEIGHT per line)",
            endpoint.path());
      }
      String query = req.getQueryString();
      if (query != null && query.length() > limits.maxQueryLength()) {
        throw RequestException.tooLarge("query longer than %d characters (server.maxQueryLength)",
            limits.maxQueryLength());
      }
      args = QueryArguments.parse(query);
      if (req.getContentLengthLong() > MAX_WEIGHTS_BYTES) {
        throw RequestException.tooLarge("weights file over %d bytes", MAX_WEIGHTS_BYTES);
      }
      try (InputStream in = req.getInputStream()) {
        byte[] bytes = in.readNBytes(MAX_WEIGHTS_BYTES + 1);
        if (bytes.length > MAX_WEIGHTS_BYTES) {
          throw RequestException.tooLarge("weights file over %d bytes", MAX_WEIGHTS_BYTES);
        }
        body = bytes; // read as UTF-8 bytes by ScoreWeights: no decoding into a String first
      }
    } else {
      args = QueryReader.read(req, limits.maxQueryLength());
    }
    CohortApi.Context ctx = new CohortApi.Context(data, engine, source.sheet(), source.config().options(),
        limits.maxSegmentsPerRequest(), limits.maxFeaturesPerResponse(), source.genes());
    QueryArguments asked = args;
    byte[] weights = body;
    CohortApi.Answer answer = timer.db(() -> CohortApi.answer(endpoint, asked, weights, ctx));
    boolean ndjson = GenotypeServlet.wantsNdjson(req);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(8192);
    answer.write(bytes, ndjson, timer);
    resp.setStatus(200);
    resp.setContentType(ndjson ? GenotypeJsonWriter.NDJSON : GenotypeJsonWriter.JSON);
    resp.setCharacterEncoding(StandardCharsets.UTF_8.name());
    resp.setHeader("Cache-Control", "no-store");
    resp.setHeader("Vary", "Accept, Accept-Encoding");
    resp.setHeader("Server-Timing", timer.serverTiming(timer.finalElapsedMillis())); // as the body says
    resp.setContentLength(bytes.size());
    bytes.writeTo(resp.getOutputStream());
  }
}
