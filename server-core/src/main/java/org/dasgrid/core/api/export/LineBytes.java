package org.dasgrid.core.api.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable line of bytes, written to a stream and reused: the exports' text is made here, not in Strings. */
final class LineBytes {
  private byte[] b = new byte[1 << 16];
  private int n;

  LineBytes text(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= 0x80) { // not ASCII: its UTF-8 bytes
        byte[] u = s.substring(i).getBytes(StandardCharsets.UTF_8);
        room(u.length);
        System.arraycopy(u, 0, b, n, u.length);
        n += u.length;
        return this;
      }
      room(1);
      b[n++] = (byte) c;
    }
    return this;
  }

  LineBytes ch(char c) {
    room(1);
    b[n++] = (byte) c;
    return this;
  }

  LineBytes number(long v) {
    if (v < 0) {
      ch('-');
      v = -v;
    }
    if (v < 10) {
      return ch((char) ('0' + v));
    }
    return text(Long.toString(v));
  }

  /** Makes room for {@code k} more bytes. */
  void room(int k) {
    if (n + k > b.length) {
      b = Arrays.copyOf(b, Math.max(b.length * 2, n + k));
    }
  }

  /** For writers that put bytes in directly after {@link #room}. */
  byte[] array() {
    return b;
  }

  int length() {
    return n;
  }

  void length(int at) {
    n = at;
  }

  void writeTo(OutputStream out) throws IOException {
    out.write(b, 0, n);
    n = 0;
  }
}
