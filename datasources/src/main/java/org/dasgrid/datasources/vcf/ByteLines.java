package org.dasgrid.datasources.vcf;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Lines of a stream as byte ranges of one reusable buffer, without making a String per line: a VCF line of
 * thousands of samples is parsed in place. The buffer grows to the longest line. Not thread-safe.
 */
final class ByteLines {
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;
  private final InputStream in;
  private byte[] buf;
  private int filled;
  private int next;
  private int start;
  private int end;
  /** After the last {@code \n} of the buffer (or the end of the input): lines before it are whole. */
  private int whole;
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
      int nl = newline(buf, scanFrom, filled);
      if (nl >= 0) {
        setLine(next, nl);
        next = nl + 1;
        return true;
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

  /**
   * Moves to the next line without looking for its end: the line starts at {@link #start()} and ends before
   * {@link #limit()}, where the caller finds its end as it reads it and says so with {@link #endAt}. For lines
   * that are read to their end anyway (a VCF record's sample columns), so the bytes are not scanned twice.
   * False at the end of the input. The buffer is searched backwards for its last newline once per refill.
   */
  boolean nextStart() throws IOException {
    while (next >= whole) {
      if (eof) {
        if (next < filled) {
          whole = filled;
          break;
        }
        return false;
      }
      fill();
      int nl = lastNewline(buf, next, filled);
      whole = nl >= 0 ? nl + 1 : next;
    }
    start = next;
    end = -1;
    lineNumber++;
    return true;
  }

  /** Where the line of {@link #nextStart} ends at the latest: after its {@code \n}, or the end of the input. */
  int limit() {
    return whole;
  }

  /**
   * Ends the line of {@link #nextStart} at {@code nl}, the offset of its {@code \n} (or {@link #limit()} for a
   * last line without one); a {@code \r} before it is not part of the line.
   */
  void endAt(int nl) {
    end = nl > start && buf[nl - 1] == '\r' ? nl - 1 : nl;
    next = nl + 1;
  }

  private static int lastNewline(byte[] b, int from, int to) {
    for (int p = to - 1; p >= from; p--) {
      if (b[p] == '\n') {
        return p;
      }
    }
    return -1;
  }

  /** The first {@code '\n'} in {@code b[from, to)}, or -1; eight bytes at a time (lines are kilobytes long). */
  static int newline(byte[] b, int from, int to) {
    int p = from;
    for (; p + 8 <= to; p += 8) {
      long x = (long) LONGS.get(b, p) ^ NEWLINES;
      long zero = (x - ONES) & ~x & HIGHS;
      if (zero != 0) {
        return p + (Long.numberOfTrailingZeros(zero) >>> 3);
      }
    }
    for (; p < to; p++) {
      if (b[p] == '\n') {
        return p;
      }
    }
    return -1;
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
    whole = 0; // offsets moved: nextStart looks for the last newline again
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
