package org.dasgrid.core.genotype;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;

/** Longs the engine reads by index: on the heap or mapped (see {@link IntColumn}). */
abstract class LongColumn {
  abstract long get(int i);

  abstract int length();

  static LongColumn of(long[] values) {
    return new Heap(values);
  }

  static LongColumn mapped(ByteBuffer bytes) {
    return new Mapped(bytes.slice().order(ByteOrder.LITTLE_ENDIAN).asLongBuffer());
  }

  private static final class Heap extends LongColumn {
    private final long[] values;

    Heap(long[] values) {
      this.values = values;
    }

    @Override
    long get(int i) {
      return values[i];
    }

    @Override
    int length() {
      return values.length;
    }
  }

  private static final class Mapped extends LongColumn {
    private final LongBuffer values;

    Mapped(LongBuffer values) {
      this.values = values;
    }

    @Override
    long get(int i) {
      return values.get(i);
    }

    @Override
    int length() {
      return values.limit();
    }
  }
}
