package org.dasgrid.core.genotype.internal.column;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.util.Arrays;

/** Unsigned 16-bit values the engine reads by index: on the heap or mapped (see {@link IntColumn}). */
public abstract class CharColumn {
  public abstract char get(int i);

  public abstract int length();

  /** As {@link Arrays#binarySearch(char[], int, int, char)}: the index of {@code key}, or a negative number. */
  public abstract int binarySearch(int from, int to, char key);

  public static CharColumn of(char[] values) {
    return new Heap(values);
  }

  public static CharColumn mapped(ByteBuffer bytes) {
    return new Mapped(bytes.slice().order(ByteOrder.LITTLE_ENDIAN).asCharBuffer());
  }

  private static final class Heap extends CharColumn {
    private final char[] values;

    Heap(char[] values) {
      this.values = values;
    }

    @Override
    public char get(int i) {
      return values[i];
    }

    @Override
    public int length() {
      return values.length;
    }

    @Override
    public int binarySearch(int from, int to, char key) {
      return Arrays.binarySearch(values, from, to, key);
    }
  }

  private static final class Mapped extends CharColumn {
    private final CharBuffer values;

    Mapped(CharBuffer values) {
      this.values = values;
    }

    @Override
    public char get(int i) {
      return values.get(i);
    }

    @Override
    public int length() {
      return values.limit();
    }

    @Override
    public int binarySearch(int from, int to, char key) {
      int lo = from;
      int hi = to - 1;
      while (lo <= hi) {
        int mid = (lo + hi) >>> 1;
        char v = values.get(mid);
        if (v < key) {
          lo = mid + 1;
        } else if (v > key) {
          hi = mid - 1;
        } else {
          return mid;
        }
      }
      return -(lo + 1);
    }
  }
}
