package org.dasgrid.core.genotype.internal.store;

import org.dasgrid.core.genotype.internal.column.BlockCounts;
import org.dasgrid.core.genotype.internal.column.IntColumn;
import org.dasgrid.core.genotype.internal.sets.SampleSets;

/**
 * Each sample's het and hom counts precomputed per block of {@link #BLOCK} rows of a contig, where adding them
 * (two passes over the cohort) is cheaper than adding the block's calls one by one, and per superblock of {@link
 * #SUPER} consecutive blocks that all keep counts: the samples query then costs per block, not per call, and a
 * gene of tens of thousands of rows costs a few superblock additions.
 */
public final class BlockTallies {
  /** Rows per block of precomputed per-sample counts; at most 255, so a count fits a byte. */
  public static final int BLOCK = 255;
  /** Blocks per superblock (4,080 rows, so that a superblock's counts fit a char). */
  public static final int SUPER = 16;

  final BlockCounts hetBlocks;
  final BlockCounts homBlocks;
  final BlockCounts hetSupers;
  final BlockCounts homSupers;

  BlockTallies(BlockCounts hetBlocks, BlockCounts homBlocks, BlockCounts hetSupers, BlockCounts homSupers) {
    this.hetBlocks = hetBlocks;
    this.homBlocks = homBlocks;
    this.hetSupers = hetSupers;
    this.homSupers = homSupers;
  }

  /** The tallies of {@code size} rows whose het and hom set handles are given. */
  static BlockTallies of(int size, int[] het, int[] hom, SampleSets sets) {
    int blocks = (size + BLOCK - 1) / BLOCK;
    byte[][] hetCounts = new byte[blocks][];
    byte[][] homCounts = new byte[blocks][];
    for (int b = 0; b < blocks; b++) {
      tallyBlock(b, size, het, hom, sets, hetCounts, homCounts);
    }
    char[][] hetSums = new char[size / (SUPER * BLOCK)][];
    char[][] homSums = new char[hetSums.length][];
    for (int sb = 0; sb < hetSums.length; sb++) {
      hetSums[sb] = sum(hetCounts, sb * SUPER);
      homSums[sb] = sum(homCounts, sb * SUPER);
    }
    return new BlockTallies(BlockCounts.ofBytes(hetCounts), BlockCounts.ofBytes(homCounts),
        BlockCounts.ofChars(hetSums), BlockCounts.ofChars(homSums));
  }

  /** Precomputes a block's per-sample counts when that is cheaper than adding its calls one by one. */
  private static void tallyBlock(int b, int size, int[] het, int[] hom, SampleSets sets, byte[][] hetBlocks,
      byte[][] homBlocks) {
    int from = b * BLOCK;
    int to = Math.min(size, from + BLOCK);
    long calls = 0;
    for (int r = from; r < to; r++) {
      calls += sets.cardinality(het[r]) + sets.cardinality(hom[r]);
    }
    int cohort = sets.cohortSize();
    if (calls < 4L * cohort) {
      return;
    }
    int[] h = new int[cohort];
    int[] o = new int[cohort];
    for (int r = from; r < to; r++) {
      sets.addTo(het[r], h);
      sets.addTo(hom[r], o);
    }
    hetBlocks[b] = toBytes(h);
    homBlocks[b] = toBytes(o);
  }

  /** The sums of blocks {@code [first, first + SUPER)}, or null if one of them keeps no counts. */
  private static char[] sum(byte[][] blockCounts, int first) {
    for (int b = first; b < first + SUPER; b++) {
      if (blockCounts[b] == null) {
        return null;
      }
    }
    char[] sum = new char[blockCounts[first].length];
    for (int b = first; b < first + SUPER; b++) {
      byte[] counts = blockCounts[b];
      for (int i = 0; i < sum.length; i++) {
        sum[i] += (char) (counts[i] & 0xFF);
      }
    }
    return sum;
  }

  private static byte[] toBytes(int[] counts) {
    byte[] out = new byte[counts.length];
    for (int i = 0; i < counts.length; i++) {
      out[i] = (byte) counts[i];
    }
    return out;
  }

  /**
   * Adds each sample's het and hom counts over rows {@code [from, to)} of {@code size} to {@code het}/{@code
   * hom}, from the block counts where a whole block is covered and row by row (through the rows' set handles
   * {@code hetSets}/{@code homSets}) elsewhere.
   */
  void tally(int from, int to, int size, IntColumn hetSets, IntColumn homSets, SampleSets sets, int[] het,
      int[] hom) {
    int r = from;
    while (r < to) {
      int sb = r / (SUPER * BLOCK);
      int superEnd = (sb + 1) * SUPER * BLOCK;
      if (r == sb * SUPER * BLOCK && superEnd <= to && sb < hetSupers.blocks() && hetSupers.has(sb)) {
        hetSupers.addTo(sb, het);
        homSupers.addTo(sb, hom);
        r = superEnd;
        continue;
      }
      int b = r / BLOCK;
      int blockEnd = Math.min(size, (b + 1) * BLOCK);
      if (r == b * BLOCK && blockEnd <= to && hetBlocks.has(b)) {
        hetBlocks.addTo(b, het);
        homBlocks.addTo(b, hom);
        r = blockEnd;
      } else {
        sets.addTo(hetSets.get(r), het);
        sets.addTo(homSets.get(r), hom);
        r++;
      }
    }
  }

  /** Heap held by the kept blocks' arrays (an estimate, array headers included). */
  long heapBytes(int cohort) {
    long blocks = 8L * (hetSupers.blocks() + hetBlocks.blocks());
    for (int b = 0; b < hetBlocks.blocks(); b++) {
      if (hetBlocks.has(b)) {
        blocks += 2L * (16 + cohort);
      }
    }
    for (int sb = 0; sb < hetSupers.blocks(); sb++) {
      if (hetSupers.has(sb)) {
        blocks += 2L * (16 + 2L * cohort);
      }
    }
    return blocks;
  }
}
