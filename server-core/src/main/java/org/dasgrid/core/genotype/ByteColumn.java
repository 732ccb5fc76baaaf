package org.dasgrid.core.genotype;

import java.nio.ByteBuffer;

/** Bytes the engine reads by index: on the heap or mapped (see {@link IntColumn}). */
abstract class ByteColumn {
  abstract byte get(int i);

  abstract int length();

  /** Copies {@code n} bytes from {@code from} into {@code dst} at {@code at}. */
  abstract void copy(int from, byte[] dst, int at, int n);

  static ByteColumn of(byte[] values) {
    return new Heap(values);
  }

  static ByteColumn mapped(ByteBuffer bytes) {
    return new Mapped(bytes.slice());
  }

  /** The array when on the heap, else null (the variant cursor hands a heap pool to writers as it is). */
  byte[] array() {
    return null;
  }

  private static final class Heap extends ByteColumn {
    private final byte[] values;

    Heap(byte[] values) {
      this.values = values;
    }

    @Override
    byte get(int i) {
      return values[i];
    }

    @Override
    int length() {
      return values.length;
    }

    @Override
    void copy(int from, byte[] dst, int at, int n) {
      System.arraycopy(values, from, dst, at, n);
    }

    @Override
    byte[] array() {
      return values;
    }
  }

  private static final class Mapped extends ByteColumn {
    private final ByteBuffer values;

    Mapped(ByteBuffer values) {
      this.values = values;
    }

    @Override
    byte get(int i) {
      return values.get(i);
    }

    @Override
    int length() {
      return values.limit();
    }

    @Override
    void copy(int from, byte[] dst, int at, int n) {
      values.get(from, dst, at, n);
    }
  }
}
