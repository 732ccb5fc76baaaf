package org.dasgrid.core.genotype.internal.sets;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.dasgrid.core.genotype.GenotypeCapacityException;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.SetEncoding;
import org.dasgrid.core.genotype.dgi.IndexLayout;
import org.dasgrid.core.genotype.dgi.PoolWriter;
import org.dasgrid.core.genotype.internal.column.CharColumn;
import org.dasgrid.core.genotype.internal.column.IntColumn;
import org.dasgrid.core.genotype.internal.column.LongColumn;
import org.roaringbitmap.RoaringBitmap;

/**
 * Every set of samples the engine holds, in one store, each named by an int handle: {@link #EMPTY}, or an
 * index tagged with the set's form in its two low bits. The forms (see {@link SetEncoding#COMPACT}):
 *
 * <ul>
 *   <li>inline: {@code n} followed by {@code n} ascending 16-bit sample numbers in shared {@code char[]} pages
 *       (cohorts of up to 65,536 samples);
 *   <li>Roaring: a {@link RoaringBitmap};
 *   <li>dense: a bitset one bit per cohort sample in shared {@code long[]} pages;
 *   <li>patched: a dense <em>base</em> set of the same contig less a few members and plus a few others, {@code
 *       (base \ minus) ∪ plus}, an entry of four ints (base, minus and plus handles, cardinality) in shared
 *       {@code int[]} pages. A cohort's sets that differ by a few samples from one another are the same large
 *       group of samples again and again: the males of chrX outside the PARs (haploid: their AN correction and
 *       non-diploid sets), the females of chrY (missing calls), each less that row's few missing calls. Stored
 *       as bitsets they cost a cohort-wide bitset per row; patched, 16 bytes and two short inline runs.
 * </ul>
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
  private static final int PATCHED = 0;
  private static final int INLINE = 1;
  private static final int ROARING = 2;
  private static final int DENSE = 3;
  /** Handles keep two tag bits and stay positive, so an index (pool offset or set number) is below 2^29. */
  private static final int MAX_INDEX = (1 << 29) - 1;
  private static final int CHAR_PAGE_BITS = 17;
  private static final int CHAR_PAGE = 1 << CHAR_PAGE_BITS;
  private static final int LONG_PAGE = 1 << 15;
  /** Roaring's per-bitmap objects (bitmap, array of containers, key and container arrays), roughly. */
  private static final int ROARING_OVERHEAD = 112;
  private static final int ROARING_PER_CONTAINER = 40;
  /** Ints per patch entry (base, minus, plus, cardinality) and entries per page of {@link #PATCH_PAGE} ints. */
  private static final int PATCH_INTS = 4;
  private static final int PATCH_PAGE = 1 << 16;
  private static final int PATCH_PAGE_BITS = 14;
  /** Bytes of a patch entry, for choosing the smaller form. */
  private static final int PATCH_BYTES = 4 * PATCH_INTS;
  /** Recent dense sets of the contig that a new set may be stored as a patch of. */
  private static final int BASES = 8;

  private final int cohortSize;
  private final int words;
  private final int setsPerPage;
  private final CharColumn[] inline;
  private final RoaringBitmap[] roaring;
  private final LongColumn[] dense;
  private final IntColumn[] patches;

  /**
   * The pools' pages: inline pages of up to {@link #CHAR_PAGE} chars, dense pages of {@link #setsPerPage}
   * sets each, patch pages of up to {@link #PATCH_PAGE} ints (the last page of each may be shorter); on the
   * heap, or mapped from an index file.
   */
  public SampleSets(int cohortSize, CharColumn[] inline, RoaringBitmap[] roaring, LongColumn[] dense,
      IntColumn[] patches) {
    this.cohortSize = cohortSize;
    this.words = wordsFor(cohortSize);
    this.setsPerPage = setsPerPage(words);
    this.inline = inline;
    this.roaring = roaring;
    this.dense = dense;
    this.patches = patches;
  }

  public static int wordsFor(int cohortSize) {
    return Math.max(1, (cohortSize + 63) >>> 6);
  }

  private static int setsPerPage(int words) {
    return Math.max(1, LONG_PAGE / words);
  }

  public int cohortSize() {
    return cohortSize;
  }

  /** Chars per inline page; each set's run lies within one page. */
  public static int inlinePageChars() {
    return CHAR_PAGE;
  }

  /** Sets per dense page, for a cohort of {@code cohortSize}. */
  public static int denseSetsPerPage(int cohortSize) {
    return setsPerPage(wordsFor(cohortSize));
  }

  public CharColumn[] inlinePages() {
    return inline;
  }

  public LongColumn[] densePages() {
    return dense;
  }

  public IntColumn[] patchPages() {
    return patches;
  }

  /** Ints per patch page. */
  public static int patchPageInts() {
    return PATCH_PAGE;
  }

  /** The number of sets in the Roaring form (an index file holds none). */
  public int roaringSets() {
    return roaring.length;
  }

  private CharColumn inlinePage(int i) {
    return inline[i >>> CHAR_PAGE_BITS];
  }

  private static int inlineAt(int i) {
    return i & (CHAR_PAGE - 1);
  }

  private LongColumn densePage(int set) {
    return dense[set / setsPerPage];
  }

  private int denseAt(int set) {
    return (set % setsPerPage) * words;
  }

  /** Field {@code k} (0 base, 1 minus, 2 plus, 3 cardinality) of the patch of index {@code i} (1 for the first). */
  private int patch(int i, int k) {
    int e = i - 1;
    return patches[e >>> PATCH_PAGE_BITS].get(((e & ((1 << PATCH_PAGE_BITS) - 1)) << 2) + k);
  }

  public int cardinality(int h) {
    int i = h >>> 2;
    switch (h & 3) {
      case INLINE:
        return inlinePage(i).get(inlineAt(i));
      case ROARING:
        return roaring[i].getCardinality();
      case DENSE:
        LongColumn page = densePage(i);
        int n = 0;
        for (int w = denseAt(i), end = w + words; w < end; w++) {
          n += Long.bitCount(page.get(w));
        }
        return n;
      default:
        return h == EMPTY ? 0 : patch(i, 3);
    }
  }

  public boolean contains(int h, int sample) {
    int i = h >>> 2;
    switch (h & 3) {
      case INLINE:
        CharColumn page = inlinePage(i);
        int at = inlineAt(i);
        return sample <= 0xFFFF && page.binarySearch(at + 1, at + 1 + page.get(at), (char) sample) >= 0;
      case ROARING:
        return roaring[i].contains(sample);
      case DENSE:
        return sample >= 0 && sample < cohortSize
            && (densePage(i).get(denseAt(i) + (sample >>> 6)) & (1L << sample)) != 0;
      default:
        return h != EMPTY && (contains(patch(i, 0), sample) && !contains(patch(i, 1), sample)
            || contains(patch(i, 2), sample));
    }
  }

  /**
   * Which of {@code samples} (at most 32) are members of set {@code h}: bit {@code i} for {@code samples[i]}.
   * For a few samples of one row: the set's place (a page and, for a dense set, a division) is found once.
   */
  public int membersAmong(int h, int[] samples) {
    int i = h >>> 2;
    int mask = 0;
    switch (h & 3) {
      case INLINE: {
        CharColumn page = inlinePage(i);
        int at = inlineAt(i);
        int from = at + 1;
        int to = from + page.get(at);
        for (int k = 0; k < samples.length; k++) {
          int s = samples[k];
          if (s <= 0xFFFF && page.binarySearch(from, to, (char) s) >= 0) {
            mask |= 1 << k;
          }
        }
        return mask;
      }
      case ROARING:
        for (int k = 0; k < samples.length; k++) {
          if (roaring[i].contains(samples[k])) {
            mask |= 1 << k;
          }
        }
        return mask;
      case DENSE: {
        int p = i / setsPerPage;
        LongColumn page = dense[p];
        int base = (i - p * setsPerPage) * words;
        for (int k = 0; k < samples.length; k++) {
          int s = samples[k];
          if (s >= 0 && s < cohortSize && (page.get(base + (s >>> 6)) & (1L << s)) != 0) {
            mask |= 1 << k;
          }
        }
        return mask;
      }
      default: // patched (never empty here: the caller's row has the set): base less minus, plus plus
        return h == EMPTY ? 0
            : membersAmong(patch(i, 0), samples) & ~membersAmong(patch(i, 1), samples)
                | membersAmong(patch(i, 2), samples);
    }
  }

  /** How many members of set {@code h} are chosen by {@code sel}. */
  public int andCardinality(int h, SampleSelection sel) {
    if (h == EMPTY) {
      return 0;
    }
    if (sel.isAll()) {
      return cardinality(h);
    }
    int i = h >>> 2;
    switch (h & 3) {
      case INLINE:
        return inlineAnd(i, sel, false);
      case ROARING:
        return RoaringBitmap.andCardinality(roaring[i], sel.bitmap());
      case DENSE:
        return denseAnd(i, sel, false);
      default: // patched: minus lies within the base, plus outside it
        return andCardinality(patch(i, 0), sel) - andCardinality(patch(i, 1), sel)
            + andCardinality(patch(i, 2), sel);
    }
  }

  /**
   * How many samples are in both sets {@code a} and {@code b} and chosen by {@code sel}: the smaller set's
   * chosen members each probed in the other (two dense sets: a word-wise AND). The statistics ask it of a
   * row's non-diploid calls and its het or hom-alt set, which on chrX/Y/M hold a third to all of the cohort:
   * listing either set's members per row would loop over the cohort.
   */
  public int andCardinality(int a, int b, SampleSelection sel) {
    if (a == EMPTY || b == EMPTY) {
      return 0;
    }
    if ((a & 3) == DENSE && (b & 3) == DENSE) {
      LongColumn pa = densePage(a >>> 2);
      LongColumn pb = densePage(b >>> 2);
      int ba = denseAt(a >>> 2);
      int bb = denseAt(b >>> 2);
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
    switch (iter & 3) {
      case PATCHED: { // the smaller is a patch of a dense base: walk its chosen members
        int[] n = {0};
        int other = probe;
        forEachChosen(iter, sel, s -> {
          if (contains(other, s)) {
            n[0]++;
          }
        });
        return n[0];
      }
      case INLINE:
        CharColumn chars = inlinePage(i);
        int at = inlineAt(i);
        for (int k = at + 1, end = k + chars.get(at); k < end; k++) {
          int s = chars.get(k);
          if ((sel.isAll() || sel.contains(s)) && contains(probe, s)) {
            found++;
          }
        }
        return found;
      case ROARING:
        org.roaringbitmap.IntIterator it = roaring[i].getIntIterator();
        while (it.hasNext()) {
          int s = it.next();
          if ((sel.isAll() || sel.contains(s)) && contains(probe, s)) {
            found++;
          }
        }
        return found;
      default: // dense, the other not: the other is the smaller, so this branch is only a tie
        LongColumn page = densePage(i);
        int base = denseAt(i);
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
    int i = h >>> 2;
    switch (h & 3) {
      case INLINE:
        return inlineAnd(i, sel, true) > 0;
      case ROARING:
        return RoaringBitmap.intersects(roaring[i], sel.bitmap());
      case DENSE:
        return denseAnd(i, sel, true) > 0;
      default:
        return intersects(patch(i, 2), sel) || andCardinality(h, sel) > 0;
    }
  }

  private int inlineAnd(int i, SampleSelection sel, boolean firstOnly) {
    CharColumn page = inlinePage(i);
    int at = inlineAt(i);
    int n = page.get(at);
    int from = at + 1;
    int to = from + n;
    int found = 0;
    // probe the set for each chosen sample (a binary search each) only when that is clearly fewer steps than
    // testing each member against the selection's bitset (one load each): as forEachChosen decides
    if (sel.size() * 8 < n) {
      for (int m : sel.members()) {
        if (m > 0xFFFF) {
          break;
        }
        if (page.binarySearch(from, to, (char) m) >= 0) {
          found++;
          if (firstOnly) {
            return found;
          }
        }
      }
    } else {
      long[] w = sel.words();
      for (int k = from; k < to; k++) {
        int s = page.get(k);
        if ((w[s >>> 6] & (1L << s)) != 0) {
          found++;
          if (firstOnly) {
            return found;
          }
        }
      }
    }
    return found;
  }

  private int denseAnd(int set, SampleSelection sel, boolean firstOnly) {
    LongColumn page = densePage(set);
    int base = denseAt(set);
    int found = 0;
    if (sel.size() < words) {
      for (int m : sel.members()) {
        if ((page.get(base + (m >>> 6)) & (1L << m)) != 0) {
          found++;
          if (firstOnly) {
            return found;
          }
        }
      }
      return found;
    }
    long[] w = sel.words();
    for (int k = 0; k < words; k++) {
      long both = page.get(base + k) & w[k];
      if (both != 0) {
        if (firstOnly) {
          return 1;
        }
        found += Long.bitCount(both);
      }
    }
    return found;
  }

  /** Adds one to {@code counts[s]} for every member {@code s} of set {@code h}. */
  public void addTo(int h, int[] counts) {
    int i = h >>> 2;
    switch (h & 3) {
      case INLINE:
        CharColumn chars = inlinePage(i);
        int at = inlineAt(i);
        for (int k = at + 1, end = k + chars.get(at); k < end; k++) {
          counts[chars.get(k)]++;
        }
        break;
      case ROARING:
        roaring[i].forEach((int s) -> counts[s]++);
        break;
      case DENSE:
        LongColumn page = densePage(i);
        int base = denseAt(i);
        for (int w = 0; w < words; w++) {
          long bits = page.get(base + w);
          while (bits != 0) {
            counts[(w << 6) + Long.numberOfTrailingZeros(bits)]++;
            bits &= bits - 1;
          }
        }
        break;
      default:
        if (h != EMPTY) {
          addTo(patch(i, 0), counts);
          forEach(patch(i, 1), s -> counts[s]--);
          addTo(patch(i, 2), counts);
        }
        break;
    }
  }

  /** Adds {@code value} to {@code into[s]} for every member {@code s} of set {@code h} (a score's dose). */
  public void addTo(int h, double[] into, double value) {
    int i = h >>> 2;
    switch (h & 3) {
      case INLINE:
        CharColumn chars = inlinePage(i);
        int at = inlineAt(i);
        for (int k = at + 1, end = k + chars.get(at); k < end; k++) {
          into[chars.get(k)] += value;
        }
        break;
      case ROARING:
        roaring[i].forEach((int s) -> into[s] += value);
        break;
      case DENSE:
        LongColumn page = densePage(i);
        int base = denseAt(i);
        for (int w = 0; w < words; w++) {
          long bits = page.get(base + w);
          while (bits != 0) {
            into[(w << 6) + Long.numberOfTrailingZeros(bits)] += value;
            bits &= bits - 1;
          }
        }
        break;
      default:
        // member by member (adding to the base's members and taking off minus's would round differently)
        forEach(h, s -> into[s] += value);
        break;
    }
  }

  /**
   * Calls {@code sink} with every member of set {@code h} that {@code sel} chooses, from the smaller side: an
   * inline set's few members each tested, a dense set word-wise ANDed (or, for a few chosen samples, each
   * chosen one probed).
   */
  public void forEachChosen(int h, SampleSelection sel, java.util.function.IntConsumer sink) {
    int i = h >>> 2;
    switch (h & 3) {
      case INLINE:
        CharColumn chars = inlinePage(i);
        int at = inlineAt(i);
        int n = chars.get(at);
        if (sel.size() * 8 < n) {
          for (int m : sel.members()) {
            if (m <= 0xFFFF && chars.binarySearch(at + 1, at + 1 + n, (char) m) >= 0) {
              sink.accept(m);
            }
          }
          break;
        }
        for (int k = at + 1, end = k + n; k < end; k++) {
          int s = chars.get(k);
          if (sel.contains(s)) {
            sink.accept(s);
          }
        }
        break;
      case ROARING:
        roaring[i].forEach((int s) -> {
          if (sel.contains(s)) {
            sink.accept(s);
          }
        });
        break;
      case DENSE:
        LongColumn page = densePage(i);
        int base = denseAt(i);
        if (sel.size() < words) {
          for (int m : sel.members()) {
            if ((page.get(base + (m >>> 6)) & (1L << m)) != 0) {
              sink.accept(m);
            }
          }
          break;
        }
        long[] chosen = sel.words();
        for (int w = 0; w < words; w++) {
          long bits = page.get(base + w) & chosen[w];
          while (bits != 0) {
            sink.accept((w << 6) + Long.numberOfTrailingZeros(bits));
            bits &= bits - 1;
          }
        }
        break;
      default:
        if (h == EMPTY) {
          break;
        }
        if (sel.size() * 8 < patch(i, 3)) {
          for (int m : sel.members()) {
            if (contains(h, m)) {
              sink.accept(m);
            }
          }
          break;
        }
        forEach(h, s -> {
          if (sel.contains(s)) {
            sink.accept(s);
          }
        });
        break;
    }
  }

  /**
   * As {@link #forEachChosen(int, SampleSelection, java.util.function.IntConsumer)}, with a patched set that is
   * not probed per chosen sample made word-wise into {@code scratch} and ANDed with the selection (see {@link
   * #forEach(int, long[], java.util.function.IntConsumer)}).
   */
  public void forEachChosen(int h, SampleSelection sel, long[] scratch, java.util.function.IntConsumer sink) {
    if ((h & 3) != PATCHED || h == EMPTY || sel.size() * 8 < patch(h >>> 2, 3)) {
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
  public void forEach(int h, java.util.function.IntConsumer sink) {
    int i = h >>> 2;
    switch (h & 3) {
      case INLINE:
        CharColumn chars = inlinePage(i);
        int at = inlineAt(i);
        for (int k = at + 1, end = k + chars.get(at); k < end; k++) {
          sink.accept(chars.get(k));
        }
        break;
      case ROARING:
        roaring[i].forEach((int s) -> sink.accept(s));
        break;
      case DENSE:
        LongColumn page = densePage(i);
        int base = denseAt(i);
        for (int w = 0; w < words; w++) {
          long bits = page.get(base + w);
          while (bits != 0) {
            sink.accept((w << 6) + Long.numberOfTrailingZeros(bits));
            bits &= bits - 1;
          }
        }
        break;
      default:
        if (h != EMPTY) {
          new PatchWalk(patch(i, 1), patch(i, 2), sink).walk(patch(i, 0));
        }
        break;
    }
  }

  /**
   * As {@link #forEach(int, java.util.function.IntConsumer)}, but a patched set is first made word-wise into
   * {@code scratch} ({@link #fillWords}) and its bits walked: per member a bit scan, as for a dense set, where
   * the member-by-member walk ({@link PatchWalk}) compares each against minus and plus. A row's patched sets are
   * chrX's males (half the cohort) on every row of chrX, so this is what reading chrX's rows costs. {@code
   * scratch} holds at least {@link #words()} longs; it is overwritten, so {@code sink} must not pass it on.
   */
  public void forEach(int h, long[] scratch, java.util.function.IntConsumer sink) {
    if ((h & 3) != PATCHED || h == EMPTY) {
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
    int i = h >>> 2;
    switch (h & 3) {
      case INLINE: {
        Arrays.fill(into, 0, words, 0L);
        CharColumn chars = inlinePage(i);
        int at = inlineAt(i);
        for (int k = at + 1, end = k + chars.get(at); k < end; k++) {
          int s = chars.get(k);
          into[s >>> 6] |= 1L << s;
        }
        break;
      }
      case ROARING:
        Arrays.fill(into, 0, words, 0L);
        roaring[i].forEach((int s) -> into[s >>> 6] |= 1L << s);
        break;
      case DENSE: {
        LongColumn page = densePage(i);
        int base = denseAt(i);
        for (int w = 0; w < words; w++) {
          into[w] = page.get(base + w);
        }
        break;
      }
      default:
        if (h == EMPTY) {
          Arrays.fill(into, 0, words, 0L);
          break;
        }
        fillWords(patch(i, 0), into); // dense (the builder's bases are)
        andNotRun(patch(i, 1), into);
        orRun(patch(i, 2), into);
        break;
    }
  }

  /** Clears the bits of an inline set's members in {@code into} (nothing for EMPTY). */
  private void andNotRun(int h, long[] into) {
    if (h == EMPTY) {
      return;
    }
    if ((h & 3) != INLINE) {
      forEach(h, s -> into[s >>> 6] &= ~(1L << s));
      return;
    }
    CharColumn chars = inlinePage(h >>> 2);
    int at = inlineAt(h >>> 2);
    for (int k = at + 1, end = k + chars.get(at); k < end; k++) {
      int s = chars.get(k);
      into[s >>> 6] &= ~(1L << s);
    }
  }

  /** Sets the bits of an inline set's members in {@code into} (nothing for EMPTY). */
  private void orRun(int h, long[] into) {
    if (h == EMPTY) {
      return;
    }
    if ((h & 3) != INLINE) {
      forEach(h, s -> into[s >>> 6] |= 1L << s);
      return;
    }
    CharColumn chars = inlinePage(h >>> 2);
    int at = inlineAt(h >>> 2);
    for (int k = at + 1, end = k + chars.get(at); k < end; k++) {
      int s = chars.get(k);
      into[s >>> 6] |= 1L << s;
    }
  }

  /**
   * The members of a patched set in ascending order: the base's, less the ones in minus, with plus's merged in.
   * Minus and plus are inline runs (the builder makes them so), read with a cursor each.
   */
  private final class PatchWalk implements java.util.function.IntConsumer {
    private final java.util.function.IntConsumer sink;
    private final CharColumn minusPage;
    private int minusAt;
    private final int minusEnd;
    private final CharColumn plusPage;
    private int plusAt;
    private final int plusEnd;

    PatchWalk(int minus, int plus, java.util.function.IntConsumer sink) {
      this.sink = sink;
      this.minusPage = minus == EMPTY ? null : inlinePage(minus >>> 2);
      this.minusAt = minus == EMPTY ? 0 : inlineAt(minus >>> 2) + 1;
      this.minusEnd = minus == EMPTY ? 0 : minusAt + minusPage.get(minusAt - 1);
      this.plusPage = plus == EMPTY ? null : inlinePage(plus >>> 2);
      this.plusAt = plus == EMPTY ? 0 : inlineAt(plus >>> 2) + 1;
      this.plusEnd = plus == EMPTY ? 0 : plusAt + plusPage.get(plusAt - 1);
    }

    void walk(int base) {
      forEach(base, this);
      while (plusAt < plusEnd) {
        sink.accept(plusPage.get(plusAt++));
      }
    }

    @Override
    public void accept(int s) {
      while (plusAt < plusEnd && plusPage.get(plusAt) < s) {
        sink.accept(plusPage.get(plusAt++));
      }
      if (minusAt < minusEnd && minusPage.get(minusAt) == s) {
        minusAt++;
        return;
      }
      sink.accept(s);
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
    long bytes = 3 * 16L + (inline.length + dense.length) * 4L + roaring.length * 4L;
    for (CharColumn page : inline) {
      bytes += 16 + page.length() * 2L;
    }
    for (LongColumn page : dense) {
      bytes += 16 + page.length() * 8L;
    }
    for (RoaringBitmap b : roaring) {
      bytes += b.getLongSizeInBytes() + ROARING_OVERHEAD / 2;
    }
    for (IntColumn page : patches) {
      bytes += 16 + page.length() * 4L;
    }
    return bytes;
  }

  /** How many sets have each form: [empty or patched, inline, Roaring, dense]. */
  public static long[] formCounts(int[] handles) {
    long[] c = new long[4];
    for (int h : handles) {
      c[h & 3]++;
    }
    return c;
  }

  /** Collects sets; not thread-safe. */
  public static final class Builder {
    private final int cohortSize;
    private final int words;
    private final int setsPerPage;
    private final SetEncoding encoding;
    private final List<char[]> inline = new ArrayList<>();
    private int inlineSize = CHAR_PAGE; // the used part of the last page: full, so the first set opens one
    private final List<RoaringBitmap> roaring = new ArrayList<>();
    private final List<long[]> dense = new ArrayList<>();
    private int denseSets;
    private final List<int[]> patches = new ArrayList<>();
    private int patchSize = PATCH_PAGE; // as inlineSize
    private int patchCount;
    /** The contig's recent dense sets (handle, bits), which a new set may be a patch of; see {@link #patched}. */
    private final int[] baseHandle = new int[BASES];
    private final long[][] baseBits = new long[BASES][];
    private final long[] baseUsed = new long[BASES];
    private long clock;
    /** The set being added, as bits (for comparing it with the bases). */
    private final long[] bits;
    private final int[] minus;
    private final int[] plus;

    /** Handles' indexes above this cannot be made: {@link #MAX_INDEX}, lower in tests. */
    private final int maxIndex;

    public Builder(int cohortSize, SetEncoding encoding) {
      this(cohortSize, encoding, MAX_INDEX);
    }

    /** A builder whose pools hold at most {@code maxIndex} entries each (tests of the capacity error). */
    public Builder(int cohortSize, SetEncoding encoding, int maxIndex) {
      this.maxIndex = Math.min(maxIndex, MAX_INDEX);
      this.cohortSize = cohortSize;
      this.words = wordsFor(cohortSize);
      this.setsPerPage = setsPerPage(words);
      this.encoding = encoding;
      this.bits = new long[words];
      // a patch is kept only when much smaller than a dense set, so its two runs are short
      this.minus = new int[4 * words];
      this.plus = new int[4 * words];
    }

    /**
     * A new contig starts: forget the bases. A patch's base is a set of its own contig, so that a streaming
     * build, which writes a contig's rows from the pool pages it has not let go of yet, finds it.
     */
    public void newContig() {
      java.util.Arrays.fill(baseBits, null);
      java.util.Arrays.fill(baseHandle, EMPTY);
    }

    /** Stores the set of the first {@code n} of {@code ids} (ascending, distinct) and returns its handle. */
    public int add(int[] ids, int n) {
      if (n == 0) {
        return EMPTY;
      }
      if (ids[n - 1] >= cohortSize || ids[0] < 0) {
        throw new IllegalArgumentException("sample number outside the cohort");
      }
      if (encoding == SetEncoding.ROARING) {
        return addRoaring(ids, n);
      }
      long inlineBytes = cohortSize <= 0x10000 ? 2L * (n + 1) : Long.MAX_VALUE;
      long denseBytes = 8L * words;
      long roaringBytes = ROARING_OVERHEAD + (long) ROARING_PER_CONTAINER * containers(ids, n) + 2L * n;
      if (inlineBytes <= denseBytes && inlineBytes <= roaringBytes) {
        return addInline(ids, n);
      }
      if (denseBytes > roaringBytes) {
        return addRoaring(ids, n);
      }
      int h = cohortSize <= 0x10000 ? patched(ids, n) : EMPTY;
      return h != EMPTY ? h : addDense(ids, n);
    }

    /**
     * The set as a patch of the closest base when that takes at most half a dense set's bytes, else {@link
     * #EMPTY} (and the caller stores it dense, and it becomes a base in place of the least recently used one).
     */
    private int patched(int[] ids, int n) {
      Arrays.fill(bits, 0);
      for (int k = 0; k < n; k++) {
        bits[ids[k] >>> 6] |= 1L << ids[k];
      }
      int best = -1;
      long bestBytes = 8L * words / 2 + 1;
      for (int b = 0; b < BASES; b++) {
        long[] base = baseBits[b];
        if (base == null) {
          continue;
        }
        int out = 0;
        int in = 0;
        for (int w = 0; w < words; w++) {
          out += Long.bitCount(base[w] & ~bits[w]);
          in += Long.bitCount(bits[w] & ~base[w]);
        }
        long bytes = PATCH_BYTES + (out == 0 ? 0 : 2L * (out + 1)) + (in == 0 ? 0 : 2L * (in + 1));
        if (bytes < bestBytes) {
          best = b;
          bestBytes = bytes;
        }
      }
      if (best < 0) {
        return EMPTY;
      }
      long[] base = baseBits[best];
      int out = 0;
      int in = 0;
      for (int w = 0; w < words; w++) {
        for (long x = base[w] & ~bits[w]; x != 0; x &= x - 1) {
          minus[out++] = (w << 6) + Long.numberOfTrailingZeros(x);
        }
        for (long x = bits[w] & ~base[w]; x != 0; x &= x - 1) {
          plus[in++] = (w << 6) + Long.numberOfTrailingZeros(x);
        }
      }
      baseUsed[best] = ++clock;
      int minusSet = out == 0 ? EMPTY : addInline(minus, out);
      int plusSet = in == 0 ? EMPTY : addInline(plus, in);
      return addPatch(baseHandle[best], minusSet, plusSet, n);
    }

    private int addPatch(int base, int minusSet, int plusSet, int cardinality) {
      if (patchSize + PATCH_INTS > PATCH_PAGE) {
        patches.add(new int[PATCH_PAGE]);
        patchSize = 0;
      }
      if (patchCount >= maxIndex) {
        throw new GenotypeCapacityException("patched sample sets", maxIndex);
      }
      int[] page = patches.get(patches.size() - 1);
      page[patchSize] = base;
      page[patchSize + 1] = minusSet;
      page[patchSize + 2] = plusSet;
      page[patchSize + 3] = cardinality;
      patchSize += PATCH_INTS;
      patchCount++;
      return patchCount << 2 | PATCHED; // index 1 for the first: never EMPTY
    }

    /** Makes the dense set just added (its bits in {@link #bits}) a base, in place of the least recent. */
    private void remember(int handle) {
      int slot = 0;
      for (int b = 0; b < BASES; b++) {
        if (baseBits[b] == null) {
          slot = b;
          break;
        }
        if (baseUsed[b] < baseUsed[slot]) {
          slot = b;
        }
      }
      baseHandle[slot] = handle;
      baseBits[slot] = bits.clone();
      baseUsed[slot] = ++clock;
    }

    private static int containers(int[] ids, int n) {
      int c = 1;
      for (int k = 1; k < n; k++) {
        if (ids[k] >>> 16 != ids[k - 1] >>> 16) {
          c++;
        }
      }
      return c;
    }

    private int addInline(int[] ids, int n) {
      if (inlineSize + n + 1 > CHAR_PAGE) {
        inline.add(new char[CHAR_PAGE]);
        inlineSize = 0;
      }
      long index = (long) (inline.size() - 1) * CHAR_PAGE + inlineSize;
      if (index > maxIndex) {
        throw new GenotypeCapacityException("inline sample sets (16-bit sample numbers)", maxIndex);
      }
      char[] page = inline.get(inline.size() - 1);
      page[inlineSize] = (char) n;
      for (int k = 0; k < n; k++) {
        page[inlineSize + 1 + k] = (char) ids[k];
      }
      inlineSize += n + 1;
      return (int) index << 2 | INLINE;
    }

    private int addRoaring(int[] ids, int n) {
      if (roaring.size() > maxIndex) {
        throw new GenotypeCapacityException("Roaring sample sets", maxIndex);
      }
      RoaringBitmap b = new RoaringBitmap();
      b.addN(ids, 0, n);
      b.runOptimize();
      b.trim();
      roaring.add(b);
      return (roaring.size() - 1) << 2 | ROARING;
    }

    /** Adds a dense set; {@link #bits} holds its members (filled by {@link #patched}). */
    private int addDense(int[] ids, int n) {
      int set = denseSets;
      if (set > maxIndex) {
        throw new GenotypeCapacityException("dense sample sets", maxIndex);
      }
      if (set % setsPerPage == 0) {
        dense.add(new long[setsPerPage * words]);
      }
      long[] page = dense.get(dense.size() - 1);
      int base = (set % setsPerPage) * words;
      for (int k = 0; k < n; k++) {
        page[base + (ids[k] >>> 6)] |= 1L << ids[k];
      }
      denseSets++;
      int handle = set << 2 | DENSE;
      if (cohortSize <= 0x10000) {
        remember(handle);
      }
      return handle;
    }

    /** Pages written to a file by {@link #release}: their places in the lists hold null. */
    private int inlineReleased;
    private int denseReleased;
    private int patchReleased;

    /**
     * The sets added so far, without copying a page (the last pages keep their unused ends): what a streaming
     * build reads to finish a contig. Pages already released read as empty; no set of the contig in hand is in
     * one (nor is a patch's base: see {@link #newContig}).
     */
    public SampleSets view() {
      CharColumn[] in = new CharColumn[inline.size()];
      for (int p = 0; p < in.length; p++) {
        in[p] = CharColumn.of(inline.get(p) == null ? new char[0] : inline.get(p));
      }
      LongColumn[] de = new LongColumn[dense.size()];
      for (int p = 0; p < de.length; p++) {
        de[p] = LongColumn.of(dense.get(p) == null ? new long[0] : dense.get(p));
      }
      IntColumn[] pa = new IntColumn[patches.size()];
      for (int p = 0; p < pa.length; p++) {
        pa[p] = IntColumn.of(patches.get(p) == null ? new int[0] : patches.get(p));
      }
      return new SampleSets(cohortSize, in, roaring.toArray(RoaringBitmap[]::new), de, pa);
    }

    /**
     * Writes the pages no later set can go to (all but the last of each pool; with {@code all}, every one, the
     * last cut to its used part) to {@code file}, in order, and lets go of them.
     */
    public void release(PoolWriter file, boolean all) throws java.io.IOException {
      if (!roaring.isEmpty()) {
        throw new IllegalStateException(IndexLayout.COMPACT_ONLY);
      }
      for (int keep = all ? 0 : 1; inlineReleased < inline.size() - keep; inlineReleased++) {
        char[] page = inline.get(inlineReleased);
        if (inlineReleased == inline.size() - 1) {
          page = Arrays.copyOf(page, inlineSize);
        }
        file.inlineSetPage(inlineReleased, CharColumn.of(page));
        inline.set(inlineReleased, null);
      }
      for (int keep = all ? 0 : 1; denseReleased < dense.size() - keep; denseReleased++) {
        long[] page = dense.get(denseReleased);
        if (denseReleased == dense.size() - 1) {
          page = Arrays.copyOf(page, (denseSets - denseReleased * setsPerPage) * words);
        }
        file.denseSetPage(denseReleased, LongColumn.of(page));
        dense.set(denseReleased, null);
      }
      for (int keep = all ? 0 : 1; patchReleased < patches.size() - keep; patchReleased++) {
        int[] page = patches.get(patchReleased);
        if (patchReleased == patches.size() - 1) {
          page = Arrays.copyOf(page, patchSize);
        }
        file.patchedSetPage(patchReleased, IntColumn.of(page));
        patches.set(patchReleased, null);
      }
    }

    public SampleSets build() {
      char[][] inlinePages = inline.toArray(char[][]::new);
      if (inlinePages.length > 0) {
        inlinePages[inlinePages.length - 1] = Arrays.copyOf(inlinePages[inlinePages.length - 1], inlineSize);
      }
      long[][] densePages = dense.toArray(long[][]::new);
      if (densePages.length > 0) {
        int used = denseSets - (densePages.length - 1) * setsPerPage;
        densePages[densePages.length - 1] = Arrays.copyOf(densePages[densePages.length - 1], used * words);
      }
      CharColumn[] inlineColumns = new CharColumn[inlinePages.length];
      for (int p = 0; p < inlinePages.length; p++) {
        inlineColumns[p] = CharColumn.of(inlinePages[p]);
      }
      LongColumn[] denseColumns = new LongColumn[densePages.length];
      for (int p = 0; p < densePages.length; p++) {
        denseColumns[p] = LongColumn.of(densePages[p]);
      }
      IntColumn[] patchColumns = new IntColumn[patches.size()];
      for (int p = 0; p < patchColumns.length; p++) {
        int[] page = patches.get(p);
        patchColumns[p] = IntColumn.of(p == patchColumns.length - 1 ? Arrays.copyOf(page, patchSize) : page);
      }
      return new SampleSets(cohortSize, inlineColumns, roaring.toArray(RoaringBitmap[]::new), denseColumns,
          patchColumns);
    }
  }
}
