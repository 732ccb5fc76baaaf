package org.dasgrid.core.genotype.internal.column;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;

/**
 * Ints the engine reads by index: an array on the heap (an engine built from a VCF) or a little-endian slice
 * of a mapped index file ({@link org.dasgrid.core.genotype.GenotypeIndexFile}). The query code reads both the same way, so a mapped
 * engine answers exactly as the in-heap one; in a JVM that maps nothing, the mapped subclass is never loaded
 * and each read compiles to the array access it was before.
 */
public abstract class IntColumn {
  public abstract int get(int i);

  public abstract int length();

  public static IntColumn of(int[] values) {
    return new Heap(values);
  }

  /** {@code length} zeros, holding no array (a contig's INFO offsets when none of its records has INFO). */
  public static IntColumn zeros(int length) {
    return new Zeros(length);
  }

  /** The ints of {@code bytes} (little-endian, from its position to its limit). */
  public static IntColumn mapped(ByteBuffer bytes) {
    return new Mapped(bytes.slice().order(ByteOrder.LITTLE_ENDIAN).asIntBuffer());
  }

  /** The first index in {@code [from, to)} whose value is not below {@code key} ({@code to} if none). */
  public final int lowerBound(int from, int to, int key) {
    int lo = from;
    int hi = to;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (get(mid) < key) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private static final class Heap extends IntColumn {
    private final int[] values;

    Heap(int[] values) {
      this.values = values;
    }

    @Override
    public int get(int i) {
      return values[i];
    }

    @Override
    public int length() {
      return values.length;
    }
  }

  private static final class Zeros extends IntColumn {
    private final int length;

    Zeros(int length) {
      this.length = length;
    }

    @Override
    public int get(int i) {
      java.util.Objects.checkIndex(i, length);
      return 0;
    }

    @Override
    public int length() {
      return length;
    }
  }

  private static final class Mapped extends IntColumn {
    private final IntBuffer values;

    Mapped(IntBuffer values) {
      this.values = values;
    }

    @Override
    public int get(int i) {
      return values.get(i);
    }

    @Override
    public int length() {
      return values.limit();
    }
  }
}
