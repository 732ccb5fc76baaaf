package org.dasgrid.core.genotype.internal.column;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;

/** Longs the engine reads by index: on the heap or mapped (see {@link IntColumn}). */
public abstract class LongColumn {
  public abstract long get(int i);

  public abstract int length();

  public static LongColumn of(long[] values) {
    return new Heap(values);
  }

  public static LongColumn mapped(ByteBuffer bytes) {
    return new Mapped(bytes.slice().order(ByteOrder.LITTLE_ENDIAN).asLongBuffer());
  }

  private static final class Heap extends LongColumn {
    private final long[] values;

    Heap(long[] values) {
      this.values = values;
    }

    @Override
    public long get(int i) {
      return values[i];
    }

    @Override
    public int length() {
      return values.length;
    }
  }

  private static final class Mapped extends LongColumn {
    private final LongBuffer values;

    Mapped(LongBuffer values) {
      this.values = values;
    }

    @Override
    public long get(int i) {
      return values.get(i);
    }

    @Override
    public int length() {
      return values.limit();
    }
  }
}
