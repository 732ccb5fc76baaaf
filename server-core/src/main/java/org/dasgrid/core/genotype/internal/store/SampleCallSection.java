package org.dasgrid.core.genotype.internal.store;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.SampleCallBits;
import org.dasgrid.core.genotype.internal.analytics.Rows;
import org.dasgrid.core.genotype.internal.column.IntColumn;
import org.dasgrid.core.genotype.internal.column.TwoParts;
import org.dasgrid.core.genotype.internal.engine.DiploidCallScan;
import org.dasgrid.core.genotype.internal.engine.GenotypeIndex;
import org.dasgrid.core.genotype.internal.sets.SampleSets;
import org.roaringbitmap.BitSetUtil;
import org.roaringbitmap.RoaringBitmap;
import org.roaringbitmap.buffer.ImmutableRoaringBitmap;
import org.roaringbitmap.buffer.MappeableContainerPointer;

/**
 * An index's optional sample-major calls of one contig ({@code index --sample-calls}): the contig's biallelic
 * rows as a RoaringBitmap over its row numbers, then per sample three bitmaps over the same numbers, the
 * biallelic rows where the sample has two alleles called and one ALT copy (het), two (hom), and where it does
 * not have two alleles called (missing, haploid, or an AN correction). They are {@link DiploidCallScan}'s bits
 * made once at build time, so that {@link CallReader#diploidCalls} reads a few KB per sample and contig
 * instead of probing three scattered sets per row (a cold KING pair: a ~56 ms scan of a million rows).
 *
 * <p>Stored as two sections of the contig: {@code sampleCalls}, the serialized bitmaps one after another
 * (each at a multiple of 8 bytes), and {@code sampleCallsDirectory}, {@code 3·samples + 2} ints: bitmap
 * {@code i}'s offset in the first section is entry {@code i}, its end entry {@code i + 1}. Served mapped
 * ({@link ImmutableRoaringBitmap} over the file's bytes, nothing copied but the words a request returns).
 */
public final class SampleCallSection {
  static final int HET = 0;
  static final int HOM = 1;
  static final int GAP = 2;
  /** Words of one Roaring container: 2^16 rows. */
  private static final int CONTAINER_WORDS = 1024;

  private final ByteBuffer data;
  private final IntColumn directory;
  private final int rows;

  /**
   * Over a contig's mapped sections; checks the directory's shape (the checksums were checked by the caller).
   *
   * @throws IllegalArgumentException naming what is wrong, when the directory does not fit the data
   */
  public SampleCallSection(ByteBuffer data, IntColumn directory, int cohort, int rows) {
    this.data = data;
    this.directory = directory;
    this.rows = rows;
    int n = 3 * cohort + 2;
    if (directory.length() != n) {
      throw new IllegalArgumentException("the directory has " + directory.length() + " entries for " + cohort
          + " samples (" + n + " expected)");
    }
    int last = 0;
    for (int i = 0; i < n; i++) {
      int at = directory.get(i);
      if (at < last || at > data.remaining()) {
        throw new IllegalArgumentException("directory entry " + i + " (" + at + ") is out of order or past the "
            + data.remaining() + " bytes");
      }
      last = at;
    }
    if (last != data.remaining()) {
      throw new IllegalArgumentException("the directory ends at " + last + " of " + data.remaining() + " bytes");
    }
  }

  private ImmutableRoaringBitmap bitmap(int i) {
    int from = directory.get(i);
    return new ImmutableRoaringBitmap(data.slice(from, directory.get(i + 1) - from).order(ByteOrder.LITTLE_ENDIAN));
  }

  ImmutableRoaringBitmap biallelic() {
    return bitmap(0);
  }

  ImmutableRoaringBitmap calls(int sample, int kind) {
    return bitmap(1 + 3 * sample + kind);
  }

  // ---- serving

  /**
   * The samples' bits over the plans' rows, numbered per contig from a word boundary: plan {@code k}'s row
   * {@code r} is bit {@code base(k) + r}, with {@code base} the words of the plans before it times 64. Rows the
   * plan does not visit and multi-allelic rows read as not called (no bit set), so they count nothing.
   */
  public static SampleCallBits[] read(List<ContigRows> contigs, List<SampleCallSection> sections,
      List<GenotypeIndex.Plan> plans, int[] samples) {
    int[] base = new int[plans.size() + 1];
    for (int k = 0; k < plans.size(); k++) {
      base[k + 1] = base[k] + words(contigs.get(plans.get(k).contig()).size);
    }
    int total = base[plans.size()];
    long[][] called = new long[samples.length][total];
    long[][] het = new long[samples.length][total];
    long[][] hom = new long[samples.length][total];
    long[] scratch = new long[CONTAINER_WORDS];
    for (int k = 0; k < plans.size(); k++) {
      GenotypeIndex.Plan p = plans.get(k);
      ContigRows c = contigs.get(p.contig());
      if (c.size == 0) {
        continue;
      }
      SampleCallSection s = sections.get(p.contig());
      int words = words(c.size);
      long[] mask = visited(c, p, words);
      long[] gap = new long[words];
      decode(s.biallelic(), gap, 0, words, scratch);
      for (int w = 0; w < words; w++) {
        mask[w] &= gap[w];
      }
      int at = base[k];
      for (int i = 0; i < samples.length; i++) {
        Arrays.fill(gap, 0);
        decode(s.calls(samples[i], GAP), gap, 0, words, scratch);
        decode(s.calls(samples[i], HET), het[i], at, words, scratch);
        decode(s.calls(samples[i], HOM), hom[i], at, words, scratch);
        long[] ok = called[i];
        long[] h = het[i];
        long[] a = hom[i];
        for (int w = 0; w < words; w++) {
          long m = mask[w];
          ok[at + w] = m & ~gap[w];
          h[at + w] &= m;
          a[at + w] &= m;
        }
      }
    }
    SampleCallBits[] out = new SampleCallBits[samples.length];
    for (int i = 0; i < samples.length; i++) {
      out[i] = new SampleCallBits(total * 64, called[i], het[i], hom[i]);
    }
    return out;
  }

  /** Whether every planned contig with rows has the section. */
  public static boolean covers(List<ContigRows> contigs, List<SampleCallSection> sections, List<GenotypeIndex.Plan> plans) {
    for (GenotypeIndex.Plan p : plans) {
      if (sections.get(p.contig()) == null && contigs.get(p.contig()).size > 0) {
        return false;
      }
    }
    return true;
  }

  /** Words for the bits of {@code rows} rows. */
  static int words(int rows) {
    return (rows + 63) >>> 6;
  }

  /** The contig's rows the plan visits, as {@link ContigRows#scan} visits them. */
  private static long[] visited(ContigRows c, GenotypeIndex.Plan p, int words) {
    long[] mask = new long[words];
    c.scan(p.starts(), p.stops(), p.ranges(), new ContigRows.RowVisitor() {
      @Override
      public boolean visit(int r) {
        mask[r >>> 6] |= 1L << r;
        return true;
      }

      @Override
      public boolean visitRun(int from, int to) {
        setRange(mask, from, to);
        return true;
      }
    });
    return mask;
  }

  /** Sets bits {@code [from, to)}. */
  static void setRange(long[] words, int from, int to) {
    if (from >= to) {
      return;
    }
    int first = from >>> 6;
    int last = (to - 1) >>> 6;
    long head = -1L << from;
    long tail = -1L >>> -to;
    if (first == last) {
      words[first] |= head & tail;
      return;
    }
    words[first] |= head;
    Arrays.fill(words, first + 1, last, -1L);
    words[last] |= tail;
  }

  /**
   * Copies {@code bitmap}'s containers into {@code dst} from word {@code at} (the words they cover must be zero;
   * words of containers past {@code words} are dropped): a container's 1,024 words at a time.
   */
  private static void decode(ImmutableRoaringBitmap bitmap, long[] dst, int at, int words, long[] scratch) {
    for (MappeableContainerPointer p = bitmap.getContainerPointer(); p.hasContainer(); p.advance()) {
      int from = p.key() * CONTAINER_WORDS;
      if (from >= words) {
        break;
      }
      Arrays.fill(scratch, 0);
      p.getContainer().orInto(scratch);
      System.arraycopy(scratch, 0, dst, at + from, Math.min(CONTAINER_WORDS, words - from));
    }
  }

  // ---- building

  /**
   * One contig's bitmaps, serialized in section order (the biallelic rows, then het, hom and missing per
   * sample): the calls as {@link DiploidCallScan} reads them ({@link IndexRowCalls#fill}: ploidy, AN and AC
   * corrections), on the rows it visits (not multi-allelic). The heap held meanwhile is three bits per row
   * and sample of this contig, plus the serialized bitmaps.
   */
  public static byte[][] serialize(ContigRows c, SampleSets sets, Corrections fixes) {
    int n = sets.cohortSize();
    int words = words(c.size);
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
