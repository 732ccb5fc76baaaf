package org.dasgrid.core.genotype.internal.column;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Per block of rows, each sample's count (het or hom) precomputed, or nothing for a block that keeps none
 * (see {@link org.dasgrid.core.genotype.internal.store.BlockTallies#tally}): unsigned bytes for blocks of {@link org.dasgrid.core.genotype.internal.store.BlockTallies#BLOCK} rows, chars for
 * superblocks. On the heap one array per kept block; mapped, a directory of slot numbers and the slots.
 */
public abstract class BlockCounts {
  /** The number of blocks (kept or not). */
  public abstract int blocks();

  /** Whether block {@code b} keeps counts. */
  public abstract boolean has(int b);

  /** Adds block {@code b}'s counts to {@code into} (one entry per sample); {@link #has} must be true. */
  public abstract void addTo(int b, int[] into);

  public static BlockCounts ofBytes(byte[][] blocks) {
    return new HeapBytes(blocks);
  }

  public static BlockCounts ofChars(char[][] blocks) {
    return new HeapChars(blocks);
  }

  /**
   * Mapped: {@code directory} gives each block's slot number (-1: none); slot {@code k} is {@code cohort}
   * values of {@code width} bytes (1 or 2, little-endian) from byte {@code k * cohort * width} of {@code slots}.
   */
  public static BlockCounts mapped(IntColumn directory, ByteBuffer slots, int cohort, int width) {
    return new Mapped(directory, slots.slice().order(ByteOrder.LITTLE_ENDIAN), cohort, width);
  }

  private static final class HeapBytes extends BlockCounts {
    private final byte[][] blocks;

    HeapBytes(byte[][] blocks) {
      this.blocks = blocks;
    }

    @Override
    public int blocks() {
      return blocks.length;
    }

    @Override
    public boolean has(int b) {
      return blocks[b] != null;
    }

    @Override
    public void addTo(int b, int[] into) {
      byte[] counts = blocks[b];
      for (int i = 0; i < counts.length; i++) {
        into[i] += counts[i] & 0xFF;
      }
    }
  }

  private static final class HeapChars extends BlockCounts {
    private final char[][] blocks;

    HeapChars(char[][] blocks) {
      this.blocks = blocks;
    }

    @Override
    public int blocks() {
      return blocks.length;
    }

    @Override
    public boolean has(int b) {
      return blocks[b] != null;
    }

    @Override
    public void addTo(int b, int[] into) {
      char[] counts = blocks[b];
      for (int i = 0; i < counts.length; i++) {
        into[i] += counts[i];
      }
    }
  }

  private static final class Mapped extends BlockCounts {
    private final IntColumn directory;
    private final ByteBuffer slots;
    private final int cohort;
    private final int width;

    Mapped(IntColumn directory, ByteBuffer slots, int cohort, int width) {
      this.directory = directory;
      this.slots = slots;
      this.cohort = cohort;
      this.width = width;
    }

    @Override
    public int blocks() {
      return directory.length();
    }

    @Override
    public boolean has(int b) {
      return directory.get(b) >= 0;
    }

    @Override
    public void addTo(int b, int[] into) {
      int base = directory.get(b) * cohort * width;
      if (width == 1) {
        for (int i = 0; i < cohort; i++) {
          into[i] += slots.get(base + i) & 0xFF;
        }
      } else {
        for (int i = 0; i < cohort; i++) {
          into[i] += slots.getChar(base + 2 * i);
        }
      }
    }
  }
}
