package org.dasgrid.core.genotype.internal.engine;

import java.util.Arrays;
import java.util.List;
import org.dasgrid.core.genotype.SampleCallBits;
import org.dasgrid.core.genotype.internal.store.ContigRows;
import org.dasgrid.core.genotype.internal.store.SampleCallSection;
import org.roaringbitmap.buffer.ImmutableRoaringBitmap;
import org.roaringbitmap.buffer.MappeableContainerPointer;

/**
 * Samples' call bits ({@link SampleCallBits}) read from an index's sample-major calls ({@link SampleCallSection},
 * {@code index --sample-calls}) instead of scanning the rows: a few KB per sample and contig, a container's
 * words at a time.
 */
final class SampleCallsReader {
  /** Words of one Roaring container: 2^16 rows. */
  private static final int CONTAINER_WORDS = 1024;

  private SampleCallsReader() {}

  /**
   * The samples' bits over the plans' rows, numbered per contig from a word boundary: plan {@code k}'s row
   * {@code r} is bit {@code base(k) + r}, with {@code base} the words of the plans before it times 64. Rows the
   * plan does not visit and multi-allelic rows read as not called (no bit set), so they count nothing.
   */
  public static SampleCallBits[] read(List<ContigRows> contigs, List<SampleCallSection> sections,
      List<Plan> plans, int[] samples) {
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
      Plan p = plans.get(k);
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
        decode(s.calls(samples[i], SampleCallSection.GAP), gap, 0, words, scratch);
        decode(s.calls(samples[i], SampleCallSection.HET), het[i], at, words, scratch);
        decode(s.calls(samples[i], SampleCallSection.HOM), hom[i], at, words, scratch);
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
  public static boolean covers(List<ContigRows> contigs, List<SampleCallSection> sections, List<Plan> plans) {
    for (Plan p : plans) {
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
  private static long[] visited(ContigRows c, Plan p, int words) {
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
}
