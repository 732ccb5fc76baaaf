package org.dasgrid.core.genotype.internal.store;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.dasgrid.core.genotype.internal.column.IntColumn;
import org.dasgrid.core.genotype.internal.column.TwoParts;
import org.dasgrid.core.genotype.internal.sets.SampleSets;
import org.roaringbitmap.BitSetUtil;
import org.roaringbitmap.RoaringBitmap;
import org.roaringbitmap.buffer.ImmutableRoaringBitmap;
import org.roaringbitmap.buffer.MappeableContainerPointer;

/**
 * An index's optional sample-major calls of one contig ({@code index --sample-calls}): the contig's biallelic
 * rows as a RoaringBitmap over its row numbers, then per sample three bitmaps over the same numbers, the
 * biallelic rows where the sample has two alleles called and one ALT copy (het), two (hom), and where it does
 * not have two alleles called (missing, haploid, or an AN correction). They are the engine's call-bit scan's bits
 * made once at build time (the reader of the engine's call bits serves them), so that {@link
 * org.dasgrid.core.genotype.CallReader#diploidCalls} reads a few KB per sample and contig
 * instead of probing three scattered sets per row (a cold KING pair: a ~56 ms scan of a million rows).
 *
 * <p>Stored as two sections of the contig: {@code sampleCalls}, the serialized bitmaps one after another
 * (each at a multiple of 8 bytes), and {@code sampleCallsDirectory}, {@code 3·samples + 2} ints: bitmap
 * {@code i}'s offset in the first section is entry {@code i}, its end entry {@code i + 1}. Served mapped
 * ({@link ImmutableRoaringBitmap} over the file's bytes, nothing copied but the words a request returns).
 */
public final class SampleCallSection {
  public static final int HET = 0;
  public static final int HOM = 1;
  public static final int GAP = 2;

  private final ByteBuffer data;
  private final IntColumn directory;

  /** Over a contig's mapped sections, their checksums and shape checked by the index reader. */
  public SampleCallSection(ByteBuffer data, IntColumn directory) {
    this.data = data;
    this.directory = directory;
  }

  private ImmutableRoaringBitmap bitmap(int i) {
    int from = directory.get(i);
    return new ImmutableRoaringBitmap(data.slice(from, directory.get(i + 1) - from).order(ByteOrder.LITTLE_ENDIAN));
  }

  public ImmutableRoaringBitmap biallelic() {
    return bitmap(0);
  }

  public ImmutableRoaringBitmap calls(int sample, int kind) {
    return bitmap(1 + 3 * sample + kind);
  }

  /**
   * One contig's bitmaps, serialized in section order (the biallelic rows, then het, hom and missing per
   * sample): the calls as the engine's call-bit scan reads them ({@link IndexRowCalls#fill}: ploidy, AN and AC
   * corrections), on the rows it visits (not multi-allelic). The heap held meanwhile is three bits per row
   * and sample of this contig, plus the serialized bitmaps.
   */
  public static byte[][] serialize(ContigRows c, SampleSets sets, Corrections fixes) {
    int n = sets.cohortSize();
    int words = (c.size + 63) >>> 6;
    long[] biallelic = new long[words];
    long[][][] kinds = new long[3][n][words];
    // two threads (the build's reading threads wait meanwhile): the rows in two halves cut at a word boundary,
    // so that each writes words of its own; then the samples' bitmaps in two halves
    int mid = (c.size / 2) & ~63;
    TwoParts.run(h -> {
      fill(c, sets, fixes, h == 0 ? 0 : mid, h == 0 ? mid : c.size, biallelic, kinds);
      return null;
    });
    byte[][] out = new byte[1 + 3 * n][];
    out[0] = bytes(biallelic);
    TwoParts.run(h -> {
      for (int s = h == 0 ? 0 : n / 2, end = h == 0 ? n / 2 : n; s < end; s++) {
        for (int k = 0; k < 3; k++) {
          out[1 + 3 * s + k] = bytes(kinds[k][s]);
          kinds[k][s] = null; // the words go as their bitmap is made
        }
      }
      return null;
    });
    return out;
  }

  /** Rows {@code [from, to)}'s bits into the words (the rows' words only: {@code from} is a multiple of 64). */
  private static void fill(ContigRows c, SampleSets sets, Corrections fixes, int from, int to, long[] biallelic,
      long[][][] kinds) {
    int n = sets.cohortSize();
    IndexRowCalls cursor = new IndexRowCalls(sets, fixes);
    byte[] called = new byte[n];
    byte[] copies = new byte[n];
    long[][] het = kinds[HET];
    long[][] hom = kinds[HOM];
    long[][] gap = kinds[GAP];
    for (int r = from; r < to; r++) {
      IndexRowCalls row = cursor.at(c, r);
      if (row.multiAllelic()) {
        continue;
      }
      int w = r >>> 6;
      long bit = 1L << r;
      biallelic[w] |= bit;
      row.fill(called, copies);
      for (int s = 0; s < n; s++) {
        if (called[s] != 2) {
          gap[s][w] |= bit;
        } else if (copies[s] == 1) {
          het[s][w] |= bit;
        } else if (copies[s] == 2) {
          hom[s][w] |= bit;
        }
      }
    }
  }

  private static byte[] bytes(long[] words) {
    RoaringBitmap b = BitSetUtil.bitmapOf(words);
    b.runOptimize();
    ByteBuffer out = ByteBuffer.allocate(b.serializedSizeInBytes()).order(ByteOrder.LITTLE_ENDIAN);
    b.serialize(out);
    return out.array();
  }
}
