package org.dasgrid.core.genotype.internal.sets;

import java.util.Arrays;
import java.util.function.IntConsumer;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.internal.column.CharColumn;
import org.dasgrid.core.genotype.internal.column.IntColumn;

/**
 * Sets stored as a patch of another: a dense <em>base</em> set of the same contig less a few members and plus a
 * few others, {@code (base \ minus) ∪ plus}, an entry of four ints (base, minus and plus handles, cardinality) in
 * shared {@code int[]} pages; a set's index is its entry's number from 1 (index 0, the tag's other meaning, is
 * {@link SampleSets#EMPTY}, which every method here takes as the empty set). A cohort's sets that differ by a few
 * samples from one another are the same large group of samples again and again: the males of chrX outside the
 * PARs (haploid: their AN correction and non-diploid sets), the females of chrY (missing calls), each less that
 * row's few missing calls. Stored as bitsets they cost a cohort-wide bitset per row (62.5 KB at 500,000 samples);
 * patched, 16 bytes and two short inline runs. A patch's parts are read through the store that holds them.
 */
final class PatchedSets extends SetForm {
  /** Ints per entry (base, minus, plus, cardinality), entries per page, and ints per page. */
  static final int ENTRY_INTS = 4;
  static final int PAGE_BITS = 14;
  static final int PAGE_INTS = 1 << 16;

  private final IntColumn[] pages;
  private final SampleSets store;
  private final InlineSets inline;
  /** The delta-coded runs, where minus and plus are for a cohort above 65,536 samples. */
  private final GapSets wide;
  private final boolean wideRuns;
  private final int words;

  PatchedSets(IntColumn[] pages, SampleSets store, InlineSets inline, GapSets wide, boolean wideRuns,
      int words) {
    this.pages = pages;
    this.store = store;
    this.inline = inline;
    this.wide = wide;
    this.wideRuns = wideRuns;
    this.words = words;
  }

  IntColumn[] pages() {
    return pages;
  }

  /** Field {@code k} (0 base, 1 minus, 2 plus, 3 cardinality) of the patch of index {@code i} (1 for the first). */
  private int patch(int i, int k) {
    int e = i - 1;
    return pages[e >>> PAGE_BITS].get(((e & ((1 << PAGE_BITS) - 1)) << 2) + k);
  }

  @Override
  int cardinality(int i) {
    return i == 0 ? 0 : patch(i, 3);
  }

  @Override
  boolean contains(int i, int sample) {
    return i != 0 && (store.contains(patch(i, 0), sample) && !store.contains(patch(i, 1), sample)
        || store.contains(patch(i, 2), sample));
  }

  @Override
  int membersAmong(int i, int[] samples) {
    // never empty here in practice (the caller's row has the set): base less minus, plus plus
    return i == 0 ? 0
        : store.membersAmong(patch(i, 0), samples) & ~store.membersAmong(patch(i, 1), samples)
            | store.membersAmong(patch(i, 2), samples);
  }

  @Override
  int andCardinality(int i, SampleSelection sel) {
    // minus lies within the base, plus outside it
    return store.andCardinality(patch(i, 0), sel) - store.andCardinality(patch(i, 1), sel)
        + store.andCardinality(patch(i, 2), sel);
  }

  @Override
  boolean intersects(int i, SampleSelection sel) {
    return store.intersects(patch(i, 2), sel) || andCardinality(i, sel) > 0;
  }

  @Override
  void addTo(int i, int[] counts) {
    if (i != 0) {
      store.addTo(patch(i, 0), counts);
      store.forEach(patch(i, 1), s -> counts[s]--);
      store.addTo(patch(i, 2), counts);
    }
  }

  @Override
  void addTo(int i, double[] into, double value) {
    // member by member (adding to the base's members and taking off minus's would round differently)
    forEach(i, s -> into[s] += value);
  }

  @Override
  void forEachChosen(int i, SampleSelection sel, IntConsumer sink) {
    if (i == 0) {
      return;
    }
    if (sel.size() * 8 < patch(i, 3)) {
      for (int m : sel.members()) {
        if (contains(i, m)) {
          sink.accept(m);
        }
      }
      return;
    }
    forEach(i, s -> {
      if (sel.contains(s)) {
        sink.accept(s);
      }
    });
  }

  /** Whether a chosen-member walk of the patch would probe each chosen sample rather than fill its words. */
  boolean probesChosen(int i, SampleSelection sel) {
    return i == 0 || sel.size() * 8 < patch(i, 3);
  }

  @Override
  void forEach(int i, IntConsumer sink) {
    if (i != 0) {
      new Walk(patch(i, 1), patch(i, 2), sink).walk(patch(i, 0));
    }
  }

  @Override
  void fillWords(int i, long[] into) {
    if (i == 0) {
      Arrays.fill(into, 0, words, 0L);
      return;
    }
    store.fillWords(patch(i, 0), into); // dense (the builder's bases are)
    clearBits(patch(i, 1), into);
    setBits(patch(i, 2), into);
  }

  /** Clears the bits of a set's members in {@code into} (nothing for EMPTY); an inline run's directly. */
  private void clearBits(int h, long[] into) {
    if (h == SampleSets.EMPTY) {
      return;
    }
    if (SampleSets.tag(h) != SampleSets.INLINE) {
      store.forEach(h, s -> into[s >>> 6] &= ~(1L << s));
    } else if (wideRuns) {
      wide.clearBits(h >>> 2, into);
    } else {
      inline.clearBits(h >>> 2, into);
    }
  }

  /** Sets the bits of a set's members in {@code into} (nothing for EMPTY); an inline run's directly. */
  private void setBits(int h, long[] into) {
    if (h == SampleSets.EMPTY) {
      return;
    }
    if (SampleSets.tag(h) != SampleSets.INLINE) {
      store.forEach(h, s -> into[s >>> 6] |= 1L << s);
    } else if (wideRuns) {
      wide.setBits(h >>> 2, into);
    } else {
      inline.setBits(h >>> 2, into);
    }
  }

  @Override
  long heapBytes() {
    long bytes = 0;
    for (IntColumn page : pages) {
      bytes += 16 + page.length() * 4L;
    }
    return bytes;
  }

  /**
   * The members of a patched set in ascending order: the base's, less the ones in minus, with plus's merged in.
   * Minus and plus are inline runs (the builder makes them so): of 16-bit numbers, or (above 65,536 samples)
   * delta-coded, each read with a cursor.
   */
  private final class Walk implements IntConsumer {
    private final IntConsumer sink;
    private final Run minus;
    private final Run plus;

    Walk(int minus, int plus, IntConsumer sink) {
      this.sink = sink;
      this.minus = run(minus);
      this.plus = run(plus);
    }

    void walk(int base) {
      store.forEach(base, this);
      while (plus.head >= 0) {
        sink.accept(plus.head);
        plus.advance();
      }
    }

    @Override
    public void accept(int s) {
      while (plus.head >= 0 && plus.head < s) {
        sink.accept(plus.head);
        plus.advance();
      }
      if (minus.head == s) {
        minus.advance();
        return;
      }
      sink.accept(s);
    }
  }

  private Run run(int h) {
    if (h == SampleSets.EMPTY) {
      return new Run(null, null, 0, 0);
    }
    if (wideRuns) {
      return new Run(null, wide.cursor(h >>> 2), 0, 0);
    }
    int at = InlineSets.at(h >>> 2) + 1;
    return new Run(inline.page(h >>> 2), null, at, at + store.cardinality(h));
  }

  /** One inline run read in order: {@link #head} is its next member, or -1 past its end. */
  private static final class Run {
    private final CharColumn chars;
    private final GapSets.Cursor gaps;
    private int at;
    private final int end;
    int head;

    Run(CharColumn chars, GapSets.Cursor gaps, int at, int end) {
      this.chars = chars;
      this.gaps = gaps;
      this.at = at;
      this.end = end;
      advance();
    }

    void advance() {
      if (gaps != null) {
        head = gaps.hasNext() ? gaps.next() : -1;
      } else {
        head = at < end ? chars.get(at++) : -1;
      }
    }
  }
}
