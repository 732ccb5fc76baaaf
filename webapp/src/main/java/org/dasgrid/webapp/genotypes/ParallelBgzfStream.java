package org.dasgrid.webapp.genotypes;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * BGZF (the SAM/BAM specification, section 4.1: gzip members of at most 64 KiB, each with its compressed size in a
 * {@code BC} extra field, then an empty member as end-of-file marker), as {@code bgzip} and htsjdk's {@code
 * BlockCompressedOutputStream} write it, except that the blocks are deflated on {@code pool} while the caller fills
 * the next ones: an export's text and its compression then use two cores instead of one, and as the caller's
 * thread writes the blocks out, in order, the client's pace still holds the export back.
 *
 * <p>At most {@code inFlight} blocks are being compressed or waiting to be sent, so memory is bounded
 * (2 × 64 KiB a block) whatever the export's size. Each block is filled with 65,280 bytes as {@code bgzip} does
 * ({@code 0xff00}): their deflate, even of incompressible bytes, fits a block. Not thread-safe: one writer.
 */
final class ParallelBgzfStream extends OutputStream {
  /** Uncompressed bytes a block: bgzip's {@code BGZF_BLOCK_SIZE}. */
  static final int BLOCK_INPUT = 0xff00;
  private static final int MAX_BLOCK = 1 << 16;
  private static final int HEADER = 18;
  private static final int FOOTER = 8;
  /** The end-of-file marker: an empty BGZF block (SAM specification 4.1.2). */
  static final byte[] EOF = {31, (byte) 139, 8, 4, 0, 0, 0, 0, 0, (byte) 255, 6, 0, 66, 67, 2, 0, 27, 0, 3, 0, 0,
      0, 0, 0, 0, 0, 0, 0};

  private final OutputStream out;
  private final int level;
  private final Executor pool;
  private final int inFlight;
  private final ArrayDeque<CompletableFuture<Block>> pending = new ArrayDeque<>();
  private final ArrayDeque<Block> free = new ArrayDeque<>();
  private final ConcurrentLinkedQueue<Deflater> deflaters = new ConcurrentLinkedQueue<>();
  private Block filling;
  private boolean closed;

  /** A block's input and its compressed form, reused once sent. */
  private static final class Block {
    final byte[] input = new byte[BLOCK_INPUT];
    final byte[] output = new byte[MAX_BLOCK];
    int inputLength;
    int outputLength;
  }

  ParallelBgzfStream(OutputStream out, int level, Executor pool, int inFlight) {
    if (inFlight < 1) {
      throw new IllegalArgumentException("inFlight must be at least 1, not " + inFlight);
    }
    this.out = out;
    this.level = level;
    this.pool = pool;
    this.inFlight = inFlight;
  }

  @Override
  public void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    if (closed) {
      throw new IOException("stream closed");
    }
    while (len > 0) {
      if (filling == null) {
        filling = free.isEmpty() ? new Block() : free.pop();
        filling.inputLength = 0;
      }
      int n = Math.min(len, BLOCK_INPUT - filling.inputLength);
      System.arraycopy(b, off, filling.input, filling.inputLength, n);
      filling.inputLength += n;
      off += n;
      len -= n;
      if (filling.inputLength == BLOCK_INPUT) {
        submit();
      }
    }
  }

  /** Compresses what is buffered as a (short) block and sends every block so far. */
  @Override
  public void flush() throws IOException {
    if (filling != null && filling.inputLength > 0) {
      submit();
    }
    while (!pending.isEmpty()) {
      sendOldest();
    }
    out.flush();
  }

  /** Sends the last blocks and the end-of-file marker, then closes the stream under it. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    try {
      flush();
      out.write(EOF);
      out.close();
    } finally {
      closed = true;
      release();
    }
  }

  private void submit() throws IOException {
    Block block = filling;
    filling = null;
    pending.add(CompletableFuture.supplyAsync(() -> compress(block), pool));
    while (pending.size() > inFlight) {
      sendOldest();
    }
  }

  private void sendOldest() throws IOException {
    Block done = await(pending.peek());
    pending.poll();
    out.write(done.output, 0, done.outputLength);
    free.push(done);
  }

  private static Block await(CompletableFuture<Block> f) throws IOException {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while compressing a BGZF block");
    } catch (ExecutionException e) {
      throw new IOException("BGZF compression failed: " + e.getCause(), e.getCause());
    }
  }

  /** Waits for the blocks still being compressed (their results unused) and frees the deflaters. */
  private void release() {
    for (CompletableFuture<Block> f : pending) {
      f.handle((b, e) -> null).join();
    }
    pending.clear();
    for (Deflater d = deflaters.poll(); d != null; d = deflaters.poll()) {
      d.end();
    }
  }

  /** Deflates one block into its BGZF form (on a pool thread). */
  private Block compress(Block block) {
    Deflater deflater = deflaters.poll();
    if (deflater == null) {
      deflater = new Deflater(level, true);
    }
    try {
      deflater.reset();
      deflater.setInput(block.input, 0, block.inputLength);
      deflater.finish();
      byte[] o = block.output;
      int size = HEADER;
      while (!deflater.finished() && size < MAX_BLOCK - FOOTER) {
        size += deflater.deflate(o, size, MAX_BLOCK - FOOTER - size);
      }
      if (!deflater.finished()) { // cannot happen for 65,280 bytes: deflate's stored form takes 65,285
        throw new IllegalStateException("a BGZF block did not fit in 64 KiB");
      }
      CRC32 crc = new CRC32();
      crc.update(block.input, 0, block.inputLength);
      size = putInt(o, size, (int) crc.getValue());
      size = putInt(o, size, block.inputLength);
      o[0] = 31; // gzip magic
      o[1] = (byte) 139;
      o[2] = 8; // deflate
      o[3] = 4; // FEXTRA
      o[4] = o[5] = o[6] = o[7] = 0; // MTIME
      o[8] = 0; // XFL
      o[9] = (byte) 255; // OS unknown
      o[10] = 6; // XLEN
      o[11] = 0;
      o[12] = 66; // 'B'
      o[13] = 67; // 'C'
      o[14] = 2; // SLEN
      o[15] = 0;
      o[16] = (byte) (size - 1); // BSIZE: the block's size minus 1
      o[17] = (byte) ((size - 1) >>> 8);
      block.outputLength = size;
      return block;
    } finally {
      deflaters.add(deflater);
    }
  }

  private static int putInt(byte[] b, int at, int v) {
    b[at] = (byte) v;
    b[at + 1] = (byte) (v >>> 8);
    b[at + 2] = (byte) (v >>> 16);
    b[at + 3] = (byte) (v >>> 24);
    return at + 4;
  }
}
