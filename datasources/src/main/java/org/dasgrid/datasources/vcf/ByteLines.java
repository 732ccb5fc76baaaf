package org.dasgrid.datasources.vcf;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Lines of a stream as byte ranges of one reusable buffer, without making a String per line: a VCF line of
 * thousands of samples is parsed in place. The buffer grows to the longest line. Not thread-safe.
 */
final class ByteLines {
  private final InputStream in;
  private byte[] buf;
  private int filled;
  private int next;
  private int start;
  private int end;
  private long lineNumber;
  private boolean eof;

  ByteLines(InputStream in) {
    this(in, 1 << 20);
  }

  ByteLines(InputStream in, int bufferSize) {
    this.in = in;
    this.buf = new byte[Math.max(16, bufferSize)];
  }

  /** Moves to the next line; false at the end of the input. A trailing {@code \r} is not part of the line. */
  boolean next() throws IOException {
    int scanFrom = next;
    while (true) {
      for (int p = scanFrom; p < filled; p++) {
        if (buf[p] == '\n') {
          setLine(next, p);
          next = p + 1;
          return true;
        }
      }
      if (eof) {
        if (next < filled) {
          setLine(next, filled);
          next = filled;
          return true;
        }
        return false;
      }
      scanFrom = filled - next;
      fill();
    }
  }

  private void setLine(int from, int to) {
    start = from;
    end = to > from && buf[to - 1] == '\r' ? to - 1 : to;
    lineNumber++;
  }

  /** Moves the unread part to the front (growing the buffer when a line fills it) and reads more. */
  private void fill() throws IOException {
    int keep = filled - next;
    if (next > 0) {
      System.arraycopy(buf, next, buf, 0, keep);
    } else if (keep == buf.length) {
      buf = Arrays.copyOf(buf, buf.length * 2);
    }
    filled = keep;
    next = 0;
    int n = in.read(buf, filled, buf.length - filled);
    if (n < 0) {
      eof = true;
    } else {
      filled += n;
    }
  }

  byte[] buffer() {
    return buf;
  }

  int start() {
    return start;
  }

  int end() {
    return end;
  }

  boolean isEmpty() {
    return start == end;
  }

  boolean startsWith(char c) {
    return end > start && buf[start] == c;
  }

  /** 1-based number of the current line. */
  long lineNumber() {
    return lineNumber;
  }

  String text() {
    return new String(buf, start, end - start, StandardCharsets.UTF_8);
  }
}
