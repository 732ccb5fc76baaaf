package org.dasgrid.datasources.vcf;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.dasgrid.core.genotype.GenotypeIndexBuilder;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.io.TextInput;

/**
 * The read loop of an index build on two threads: one finds the lines and parses each record's columns and GT
 * calls into {@link ParsedRecords} batches, the calling thread adds them to the {@link GenotypeIndexBuilder}
 * in file order. The builder sees the same calls in the same order as through {@link VcfProvider.Records} on
 * one thread, so the index is the same bytes; a bad record fails with its file and line as there, after the
 * records before it were added. Parsing was the larger half of the work on the one thread that did both.
 */
final class ParseAheadReader {
  private static final int RECORDS_PER_BATCH = 64;
  /** Batches in circulation: one being parsed, one being added, the rest waiting in between. */
  private static final int BATCHES = 4;

  private final VcfHeader header;
  private GenotypeIndexBuilder genotypes;
  private Map<String, Integer> extents;
  private final Pieces pieces;
  private final VcfRanges.Window window;
  private final BlockingQueue<ParsedRecords> parsed = new ArrayBlockingQueue<>(BATCHES);
  private final BlockingQueue<ParsedRecords> free = new ArrayBlockingQueue<>(BATCHES);

  /**
   * @param extents where each reference's largest end goes, in order of first record (as {@link
   *     VcfProvider.Records#extents})
   */
  ParseAheadReader(VcfHeader header, GenotypeIndexBuilder genotypes, Map<String, Integer> extents) {
    this(header, genotypes, extents, null);
  }

  /**
   * Where a build that cuts its VCF into pieces (issue 30: no piece reaches a file's limits) is told of each
   * record before it is added, and may start the next piece: the builder and extents the record goes to.
   */
  interface Pieces {
    /**
     * Called before record {@code chrom}:{@code pos} is added; returns whether the record starts a new piece
     * (whose builder and extents {@link #genotypes} and {@link #extents} then give).
     */
    boolean next(String chrom, int pos) throws IOException;

    /** Called after the record was added, with the weight of its calls ({@link GenotypeColumns#parse}). */
    void counted(int weight);

    GenotypeIndexBuilder genotypes();

    Map<String, Integer> extents();
  }

  ParseAheadReader(VcfHeader header, GenotypeIndexBuilder genotypes, Map<String, Integer> extents, Pieces pieces) {
    this(header, genotypes, extents, pieces, null);
  }

  /** As above, reading only the records of {@code window}'s range of the VCF (null: every record). */
  ParseAheadReader(VcfHeader header, GenotypeIndexBuilder genotypes, Map<String, Integer> extents, Pieces pieces,
      VcfRanges.Window window) {
    this.window = window;
    this.header = header;
    this.genotypes = genotypes;
    this.extents = extents;
    this.pieces = pieces;
    for (int i = 0; i < BATCHES; i++) {
      free.add(new ParsedRecords(RECORDS_PER_BATCH));
    }
  }

  /**
   * Adds every record of {@code lines} (a bad one fails with {@code file}:line), reporting progress every
   * {@code progressEvery} records; returns how many were read. When it returns or throws, the parsing thread has
   * ended, so {@code lines} and {@code input} may be read and closed.
   */
  long readAll(ByteLines lines, Path file, TextInput input, LoadMonitor monitor, int progressEvery)
      throws SourceLoadException, IOException {
    Thread parser = new Thread(() -> parse(lines, input), "dasgrid-vcf-parse");
    parser.setDaemon(true);
    parser.start();
    try {
      return add(file, monitor, progressEvery);
    } finally {
      parser.interrupt();
      try {
        parser.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private long add(Path file, LoadMonitor monitor, int progressEvery) throws SourceLoadException, IOException {
    int samples = header.samples().size();
    int[] scratch = new int[64];
    long n = 0;
    while (true) {
      ParsedRecords b = take(parsed);
      for (int i = 0; i < b.size; i++) {
        if (pieces != null && pieces.next(b.chrom[i], b.pos[i])) {
          genotypes = pieces.genotypes();
          extents = pieces.extents();
        }
        try {
          extents.merge(b.chrom[i], b.end[i], Math::max);
          genotypes.startSite(b.chrom[i], b.pos[i], b.end[i], b.id[i], b.ref[i], b.alts[i]);
          if (genotypes.keepsInfo()) {
            genotypes.siteInfo(b.info, b.infoStart[i], b.infoStart[i + 1]);
          }
          b.replayCalls(i, genotypes, samples, scratch);
          genotypes.endSite();
          if (pieces != null) {
            pieces.counted(b.weight[i]);
          }
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

  /** The parsing thread: lines to batches until the end, a bad record or a failure (passed on in order). */
  private void parse(ByteLines lines, TextInput input) {
    VcfLine r = new VcfLine();
    GenotypeColumns columns = new GenotypeColumns(header.samples());
    int samples = header.samples().size();
    boolean info = genotypes.keepsInfo();
    ParsedRecords b;
    try {
      b = free.take();
    } catch (InterruptedException e) {
      return;
    }
    RecordLines records = new RecordLines(lines, window);
    try {
      while (true) {
        boolean started = false;
        try {
          if (!records.next()) {
            break;
          }
          boolean toLineEnd = records.parseFixed(r, samples);
          byte[] buf = records.buffer();
          int limit = records.limit();
          int to = records.end(); // -1 when toLineEnd: found after the last sample column
          b.start(records.lineNumber(), r);
          started = true;
          if (info) {
            b.info(buf, r.infoStart, r.infoEnd);
          }
          if (toLineEnd) {
            long before = columns.weight();
            records.endAt(columns.parseToLineEnd(buf, r.samplesStart, limit, samples, r.alts.size(), b));
            b.weight[b.size] = (int) (columns.weight() - before);
          } else if (r.hasGenotypes) {
            b.weight[b.size] = columns.parse(buf, r.samplesStart, to, samples, r.alts.size(), b);
          } else if (r.samplesStart < to) {
            b.allMissing(); // FORMAT without GT: the samples have no calls
            b.weight[b.size] = 1; // one entry in the batch, as it always weighed
          } else {
            throw new VcfFormatException("record without sample columns in a VCF with " + samples + " samples");
          }
        } catch (VcfFormatException | IllegalArgumentException e) {
          b.failure = e;
          b.failureLine = records.lineNumber();
          b.failedSiteStarted = started;
          break;
        }
        b.finish();
        if (b.full()) {
          b.bytesRead = input.bytesRead();
          parsed.put(b);
          b = free.take();
        }
      }
      if (b.failure == null) {
        records.finish(); // the input ended: only the last range may end there
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
      b.failure = e instanceof IOException io ? io : e;
    }
    b.bytesRead = input.bytesRead();
    b.last = true;
    try {
      parsed.put(b);
    } catch (InterruptedException e) {
      // the adding thread stopped
    }
  }

  private static ParsedRecords take(BlockingQueue<ParsedRecords> q) throws InterruptedIOException {
    try {
      return q.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while reading records");
    }
  }
}
