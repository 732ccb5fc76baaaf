package org.dasgrid.datasources.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Reads an input stream on a thread of its own, a few chunks ahead of the consumer, so that decompressing a
 * large gzip/bgzip file and parsing it use two cores instead of taking turns on one. Errors of the source
 * stream surface on the consumer's next read. For one consumer thread.
 */
public final class ReadAheadInputStream extends InputStream {
  private static final byte[] END = new byte[0];
  private final BlockingQueue<Object> chunks;
  private final Thread reader;
  private byte[] current = new byte[0];
  private int pos;
  private int limit;
  private boolean done;

  /**
   * @param in the stream to read ahead (closed by {@link #close})
   * @param chunkSize bytes per chunk
   * @param chunksAhead chunks the reader may be ahead
   */
  public ReadAheadInputStream(InputStream in, int chunkSize, int chunksAhead) {
    this.chunks = new ArrayBlockingQueue<>(chunksAhead);
    this.reader = new Thread(() -> fill(in, chunkSize), "dasgrid-read-ahead");
    reader.setDaemon(true);
    reader.start();
  }

  private void fill(InputStream in, int chunkSize) {
    try (in) {
      while (true) {
        byte[] chunk = new byte[chunkSize];
        int n = in.readNBytes(chunk, 0, chunkSize);
        if (n > 0) {
          chunks.put(n == chunkSize ? chunk : java.util.Arrays.copyOf(chunk, n));
        }
        if (n < chunkSize) {
          chunks.put(END);
          return;
        }
      }
    } catch (InterruptedException e) {
      // the consumer closed the stream
    } catch (IOException | RuntimeException | Error e) {
      // every failure reaches the consumer, an Error (OutOfMemoryError above all) too: left here, it would end
      // this thread silently and leave the consumer waiting for a chunk forever
      try {
        chunks.put(e);
      } catch (InterruptedException ignored) {
        // the consumer closed the stream
      }
    }
  }

  private boolean next() throws IOException {
    if (done) {
      return false;
    }
    Object o;
    try {
      o = chunks.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while reading");
    }
    if (o instanceof IOException e) {
      done = true;
      throw new IOException(e.getMessage(), e);
    }
    if (o instanceof RuntimeException e) {
      done = true;
      throw e;
    }
    if (o instanceof Error e) {
      done = true;
      throw e;
    }
    byte[] chunk = (byte[]) o;
    if (chunk == END) {
      done = true;
      return false;
    }
    current = chunk;
    pos = 0;
    limit = chunk.length;
    return true;
  }

  @Override
  public int read() throws IOException {
    if (pos == limit && !next()) {
      return -1;
    }
    return current[pos++] & 0xFF;
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
    System.arraycopy(current, pos, b, off, n);
    pos += n;
    return n;
  }

  @Override
  public void close() {
    done = true;
    reader.interrupt();
  }
}
