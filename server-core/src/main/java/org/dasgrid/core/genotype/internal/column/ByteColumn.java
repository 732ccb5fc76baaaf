package org.dasgrid.core.genotype.internal.column;

import java.nio.ByteBuffer;

/** Bytes the engine reads by index: on the heap or mapped (see {@link IntColumn}). */
public abstract class ByteColumn {
  public abstract byte get(int i);

  public abstract int length();

  /** Copies {@code n} bytes from {@code from} into {@code dst} at {@code at}. */
  public abstract void copy(int from, byte[] dst, int at, int n);

  public static ByteColumn of(byte[] values) {
    return new Heap(values);
  }

  public static ByteColumn mapped(ByteBuffer bytes) {
    return new Mapped(bytes.slice());
  }

  /** The array when on the heap, else null (the variant cursor hands a heap pool to writers as it is). */
  public byte[] array() {
    return null;
  }

  private static final class Heap extends ByteColumn {
    private final byte[] values;

    Heap(byte[] values) {
      this.values = values;
    }

    @Override
    public byte get(int i) {
      return values[i];
    }

    @Override
    public int length() {
      return values.length;
    }

    @Override
    public void copy(int from, byte[] dst, int at, int n) {
      System.arraycopy(values, from, dst, at, n);
    }

    @Override
    public byte[] array() {
      return values;
    }
  }

  private static final class Mapped extends ByteColumn {
    private final ByteBuffer values;

    Mapped(ByteBuffer values) {
      this.values = values;
    }

    @Override
    public byte get(int i) {
      return values.get(i);
    }

    @Override
    public int length() {
      return values.limit();
    }

    @Override
    public void copy(int from, byte[] dst, int at, int n) {
      values.get(from, dst, at, n);
    }
  }
}
