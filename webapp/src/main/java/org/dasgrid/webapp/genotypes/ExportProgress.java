package org.dasgrid.webapp.genotypes;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The body of a streaming export, counting the bytes it sends and writing, at most every {@code interval}, a
 * progress line to the access log ({@code export-progress records=N bytes=B seconds=S}); {@link #done} writes the
 * totals ({@code export-done ...}), {@link #aborted} what went out before the client left or a read failed ({@code
 * export-aborted ...}). The check runs on each write the export makes to the body (a BGZF block, a piece of the
 * zip), on the request's thread, so a stalled client stalls the lines too: their bytes are what was sent.
 */
final class ExportProgress extends FilterOutputStream {
  private final LongSupplier records;
  private final Consumer<String> log;
  private final long intervalNanos;
  private final LongSupplier clock;
  private final long start;
  private long last;
  private long bytes;

  /**
   * @param records the records written so far
   * @param log where the lines go (the access log's writer for this request)
   * @param intervalNanos the least time between two progress lines; 0 writes one after every write
   * @param clock nanoseconds, as {@link System#nanoTime}
   */
  ExportProgress(OutputStream out, LongSupplier records, Consumer<String> log, long intervalNanos,
      LongSupplier clock) {
    super(out);
    this.records = records;
    this.log = log;
    this.intervalNanos = intervalNanos;
    this.clock = clock;
    this.start = clock.getAsLong();
    this.last = start;
  }

  @Override
  public void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    out.write(b, off, len);
    bytes += len;
    long now = clock.getAsLong();
    if (now - last >= intervalNanos) {
      last = now;
      log.accept(line("export-progress", now));
    }
  }

  /** Bytes sent so far. */
  long bytes() {
    return bytes;
  }

  void done() {
    log.accept(line("export-done", clock.getAsLong()));
  }

  void aborted() {
    log.accept(line("export-aborted", clock.getAsLong()));
  }

  private String line(String what, long now) {
    return String.format(Locale.ROOT, "%s records=%d bytes=%d seconds=%.1f", what, records.getAsLong(), bytes,
        (now - start) / 1e9);
  }
}
