package org.dasgrid.webapp;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * Passes bytes on and keeps a copy, up to a limit, so a streamed response can be cached without being
 * rendered twice. Past the limit the copy is dropped and the response is simply not cached.
 */
final class CapturingOutputStream extends FilterOutputStream {
  private final int limit;
  private byte[] copy = new byte[8192];
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
      copy = null;
      return;
    }
    if (size + len > copy.length) {
      copy = Arrays.copyOf(copy, Math.min(limit, Math.max(size + len, copy.length * 2)));
    }
    System.arraycopy(b, off, copy, size, len);
    size += len;
  }

  /** The bytes written, or null if they exceeded the limit. */
  byte[] captured() {
    return overflowed ? null : Arrays.copyOf(copy, size);
  }
}
