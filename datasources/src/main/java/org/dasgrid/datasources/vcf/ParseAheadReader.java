package org.dasgrid.datasources.vcf;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.dasgrid.core.genotype.GenotypeIndexBuilder;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.io.TextInput;

/**
 * The read loop of an index build on several threads: one finds the lines and copies them into batches, a pool
 * parses each batch's records (columns and GT calls) into {@link ParsedRecords}, and the calling thread adds
 * the batches to the {@link GenotypeIndexBuilder} in file order. The builder sees the same calls in the same
 * order as through {@link VcfProvider.Records} on one thread, so the index is the same bytes; a bad record
 * fails with its file and line as there, after the records before it were added. Parsing the GT columns was
 * most of the work of the one thread that did everything.
 */
final class ParseAheadReader {
  private static final int RECORDS_PER_BATCH = 64;

  private final VcfHeader header;
  private final GenotypeIndexBuilder genotypes;
  private final Map<String, Integer> extents;
  private final int threads;
  /** Batches being parsed or parsed, in file order. */
  private final BlockingQueue<Future<ParsedRecords>> parsed;
  private final BlockingQueue<ParsedRecords> free;
  /** A line parser per parsing thread (a {@link VcfLine} and {@link GenotypeColumns} are not thread-safe). */
  private final BlockingQueue<LineParser> parsers;

  /**
   * @param extents where each reference's largest end goes, in order of first record (as {@link
   *     VcfProvider.Records#extents})
   * @param threads parsing threads
   */
  ParseAheadReader(VcfHeader header, GenotypeIndexBuilder genotypes, Map<String, Integer> extents, int threads) {
    this.header = header;
    this.genotypes = genotypes;
    this.extents = extents;
    this.threads = threads;
    int batches = 2 * threads + 2; // every parsing thread busy, one batch read ahead each, one being added
    this.parsed = new ArrayBlockingQueue<>(batches);
    this.free = new ArrayBlockingQueue<>(batches + 2);
    for (int i = 0; i < batches + 2; i++) {
      free.add(new ParsedRecords(RECORDS_PER_BATCH));
    }
    this.parsers = new ArrayBlockingQueue<>(threads);
    for (int i = 0; i < threads; i++) {
      parsers.add(new LineParser(header, genotypes.keepsInfo()));
    }
  }

  /**
   * Adds every record of {@code lines} (a bad one fails with {@code file}:line), reporting progress every
   * {@code progressEvery} records; returns how many were read. When it returns or throws, the other threads
   * have ended, so {@code lines} and {@code input} may be read and closed.
   */
  long readAll(ByteLines lines, Path file, TextInput input, LoadMonitor monitor, int progressEvery)
      throws SourceLoadException, IOException {
    AtomicInteger n = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "dasgrid-vcf-parse-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
    Thread reader = new Thread(() -> read(lines, input, pool), "dasgrid-vcf-lines");
    reader.setDaemon(true);
    reader.start();
    try {
      return add(file, monitor, progressEvery);
    } finally {
      reader.interrupt();
      try {
        reader.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      pool.shutdownNow();
    }
  }

  private long add(Path file, LoadMonitor monitor, int progressEvery) throws SourceLoadException, IOException {
    int samples = header.samples().size();
    int[] scratch = new int[64];
    long n = 0;
    while (true) {
      ParsedRecords b = await(take(parsed));
      for (int i = 0; i < b.size; i++) {
        try {
          extents.merge(b.chrom[i], b.end[i], Math::max);
          genotypes.startSite(b.chrom[i], b.pos[i], b.end[i], b.id[i], b.ref[i], b.alts[i]);
          if (genotypes.keepsInfo()) {
            genotypes.siteInfo(b.info, b.infoStart[i], b.infoStart[i + 1]);
          }
          b.replayCalls(i, genotypes, samples, scratch);
          genotypes.endSite();
        } catch (IllegalArgumentException e) {
          throw SourceLoadException.badRecord(file, b.line[i], e.getMessage());
        }
        if (++n % progressEvery == 0) {
          monitor.progress(n, b.bytesRead);
        }
      }
      if (b.failure != null) {
        if (b.failedSiteStarted) {
          // the one-thread reader starts the site before it reads the calls: a builder error comes first
          try {
            int i = b.size;
            extents.merge(b.chrom[i], b.end[i], Math::max);
            genotypes.startSite(b.chrom[i], b.pos[i], b.end[i], b.id[i], b.ref[i], b.alts[i]);
          } catch (IllegalArgumentException e) {
            throw SourceLoadException.badRecord(file, b.failureLine, e.getMessage());
          }
        }
        throw rethrow(file, b);
      }
      if (b.last) {
        return n;
      }
      b.clear();
      free.add(b);
    }
  }

  private static IOException rethrow(Path file, ParsedRecords b) throws SourceLoadException {
    Throwable f = b.failure;
    if (f instanceof VcfFormatException || f instanceof IllegalArgumentException) {
      throw SourceLoadException.badRecord(file, b.failureLine, f.getMessage());
    }
    if (f instanceof IOException io) {
      return io;
    }
    if (f instanceof RuntimeException r) {
      throw r;
    }
    if (f instanceof Error e) {
      throw e;
    }
    return new IOException(f);
  }

  /**
   * The reading thread: lines into batches, each handed to the pool to parse, until the end or a failure
   * (passed on in order, with the lines before it).
   */
  private void read(ByteLines lines, TextInput input, ExecutorService pool) {
    ParsedRecords b;
    try {
      b = free.take();
    } catch (InterruptedException e) {
      return;
    }
    try {
      while (lines.next()) {
        if (lines.isEmpty()) {
          continue;
        }
        b.addLine(lines.buffer(), lines.start(), lines.end(), lines.lineNumber());
        if (b.full()) {
          b.bytesRead = input.bytesRead();
          submit(pool, b);
          b = free.take();
        }
      }
    } catch (InterruptedException e) {
      return; // the adding thread stopped (it failed): nothing waits for more
    } catch (InterruptedIOException e) {
      if (Thread.currentThread().isInterrupted()) {
        return;
      }
      b.failure = e;
    } catch (IOException | RuntimeException | Error e) {
      // every failure reaches the adding thread, in order: left here, it would wait for a batch forever
      b.failure = e;
    }
    b.bytesRead = input.bytesRead();
    b.last = true;
    try {
      submit(pool, b);
    } catch (InterruptedException e) {
      // the adding thread stopped
    }
  }

  private void submit(ExecutorService pool, ParsedRecords b) throws InterruptedException {
    parsed.put(pool.submit(() -> {
      LineParser p = parsers.take();
      try {
        p.parse(b);
      } finally {
        parsers.add(p);
      }
      return b;
    }));
  }

  /** Parses the lines of a batch into its records, stopping at a bad one. */
  private static final class LineParser {
    private final VcfLine r = new VcfLine();
    private final GenotypeColumns columns;
    private final int samples;
    private final boolean info;

    LineParser(VcfHeader header, boolean info) {
      this.columns = new GenotypeColumns(header.samples());
      this.samples = header.samples().size();
      this.info = info;
    }

    void parse(ParsedRecords b) {
      byte[] buf = b.text;
      for (int i = 0; i < b.lines; i++) {
        int from = b.lineFrom[i];
        int to = b.lineTo[i];
        boolean started = false;
        try {
          if (buf[from] == '#') {
            throw new VcfFormatException("header line after the first record");
          }
          r.parse(buf, from, to);
          b.start(r);
          started = true;
          if (info) {
            b.info(buf, r.infoStart, r.infoEnd);
          }
          if (r.hasGenotypes) {
            columns.parse(buf, r.samplesStart, to, samples, r.alts.size(), b);
          } else if (r.samplesStart < to) {
            b.allMissing(); // FORMAT without GT: the samples have no calls
          } else {
            throw new VcfFormatException("record without sample columns in a VCF with " + samples + " samples");
          }
        } catch (VcfFormatException | IllegalArgumentException e) {
          // before any failure of reading that came after this line
          b.failure = e;
          b.failureLine = b.line[i];
          b.failedSiteStarted = started;
          return;
        }
        b.finish();
      }
    }
  }

  private ParsedRecords await(Future<ParsedRecords> f) throws IOException {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while reading records");
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof RuntimeException r) {
        throw r;
      }
      if (c instanceof Error err) {
        throw err;
      }
      throw new IOException(c);
    }
  }

  private static <T> T take(BlockingQueue<T> q) throws InterruptedIOException {
    try {
      return q.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while reading records");
    }
  }
}
