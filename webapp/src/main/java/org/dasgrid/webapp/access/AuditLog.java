package org.dasgrid.webapp.access;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * {@code server.auditLog}: one JSON line per answer above the public tier (contract section 11). Request
 * threads only queue an {@link AuditEntry}; one writer thread formats and appends them, flushing whenever the
 * queue runs dry, so a line is on disk within about a second. The queue is bounded and a full queue makes the
 * request wait rather than drop a line; {@link #close} (a clean shutdown) writes everything queued before it
 * returns. Rotated like the access log, by the platform: after logrotate moves the file away (or truncates it),
 * the writer notices within a second and opens the path afresh.
 */
public final class AuditLog implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(AuditLog.class.getName());
  private static final AuditEntry END = new AuditEntry(null, null, null, null, null, null, null, null, 0, 0, null);

  private final Path file;
  private final BlockingQueue<AuditEntry> queue = new LinkedBlockingQueue<>(65_536);
  private final Thread writer;
  private final JsonFactory json = new JsonFactory();
  private FileChannel channel;
  private Object openedKey;
  private volatile boolean closed;

  private AuditLog(Path file) throws IOException {
    this.file = file.toAbsolutePath().normalize();
    Files.createDirectories(this.file.getParent());
    open();
    this.writer = new Thread(this::run, "dasgrid-audit-log");
    writer.setDaemon(true);
    writer.start();
  }

  /** Opens (appending to) the audit log at {@code file}. */
  public static AuditLog open(Path file) {
    try {
      return new AuditLog(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the audit log " + file + ": " + e.getMessage(), e);
    }
  }

  public Path file() {
    return file;
  }

  /** Queues an entry; waits only when the writer is 65,536 lines behind. */
  void record(AuditEntry e) {
    if (closed) {
      return;
    }
    try {
      queue.put(e);
    } catch (InterruptedException ie) {
      Thread.currentThread().interrupt();
    }
  }

  private void open() throws IOException {
    channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
    openedKey = Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
  }

  /** Whether the path still names the file held open (logrotate's {@code create} moves it away). */
  private boolean rotated() {
    try {
      Object now = Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
      return now == null ? !Files.exists(file) : !now.equals(openedKey);
    } catch (NoSuchFileException e) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private void run() {
    List<AuditEntry> batch = new ArrayList<>();
    boolean end = false;
    while (!end) {
      try {
        AuditEntry first = queue.poll(1, TimeUnit.SECONDS);
        if (rotated()) {
          channel.close();
          open();
        }
        if (first == null) {
          continue;
        }
        batch.add(first);
        queue.drainTo(batch, 4096);
        end = write(batch);
        batch.clear();
      } catch (InterruptedException e) {
        end = true;
      } catch (IOException | RuntimeException e) {
        LOG.log(System.Logger.Level.ERROR, "audit log " + file + ": cannot write: " + e.getMessage(), e);
        batch.clear();
      }
    }
  }

  /** Writes a batch; true when it held the end marker. */
  private boolean write(List<AuditEntry> batch) throws IOException {
    boolean end = false;
    OutputStream out = Channels.newOutputStream(channel);
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream(256 * batch.size());
    // one generator for the batch, a line per entry: no separator of Jackson's own between the objects
    try (JsonGenerator g = json.createGenerator(bytes).setRootValueSeparator(null)) {
      for (AuditEntry e : batch) {
        if (e == END) {
          end = true;
          continue;
        }
        g.writeStartObject();
        g.writeStringField("time", e.time().toString());
        g.writeStringField("subject", e.subject());
        g.writeStringField("issuer", e.issuer());
        g.writeStringField("source", e.source());
        g.writeStringField("tier", e.tier());
        g.writeStringField("method", e.method());
        g.writeStringField("path", e.path());
        g.writeStringField("query", e.query());
        g.writeNumberField("status", e.status());
        if (e.rows() >= 0) {
          g.writeNumberField("rows", e.rows());
        } else {
          g.writeNullField("rows");
        }
        g.writeStringField("request_id", e.requestId());
        g.writeEndObject();
        g.writeRaw('\n');
      }
    }
    // written, not forced to the disk: a clean shutdown closes the file (close forces it); a machine crash may
    // lose the last second, as the access log's
    bytes.writeTo(out);
    return end;
  }

  /** Writes every queued line, then closes the file: nothing accepted before is lost. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      queue.put(END);
      writer.join(10_000);
      channel.force(false);
      channel.close();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException e) {
      LOG.log(System.Logger.Level.WARNING, "audit log " + file + ": " + e.getMessage());
    }
  }
}
