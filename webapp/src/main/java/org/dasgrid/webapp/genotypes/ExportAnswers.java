package org.dasgrid.webapp.genotypes;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.dasgrid.core.api.cohort.CohortApi;
import org.dasgrid.core.api.export.CohortExport;
import org.dasgrid.core.api.export.ExportEndpoint;
import org.dasgrid.core.api.genotype.RequestTimer;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.config.ServerSettings;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.webapp.access.Callers;
import org.dasgrid.webapp.http.QueryReader;
import org.dasgrid.webapp.observe.AccessLog;

/**
 * HTTP for {@code GET /genotypes/{source}/export} ({@link ExportEndpoint}), reached through {@link GenotypeServlet}
 * once it has found the source and checked access: the request is read and checked whole (a 400 before any byte),
 * then the file streams as the engine reads it, through a BGZF stream for a VCF ({@code tabix} indexes it; its
 * blocks deflated on the servlet's small pool while the next ones are written, {@link ParallelBgzfStream}) or as
 * the zip it is, with a {@code Content-Disposition} file name. The servlet's blocking writes hold the reading
 * back while a slow client takes the bytes (backpressure): no temporary file, no buffer growing with the answer.
 * The calls exported go to the audit log as the answer's rows; while it streams, the access log gets a progress
 * line every {@code server.exportProgressSeconds} and one with the totals at the end ({@link ExportProgress}).
 */
final class ExportAnswers {
  /** BGZF's deflate level: GT columns compress well at 1, and 6 would spend most of an export's time here. */
  static final int BGZF_LEVEL = 1;
  /** BGZF blocks of one export being compressed or waiting to go out (64 KiB of text each). */
  static final int BGZF_IN_FLIGHT = 4;

  private ExportAnswers() {}

  static void answer(HttpServletRequest req, HttpServletResponse resp, LoadedSource source, GenotypeQueries engine,
      ServerSettings limits, RequestTimer timer, Executor compressors) throws IOException {
    QueryArguments args = QueryReader.read(req, limits.maxQueryLength());
    CohortApi.Context ctx = new CohortApi.Context(source.data(), engine, source.sheet(), source.config().options(),
        limits.maxSegmentsPerRequest(), limits.maxFeaturesPerResponse(), source.genes());
    CohortExport export = timer.db(() -> ExportEndpoint.open(args, ctx, source.config().id()));
    Callers.noteRows(req, export.calls());
    resp.setStatus(200);
    resp.setContentType(export.contentType());
    resp.setHeader("Content-Disposition", "attachment; filename=\"" + export.fileName() + "\"");
    resp.setHeader("Cache-Control", "no-store");
    resp.setHeader("Server-Timing", timer.serverTiming(timer.elapsedMillisNow()));
    if ("HEAD".equals(req.getMethod())) {
      return;
    }
    @SuppressWarnings("unchecked")
    Consumer<String> log = req.getAttribute(AccessLog.PROGRESS_ATTRIBUTE) instanceof Consumer<?> c
        ? (Consumer<String>) c : line -> { };
    ExportProgress body = new ExportProgress(resp.getOutputStream(), export::recordsWritten, log,
        TimeUnit.SECONDS.toNanos(limits.exportProgressSeconds()), System::nanoTime);
    try {
      if (export.blockCompressed()) {
        ParallelBgzfStream bgzf = new ParallelBgzfStream(body, BGZF_LEVEL, compressors, BGZF_IN_FLIGHT);
        export.write(bgzf);
        bgzf.close(); // the empty block that ends a BGZF file, then the servlet stream
      } else {
        export.write(body);
        body.close();
      }
    } catch (IOException | RuntimeException e) {
      body.aborted();
      throw e;
    }
    body.done();
  }
}
