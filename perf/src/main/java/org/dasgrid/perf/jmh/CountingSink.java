package org.dasgrid.perf.jmh;

import java.io.OutputStream;

/** Discards bytes, counting them (so the JIT cannot drop the writes). */
final class CountingSink extends OutputStream {
  long bytes;

  @Override
  public void write(int b) {
    bytes++;
  }

  @Override
  public void write(byte[] b, int off, int len) {
    bytes += len;
  }
}
