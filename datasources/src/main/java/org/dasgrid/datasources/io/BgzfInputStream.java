package org.dasgrid.datasources.io;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.SequenceInputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;
import java.util.zip.ZipException;

/**
 * Decompresses BGZF (bgzip) data a batch of blocks at a time on a few threads, delivering the text in order:
 * every BGZF block names its compressed size (SAM spec section 4.1), so the blocks can be cut apart without
 * inflating them and inflated independently. The reading thread only cuts blocks out of the file; inflating,
 * two thirds of a cohort VCF's decoding time, runs on the pool while the reader parses.
 *
 * <p>It gives the same bytes and the same ends as {@link GZIPInputStream} over the same file, which stays the
 * reference: the text of every whole member; a file cut inside a block gives the text that block's cut data
 * decodes to and then an {@link EOFException} (for {@link TextInput}'s truncation check); bytes after the last
 * member that do not start another gzip member are ignored; a member that is not a BGZF block (plain gzip
 * appended to bgzip) is read on by a {@link GZIPInputStream}. Corrupt data is a {@link ZipException} naming
 * the file and the block's offset. For one consumer thread.
 */
final class BgzfInputStream extends InputStream {
  /** Blocks per task: 64 KB of text each, so a task is about a megabyte of text, a few hundred records. */
  private static final int BLOCKS_PER_BATCH = 16;
  private static final int HEADER = 12;
  private static final int TRAILER = 8;
  private static final int MAX_BLOCK_TEXT = 1 << 16;

  private final InputStream raw;
  private final String name;
  private final ExecutorService pool;
  private final BlockingQueue<Inflater> inflaters;
  private final List<Inflater> allInflaters = new ArrayList<>();
  /** Text buffers of a batch each, reused: a megabyte array is a humongous object to G1, costly to churn. */
  private final BlockingQueue<byte[]> buffers;
  private final ArrayDeque<Future<Text>> inFlight = new ArrayDeque<>();
  private final int window;
  /** Compressed offset of the next block, for messages. */
  private long offset;
  /** No more blocks to cut: the end, a failure queued in order, or a plain gzip member ({@link #tailHead}). */
  private boolean rawDone;
  /** The header bytes of a member that is not a BGZF block, read on by {@link GZIPInputStream} once in order. */
  private byte[] tailHead;
  private InputStream tail;
  private Text current = new Text(new byte[0], 0, false, null);
  private int pos;
  private int limit;
  private boolean done;
  private boolean closed;

  /**
   * @param raw the compressed data, at the start of a gzip member (closed by {@link #close})
   * @param name the file's name, for messages
   * @param inflater where the inflaters come from
   * @param threads inflating threads
   */
  BgzfInputStream(InputStream raw, String name, BlockInflater inflater, int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads " + threads + " < 1");
    }
    this.raw = raw;
    this.name = name;
    this.window = threads + 2; // keeps every thread busy while the reader takes the oldest batch
    this.inflaters = new ArrayBlockingQueue<>(threads);
    for (int i = 0; i < threads; i++) {
      Inflater inf = inflater.newInflater();
      allInflaters.add(inf);
      inflaters.add(inf);
    }
    this.buffers = new ArrayBlockingQueue<>(window + 1);
    AtomicInteger n = new AtomicInteger();
    this.pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "dasgrid-bgzf-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
  }

  /**
   * Blocks cut from the file, to inflate together; {@code cut} is the data of a block the file ends in, and
   * {@code after} a failure to report once the blocks' text has been read.
   */
  private record Batch(List<byte[]> blocks, List<Long> offsets, int textBytes, byte[] cut, long cutOffset,
      IOException after) {}

  /** A batch's text, {@code bytes[0, length)}; {@code pooled} when its array goes back to {@link #buffers}. */
  private record Text(byte[] bytes, int length, boolean pooled, IOException after) {}

  @Override
  public int read() throws IOException {
    if (pos == limit && !next()) {
      return -1;
    }
    return current.bytes()[pos++] & 0xFF;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    if (pos == limit && !next()) {
      return -1;
    }
    int n = Math.min(len, limit - pos);
    System.arraycopy(current.bytes(), pos, b, off, n);
    pos += n;
    return n;
  }

  /** Moves to the next text; false at the end. */
  private boolean next() throws IOException {
    if (tail != null) {
      return fromTail();
    }
    while (!done) {
      Text used = current;
      if (used.pooled()) {
        buffers.offer(used.bytes());
      }
      current = new Text(used.bytes(), 0, false, null);
      pos = 0;
      limit = 0;
      if (used.after() != null) {
        done = true;
        throw used.after();
      }
      submitUpToWindow();
      Future<Text> head = inFlight.poll();
      if (head == null) {
        done = true;
        if (tailHead != null) {
          tail = plainGzipTail();
          return tail != null && fromTail();
        }
        return false;
      }
      current = await(head);
      limit = current.length();
      if (limit > 0) {
        return true;
      }
    }
    return false;
  }

  private boolean fromTail() throws IOException {
    byte[] buf = current.bytes().length >= 1 << 16 ? current.bytes() : new byte[1 << 16];
    int n = tail.read(buf, 0, buf.length);
    current = new Text(buf, Math.max(n, 0), false, null);
    pos = 0;
    limit = Math.max(n, 0);
    return n > 0;
  }

  private Text await(Future<Text> f) throws IOException {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while decompressing " + name);
    } catch (ExecutionException e) {
      done = true;
      Throwable c = e.getCause();
      if (c instanceof IOException io) {
        throw io;
      }
      if (c instanceof RuntimeException r) {
        throw r;
      }
      if (c instanceof Error err) {
        throw err;
      }
      throw new IOException(c);
    }
  }

  private void submitUpToWindow() {
    while (!rawDone && inFlight.size() < window) {
      Batch b = cutBatch();
      inFlight.add(b.blocks().isEmpty() && b.cut() == null
          ? CompletableFuture.completedFuture(new Text(new byte[0], 0, false, b.after()))
          : pool.submit(() -> inflate(b)));
    }
  }

  /** Cuts up to {@link #BLOCKS_PER_BATCH} blocks out of the file (on the reading thread: no inflating). */
  private Batch cutBatch() {
    List<byte[]> blocks = new ArrayList<>(BLOCKS_PER_BATCH);
    List<Long> offsets = new ArrayList<>(BLOCKS_PER_BATCH);
    int text = 0;
    try {
      while (blocks.size() < BLOCKS_PER_BATCH) {
        byte[] head = raw.readNBytes(HEADER);
        if (head.length < HEADER || (head[0] & 0xFF) != 0x1f || (head[1] & 0xFF) != 0x8b) {
          rawDone = true; // the end, or bytes after the last member that start no other: ignored, as gzip does
          break;
        }
        int xlen = u16(head, 10);
        boolean bgzfHeader = head[2] == 8 && head[3] == 4;
        byte[] extra = bgzfHeader ? raw.readNBytes(xlen) : new byte[0];
        if (extra.length < (bgzfHeader ? xlen : 0)) {
          rawDone = true; // a header cut short: the end of the data, as gzip reads it
          break;
        }
        int bsize = bgzfHeader ? blockSize(extra) : -1;
        if (bsize < 0) {
          rawDone = true;
          tailHead = concat(head, extra);
          break;
        }
        int body = bsize + 1 - HEADER - xlen;
        if (body < TRAILER) {
          throw new ZipException(name + ": corrupt bgzip block at byte " + offset + " (block size " + (bsize + 1)
              + ")");
        }
        byte[] block = new byte[body];
        int got = raw.readNBytes(block, 0, body);
        if (got < body) {
          rawDone = true;
          return new Batch(blocks, offsets, text, java.util.Arrays.copyOf(block, got), offset, null);
        }
        int isize = i32(block, body - 4);
        if (isize < 0 || isize > MAX_BLOCK_TEXT) {
          throw new ZipException(name + ": corrupt bgzip block at byte " + offset + " (text size " + isize + ")");
        }
        blocks.add(block);
        offsets.add(offset);
        text += isize;
        offset += bsize + 1L;
      }
    } catch (IOException e) {
      rawDone = true;
      return new Batch(blocks, offsets, text, null, 0, e);
    }
    return new Batch(blocks, offsets, text, null, 0, null);
  }

  /** BSIZE (the block's size minus one) from the 'BC' subfield of the extra field, or -1 without one. */
  private static int blockSize(byte[] extra) {
    for (int p = 0; p + 4 <= extra.length; ) {
      int slen = u16(extra, p + 2);
      if (extra[p] == 'B' && extra[p + 1] == 'C' && slen == 2 && p + 6 <= extra.length) {
        return u16(extra, p + 4);
      }
      p += 4 + slen;
    }
    return -1;
  }

  /** Inflates a batch on a pool thread, each block checked against its CRC and size. */
  private Text inflate(Batch b) throws IOException, InterruptedException {
    Inflater inf = inflaters.take();
    try {
      byte[] out = b.cut() == null ? buffer() : new byte[b.textBytes()];
      int at = 0;
      for (int i = 0; i < b.blocks().size(); i++) {
        at += inflateBlock(inf, b.blocks().get(i), b.offsets().get(i), out, at);
      }
      if (b.cut() == null) {
        return new Text(out, at, true, b.after());
      }
      // the file ends inside this block: what its cut data decodes to, then the end, as GZIPInputStream reads it
      byte[] partial = inflatePartial(b.cut(), b.cutOffset());
      byte[] all = java.util.Arrays.copyOf(out, at + partial.length);
      System.arraycopy(partial, 0, all, at, partial.length);
      return new Text(all, all.length, false, new EOFException("Unexpected end of ZLIB input stream"));
    } finally {
      inflaters.add(inf);
    }
  }

  private byte[] buffer() {
    byte[] b = buffers.poll();
    return b != null ? b : new byte[BLOCKS_PER_BATCH * MAX_BLOCK_TEXT];
  }

  private int inflateBlock(Inflater inf, byte[] block, long at, byte[] out, int off) throws ZipException {
    int cdata = block.length - TRAILER;
    int isize = i32(block, block.length - 4);
    if (isize > 0) {
      inf.reset();
      inf.setInput(block, 0, cdata);
      int n = 0;
      try {
        while (n < isize) {
          int k = inf.inflate(out, off + n, isize - n);
          if (k <= 0) {
            break;
          }
          n += k;
        }
      } catch (DataFormatException | RuntimeException e) {
        // GKL's inflater reports bad data with a RuntimeException ("Invalid deflate block found.")
        throw new ZipException(name + ": corrupt bgzip block at byte " + at + " (" + e.getMessage() + ")");
      }
      if (n != isize) {
        throw new ZipException(name + ": corrupt bgzip block at byte " + at + " (" + n + " bytes of text, the"
            + " block says " + isize + ")");
      }
    }
    CRC32 crc = new CRC32();
    crc.update(out, off, isize);
    if ((int) crc.getValue() != i32(block, block.length - TRAILER)) {
      throw new ZipException(name + ": corrupt bgzip block at byte " + at + " (CRC does not match)");
    }
    return isize;
  }

  /** The text of a block the file ends in: as much as its data decodes to (the JDK inflater streams). */
  private byte[] inflatePartial(byte[] cut, long at) throws ZipException {
    Inflater inf = new Inflater(true);
    try {
      inf.setInput(cut, 0, cut.length);
      ByteArrayOutputStream text = new ByteArrayOutputStream();
      byte[] buf = new byte[MAX_BLOCK_TEXT];
      int k;
      // 0 once it needs more input (there is none), is finished or needs a dictionary: all it can give
      while ((k = inf.inflate(buf)) > 0) {
        text.write(buf, 0, k);
      }
      return text.toByteArray();
    } catch (DataFormatException e) {
      throw new ZipException(name + ": corrupt bgzip block at byte " + at + " (" + e.getMessage() + ")");
    } finally {
      inf.end();
    }
  }

  /** The rest of the file from a member that is not a BGZF block, or null when it is not gzip either. */
  private InputStream plainGzipTail() throws IOException {
    try {
      return new GZIPInputStream(new SequenceInputStream(new ByteArrayInputStream(tailHead), raw), 1 << 16);
    } catch (ZipException | EOFException e) {
      return null; // as GZIPInputStream ends at a member it cannot read after the first
    }
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] c = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }

  private static int u16(byte[] b, int p) {
    return (b[p] & 0xFF) | (b[p + 1] & 0xFF) << 8;
  }

  private static int i32(byte[] b, int p) {
    return (b[p] & 0xFF) | (b[p + 1] & 0xFF) << 8 | (b[p + 2] & 0xFF) << 16 | (b[p + 3] & 0xFF) << 24;
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return; // ending a native inflater twice would free its memory twice
    }
    closed = true;
    done = true;
    pool.shutdownNow();
    try {
      // an inflater is ended only once no thread uses it: ending a native one mid-inflate would crash
      if (pool.awaitTermination(10, TimeUnit.SECONDS)) {
        allInflaters.forEach(Inflater::end);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      if (tail != null) {
        tail.close();
      } else {
        raw.close();
      }
    }
  }
}
