package org.dasgrid.core.genotype.internal.column;

import java.util.Arrays;

/** A growable list of ints, for building the engine's primitive arrays without boxing. Not thread-safe. */
public final class IntList {
  private int[] values;
  private int size;

  public IntList() {
    this(16);
  }

  IntList(int capacity) {
    values = new int[Math.max(4, capacity)];
  }

  public void add(int v) {
    if (size == values.length) {
      values = Arrays.copyOf(values, grow(values.length));
    }
    values[size++] = v;
  }

  public int get(int i) {
    return values[i];
  }

  public void set(int i, int v) {
    values[i] = v;
  }

  public int size() {
    return size;
  }

  public boolean isEmpty() {
    return size == 0;
  }

  public void clear() {
    size = 0;
  }

  /** The backing array; valid up to {@link #size()}. */
  public int[] raw() {
    return values;
  }

  public int[] toArray() {
    return Arrays.copyOf(values, size);
  }

  public static int grow(int length) {
    long next = length + (length >> 1) + 16L;
    if (next > Integer.MAX_VALUE - 16) {
      throw new IllegalStateException("more than " + (Integer.MAX_VALUE - 16) + " entries");
    }
    return (int) next;
  }
}
