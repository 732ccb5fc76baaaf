package org.dasgrid.core.genotype.internal.sets;

import java.util.function.IntConsumer;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.SetEncoding;
import org.dasgrid.core.genotype.dgi.IndexLayout;
import org.dasgrid.core.genotype.internal.column.ByteColumn;
import org.dasgrid.core.genotype.internal.column.CharColumn;
import org.dasgrid.core.genotype.internal.column.IntColumn;
import org.dasgrid.core.genotype.internal.column.LongColumn;
import org.roaringbitmap.IntIterator;
import org.roaringbitmap.RoaringBitmap;

/**
 * Every set of samples the engine holds, in one store, each named by an int handle: {@link #EMPTY}, or an
 * index tagged with the set's form in its two low bits. Each form is a class of its own ({@link SetForm}): {@link
 * InlineSets} (short runs of 16-bit sample numbers; above 65,536 samples {@link GapSets}, delta-coded runs),
 * {@link RoaringSets}, {@link DenseSets} (cohort-wide bitsets)
 * and {@link PatchedSets} (a dense set of the same contig less a few members and plus a few others); the store
 * routes each question to the set's form, and answers the ones that involve two sets or a form's words. The
 * builder ({@link SetsBuilder}) stores each set in its smallest form (see {@link SetEncoding#COMPACT}).
 *
 * <p>Pools are paged (256 KB pages, no set straddles two) so that no array is large enough to be a G1
 * "humongous" object, whose region tail would be wasted, and no pool meets Java's 2 GB array limit.
 *
 * <p>All operations intersect with a {@link SampleSelection} from the smaller side: a two-sample virtual
 * cohort costs two probes per set, a large one a word-wise AND; nothing loops over the cohort per set.
 * Immutable once built, so queries need no locks.
 */
public final class SampleSets {
  public static final int EMPTY = 0;
  /** Tag of a patched set: 0, as {@link #EMPTY}, whose index is never 0. */
  static final int PATCHED = 0;
  static final int INLINE = 1;
  static final int ROARING = 2;
  static final int DENSE = 3;

  private final int cohortSize;
  private final int words;
  private final InlineSets inline;
  /** Inline runs of delta-coded sample numbers, for cohorts above 65,536 samples ({@link #wideInline}). */
  private final GapSets wide;
  /** Whether the {@link #INLINE} tag names a run of {@link #wide} rather than of {@link #inline}. */
  private final boolean wideInline;
  private final RoaringSets roaring;
  private final DenseSets dense;
  private final PatchedSets patched;

  /**
   * The pools' pages: inline pages of up to 2^17 chars, dense pages of {@link DenseSets#setsPerPage} sets each,
   * patch pages of up to 2^16 ints (the last page of each may be shorter); on the heap, or mapped from an index
   * file.
   */
  public SampleSets(int cohortSize, CharColumn[] inline, RoaringBitmap[] roaring, LongColumn[] dense,
      IntColumn[] patches) {
    this(cohortSize, inline, new ByteColumn[0], roaring, dense, patches);
  }

  /**
   * As above, with the inline runs of a cohort above 65,536 samples in {@code widePages} (delta-coded runs in
   * byte pages of up to 256 KB, {@link GapSets}); such a cohort has no 16-bit runs.
   */
  public SampleSets(int cohortSize, CharColumn[] inline, ByteColumn[] widePages, RoaringBitmap[] roaring,
      LongColumn[] dense, IntColumn[] patches) {
    this.cohortSize = cohortSize;
    this.words = wordsFor(cohortSize);
    this.wideInline = isWide(cohortSize);
    if (wideInline && inline.length > 0 || !wideInline && widePages.length > 0) {
      throw new IllegalArgumentException("inline runs of the wrong width for a cohort of " + cohortSize);
    }
    this.wide = new GapSets(widePages, words);
    this.inline = new InlineSets(inline, words);
    this.roaring = new RoaringSets(roaring, words);
    this.dense = new DenseSets(dense, cohortSize, words);
    this.patched = new PatchedSets(patches, this, this.inline, this.wide, wideInline, words);
  }

  /** Whether a cohort this size stores its inline runs delta-coded (above 65,536 samples; {@link GapSets}). */
  public static boolean isWide(int cohortSize) {
    return IndexLayout.wideInline(cohortSize);
  }

  /** Longs of a set's bits: one bit per cohort sample. */
  public static int wordsFor(int cohortSize) {
    return Math.max(1, (cohortSize + 63) >>> 6);
  }

  /** The form tag of a handle. */
  static int tag(int h) {
    return h & 3;
  }

  // Each question goes to the set's form through a switch over the concrete fields, not through a SetForm[]
  // table: every call site then calls one class's method, which the JIT inlines, where a call through the
  // table reaches four classes (megamorphic) and is not inlined; the engine asks once or twice per row.

  public int cohortSize() {
    return cohortSize;
  }

  public CharColumn[] inlinePages() {
    return inline.pages();
  }

  /** The pages of delta-coded inline runs (none for a cohort of up to 65,536 samples). */
  public ByteColumn[] wideInlinePages() {
    return wide.pages();
  }

  public LongColumn[] densePages() {
    return dense.pages();
  }

  public IntColumn[] patchPages() {
    return patched.pages();
  }

  /** The number of sets in the Roaring form (an index file holds none). */
  public int roaringSets() {
    return roaring.size();
  }

  public int cardinality(int h) {
    return switch (h & 3) {
      case PATCHED -> patched.cardinality(h >>> 2);
      case INLINE -> wideInline ? wide.cardinality(h >>> 2) : inline.cardinality(h >>> 2);
      case ROARING -> roaring.cardinality(h >>> 2);
      default -> dense.cardinality(h >>> 2);
    };
  }

  public boolean contains(int h, int sample) {
    return switch (h & 3) {
      case PATCHED -> patched.contains(h >>> 2, sample);
      case INLINE -> wideInline ? wide.contains(h >>> 2, sample) : inline.contains(h >>> 2, sample);
      case ROARING -> roaring.contains(h >>> 2, sample);
      default -> dense.contains(h >>> 2, sample);
    };
  }

  /**
   * Which of {@code samples} (at most 32) are members of set {@code h}: bit {@code i} for {@code samples[i]}.
   * For a few samples of one row: the set's place (a page and, for a dense set, a division) is found once.
   */
  public int membersAmong(int h, int[] samples) {
    return switch (h & 3) {
      case PATCHED -> patched.membersAmong(h >>> 2, samples);
      case INLINE -> wideInline ? wide.membersAmong(h >>> 2, samples) : inline.membersAmong(h >>> 2, samples);
      case ROARING -> roaring.membersAmong(h >>> 2, samples);
      default -> dense.membersAmong(h >>> 2, samples);
    };
  }

  /** How many members of set {@code h} are chosen by {@code sel}. */
  public int andCardinality(int h, SampleSelection sel) {
    if (h == EMPTY) {
      return 0;
    }
    if (sel.isAll()) {
      return cardinality(h);
    }
    return switch (h & 3) {
      case PATCHED -> patched.andCardinality(h >>> 2, sel);
      case INLINE -> wideInline ? wide.andCardinality(h >>> 2, sel) : inline.andCardinality(h >>> 2, sel);
      case ROARING -> roaring.andCardinality(h >>> 2, sel);
      default -> dense.andCardinality(h >>> 2, sel);
    };
  }

  /**
   * How many samples are in both sets {@code a} and {@code b} and chosen by {@code sel}: the smaller set's
   * chosen members each probed in the other (two dense sets: a word-wise AND). The statistics ask it of a
   * row's non-diploid calls and its het or hom-alt set, which on chrX/Y/M hold a third to all of the cohort:
   * listing either set's members per row would loop over the cohort. The one question of two sets, so of two
   * forms: answered here.
   */
  public int andCardinality(int a, int b, SampleSelection sel) {
    if (a == EMPTY || b == EMPTY) {
      return 0;
    }
    if ((a & 3) == DENSE && (b & 3) == DENSE) {
      LongColumn pa = dense.page(a >>> 2);
      LongColumn pb = dense.page(b >>> 2);
      int ba = dense.at(a >>> 2);
      int bb = dense.at(b >>> 2);
      long[] w = sel.isAll() ? null : sel.words();
      int found = 0;
      for (int k = 0; k < words; k++) {
        long both = pa.get(ba + k) & pb.get(bb + k);
        found += Long.bitCount(w == null ? both : both & w[k]);
      }
      return found;
    }
    int iter = a;
    int probe = b;
    if (cardinality(b) < cardinality(a)) {
      iter = b;
      probe = a;
    }
    int i = iter >>> 2;
    int found = 0;
    if ((iter & 3) == PATCHED || (iter & 3) == INLINE && wideInline) {
      // the smaller is a patch of a dense base, or a delta-coded run: walk its chosen members
      int[] n = {0};
      int other = probe;
      forEachChosen(iter, sel, s -> {
        if (contains(other, s)) {
          n[0]++;
        }
      });
      return n[0];
    }
    switch (iter & 3) {
      case INLINE:
        CharColumn chars = inline.page(i);
        int at = InlineSets.at(i);
        for (int k = at + 1, end = k + chars.get(at); k < end; k++) {
          int s = chars.get(k);
          if ((sel.isAll() || sel.contains(s)) && contains(probe, s)) {
            found++;
          }
        }
        return found;
      case ROARING:
        IntIterator it = roaring.bitmap(i).getIntIterator();
        while (it.hasNext()) {
          int s = it.next();
          if ((sel.isAll() || sel.contains(s)) && contains(probe, s)) {
            found++;
          }
        }
        return found;
      default: // dense, the other not: the other is the smaller, so this branch is only a tie
        LongColumn page = dense.page(i);
        int base = dense.at(i);
        long[] w = sel.isAll() ? null : sel.words();
        for (int k = 0; k < words; k++) {
          long bits = page.get(base + k);
          if (w != null) {
            bits &= w[k];
          }
          while (bits != 0) {
            if (contains(probe, (k << 6) + Long.numberOfTrailingZeros(bits))) {
              found++;
            }
            bits &= bits - 1;
          }
        }
        return found;
    }
  }

  /** Whether some member of set {@code h} is chosen by {@code sel}. */
  public boolean intersects(int h, SampleSelection sel) {
    if (h == EMPTY) {
      return false;
    }
    if (sel.isAll()) {
      return true;
    }
    return switch (h & 3) {
      case PATCHED -> patched.intersects(h >>> 2, sel);
      case INLINE -> wideInline ? wide.intersects(h >>> 2, sel) : inline.intersects(h >>> 2, sel);
      case ROARING -> roaring.intersects(h >>> 2, sel);
      default -> dense.intersects(h >>> 2, sel);
    };
  }

  /** Adds one to {@code counts[s]} for every member {@code s} of set {@code h}. */
  public void addTo(int h, int[] counts) {
    switch (h & 3) {
      case PATCHED -> patched.addTo(h >>> 2, counts);
      case INLINE -> {
        if (wideInline) {
          wide.addTo(h >>> 2, counts);
        } else {
          inline.addTo(h >>> 2, counts);
        }
      }
      case ROARING -> roaring.addTo(h >>> 2, counts);
      default -> dense.addTo(h >>> 2, counts);
    }
  }

  /** Adds {@code value} to {@code into[s]} for every member {@code s} of set {@code h} (a score's dose). */
  public void addTo(int h, double[] into, double value) {
    switch (h & 3) {
      case PATCHED -> patched.addTo(h >>> 2, into, value);
      case INLINE -> {
        if (wideInline) {
          wide.addTo(h >>> 2, into, value);
        } else {
          inline.addTo(h >>> 2, into, value);
        }
      }
      case ROARING -> roaring.addTo(h >>> 2, into, value);
      default -> dense.addTo(h >>> 2, into, value);
    }
  }

  /**
   * Calls {@code sink} with every member of set {@code h} that {@code sel} chooses, from the smaller side: an
   * inline set's few members each tested, a dense set word-wise ANDed (or, for a few chosen samples, each
   * chosen one probed).
   */
  public void forEachChosen(int h, SampleSelection sel, IntConsumer sink) {
    switch (h & 3) {
      case PATCHED -> patched.forEachChosen(h >>> 2, sel, sink);
      case INLINE -> {
        if (wideInline) {
          wide.forEachChosen(h >>> 2, sel, sink);
        } else {
          inline.forEachChosen(h >>> 2, sel, sink);
        }
      }
      case ROARING -> roaring.forEachChosen(h >>> 2, sel, sink);
      default -> dense.forEachChosen(h >>> 2, sel, sink);
    }
  }

  /**
   * As {@link #forEachChosen(int, SampleSelection, IntConsumer)}, with a patched set that is not probed per chosen
   * sample made word-wise into {@code scratch} and ANDed with the selection (see {@link #forEach(int, long[],
   * IntConsumer)}).
   */
  public void forEachChosen(int h, SampleSelection sel, long[] scratch, IntConsumer sink) {
    if (tag(h) != PATCHED || patched.probesChosen(h >>> 2, sel)) {
      forEachChosen(h, sel, sink);
      return;
    }
    fillWords(h, scratch);
    long[] chosen = sel.words();
    for (int w = 0; w < words; w++) {
      for (long bits = scratch[w] & chosen[w]; bits != 0; bits &= bits - 1) {
        sink.accept((w << 6) + Long.numberOfTrailingZeros(bits));
      }
    }
  }

  /** Calls {@code sink} with every member of set {@code h}, ascending. */
  public void forEach(int h, IntConsumer sink) {
    switch (h & 3) {
      case PATCHED -> patched.forEach(h >>> 2, sink);
      case INLINE -> {
        if (wideInline) {
          wide.forEach(h >>> 2, sink);
        } else {
          inline.forEach(h >>> 2, sink);
        }
      }
      case ROARING -> roaring.forEach(h >>> 2, sink);
      default -> dense.forEach(h >>> 2, sink);
    }
  }

  /**
   * As {@link #forEach(int, IntConsumer)}, but a patched set is first made word-wise into {@code scratch} ({@link
   * #fillWords}) and its bits walked: per member a bit scan, as for a dense set, where the member-by-member walk
   * compares each against minus and plus. A row's patched sets are chrX's males (half the cohort) on every row of
   * chrX, so this is what reading chrX's rows costs. {@code scratch} holds at least {@link #words()} longs; it is
   * overwritten, so {@code sink} must not pass it on.
   */
  public void forEach(int h, long[] scratch, IntConsumer sink) {
    if (tag(h) != PATCHED || h == EMPTY) {
      forEach(h, sink);
      return;
    }
    fillWords(h, scratch);
    for (int w = 0; w < words; w++) {
      for (long bits = scratch[w]; bits != 0; bits &= bits - 1) {
        sink.accept((w << 6) + Long.numberOfTrailingZeros(bits));
      }
    }
  }

  /** Longs of a set's bits ({@link #fillWords}): one bit per cohort sample. */
  public int words() {
    return words;
  }

  /**
   * Writes set {@code h}'s members into the first {@link #words()} longs of {@code into}, bit {@code s & 63}
   * of word {@code s >>> 6} for sample {@code s} (the other bits cleared). A patched set word by word: the
   * base's words, less minus's bits, plus plus's.
   */
  public void fillWords(int h, long[] into) {
    switch (h & 3) {
      case PATCHED -> patched.fillWords(h >>> 2, into);
      case INLINE -> {
        if (wideInline) {
          wide.fillWords(h >>> 2, into);
        } else {
          inline.fillWords(h >>> 2, into);
        }
      }
      case ROARING -> roaring.fillWords(h >>> 2, into);
      default -> dense.fillWords(h >>> 2, into);
    }
  }

  /** The members of set {@code h}, ascending (for tests and tools; queries use the methods above). */
  public int[] members(int h) {
    int[] counts = new int[cohortSize];
    addTo(h, counts);
    int[] out = new int[cardinality(h)];
    for (int s = 0, n = 0; s < cohortSize; s++) {
      if (counts[s] > 0) {
        out[n++] = s;
      }
    }
    return out;
  }

  /** Heap held by the store, in bytes (array headers included; Roaring as it estimates itself). */
  public long heapBytes() {
    return 3 * 16L + (inline.pages().length + wide.pages().length + dense.pages().length) * 4L
        + roaring.size() * 4L + inline.heapBytes() + wide.heapBytes() + dense.heapBytes() + roaring.heapBytes()
        + patched.heapBytes();
  }
}
