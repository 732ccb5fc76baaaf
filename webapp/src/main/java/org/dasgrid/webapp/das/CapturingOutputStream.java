package org.dasgrid.webapp.das;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Passes bytes on and keeps a copy, up to a limit, so a streamed response can be cached without being
 * rendered twice. Past the limit the copy is dropped and the response is simply not cached.
 *
 * <p>The copy is kept in 64 KB chunks and joined once at the end: a growing array would copy a 9 MB answer
 * about twice more on the way (8 KB, 16 KB, ... 16 MB) and leave large garbage arrays behind.
 */
final class CapturingOutputStream extends FilterOutputStream {
  private static final int CHUNK = 64 * 1024;
  private final int limit;
  private final List<byte[]> full = new ArrayList<>();
  private byte[] chunk = new byte[1024];
  private int inChunk;
  private int size;
  private boolean overflowed;

  CapturingOutputStream(OutputStream out, int limit) {
    super(out);
    this.limit = limit;
  }

  @Override
  public void write(int b) throws IOException {
    out.write(b);
    keep(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    out.write(b, off, len);
    keep(b, off, len);
  }

  private void keep(byte[] b, int off, int len) {
    if (overflowed) {
      return;
    }
    if ((long) size + len > limit) {
      overflowed = true;
      full.clear();
      chunk = null;
      return;
    }
    size += len;
    while (len > 0) {
      if (inChunk == chunk.length) {
        if (chunk.length < CHUNK) {
          chunk = Arrays.copyOf(chunk, Math.min(CHUNK, chunk.length * 4)); // small answers stay small
        } else {
          full.add(chunk);
          chunk = new byte[CHUNK];
          inChunk = 0;
        }
      }
      int n = Math.min(len, chunk.length - inChunk);
      System.arraycopy(b, off, chunk, inChunk, n);
      inChunk += n;
      off += n;
      len -= n;
    }
  }

  /** The bytes written, or null if they exceeded the limit. */
  byte[] captured() {
    if (overflowed) {
      return null;
    }
    byte[] all = new byte[size];
    int at = 0;
    for (byte[] c : full) {
      System.arraycopy(c, 0, all, at, c.length);
      at += c.length;
    }
    System.arraycopy(chunk, 0, all, at, inChunk);
    return all;
  }
}
