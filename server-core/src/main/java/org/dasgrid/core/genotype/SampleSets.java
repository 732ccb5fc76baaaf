package org.dasgrid.core.genotype;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.roaringbitmap.RoaringBitmap;

/**
 * Every set of samples the engine holds, in one store, each named by an int handle: {@link #EMPTY}, or an
 * index tagged with the set's form in its two low bits. The forms (see {@link SetEncoding#COMPACT}):
 *
 * <ul>
 *   <li>inline: {@code n} followed by {@code n} ascending 16-bit sample numbers in a shared {@code char[]}
 *       (cohorts of up to 65,536 samples);
 *   <li>Roaring: a {@link RoaringBitmap};
 *   <li>dense: a bitset one bit per cohort sample in a shared {@code long[]}.
 * </ul>
 *
 * <p>All operations intersect with a {@link SampleSelection} from the smaller side: a two-sample virtual
 * cohort costs two probes per set, a large one a word-wise AND; nothing loops over the cohort per set.
 * Immutable once built, so queries need no locks.
 */
final class SampleSets {
  static final int EMPTY = 0;
  private static final int INLINE = 1;
  private static final int ROARING = 2;
  private static final int DENSE = 3;
  /** Handles keep two tag bits and stay positive, so an index (pool offset or set number) is below 2^29. */
  private static final int MAX_INDEX = (1 << 29) - 1;
  /** Roaring's per-bitmap objects (bitmap, array of containers, key and container arrays), roughly. */
  private static final int ROARING_OVERHEAD = 112;
  private static final int ROARING_PER_CONTAINER = 40;

  private final int cohortSize;
  private final int words;
  private final char[] inline;
  private final RoaringBitmap[] roaring;
  private final long[] dense;

  private SampleSets(int cohortSize, char[] inline, RoaringBitmap[] roaring, long[] dense) {
    this.cohortSize = cohortSize;
    this.words = wordsFor(cohortSize);
    this.inline = inline;
    this.roaring = roaring;
    this.dense = dense;
  }

  static int wordsFor(int cohortSize) {
    return Math.max(1, (cohortSize + 63) >>> 6);
  }

  int cohortSize() {
    return cohortSize;
  }

  int cardinality(int h) {
    int i = h >>> 2;
    switch (h & 3) {
      case INLINE:
        return inline[i];
      case ROARING:
        return roaring[i].getCardinality();
      case DENSE:
        int n = 0;
        for (int w = i * words, end = w + words; w < end; w++) {
          n += Long.bitCount(dense[w]);
        }
        return n;
      default:
        return 0;
    }
  }

  boolean contains(int h, int sample) {
    int i = h >>> 2;
    switch (h & 3) {
      case INLINE:
        return sample <= 0xFFFF && Arrays.binarySearch(inline, i + 1, i + 1 + inline[i], (char) sample) >= 0;
      case ROARING:
        return roaring[i].contains(sample);
      case DENSE:
        return sample >= 0 && sample < cohortSize && (dense[i * words + (sample >>> 6)] & (1L << sample)) != 0;
      default:
        return false;
    }
  }

  /** How many members of set {@code h} are chosen by {@code sel}. */
  int andCardinality(int h, SampleSelection sel) {
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
      default:
        return denseAnd(i, sel, false);
    }
  }

  /** Whether some member of set {@code h} is chosen by {@code sel}. */
  boolean intersects(int h, SampleSelection sel) {
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
      default:
        return denseAnd(i, sel, true) > 0;
    }
  }

  private int inlineAnd(int at, SampleSelection sel, boolean firstOnly) {
    int n = inline[at];
    int from = at + 1;
    int to = from + n;
    int found = 0;
    if (sel.size() < n) {
      for (int m : sel.members()) {
        if (m > 0xFFFF) {
          break;
        }
        if (Arrays.binarySearch(inline, from, to, (char) m) >= 0) {
          found++;
          if (firstOnly) {
            return found;
          }
        }
      }
    } else {
      long[] w = sel.words();
      for (int k = from; k < to; k++) {
        int s = inline[k];
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
    int base = set * words;
    int found = 0;
    if (sel.size() < words) {
      for (int m : sel.members()) {
        if ((dense[base + (m >>> 6)] & (1L << m)) != 0) {
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
      long both = dense[base + k] & w[k];
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
  void addTo(int h, int[] counts) {
    int i = h >>> 2;
    switch (h & 3) {
      case INLINE:
        for (int k = i + 1, end = k + inline[i]; k < end; k++) {
          counts[inline[k]]++;
        }
        break;
      case ROARING:
        roaring[i].forEach((int s) -> counts[s]++);
        break;
      case DENSE:
        int base = i * words;
        for (int w = 0; w < words; w++) {
          long bits = dense[base + w];
          while (bits != 0) {
            counts[(w << 6) + Long.numberOfTrailingZeros(bits)]++;
            bits &= bits - 1;
          }
        }
        break;
      default:
        break;
    }
  }

  /** The members of set {@code h}, ascending (for tests and tools; queries use the methods above). */
  int[] members(int h) {
    int[] out = new int[cardinality(h)];
    int[] n = {0};
    int i = h >>> 2;
    switch (h & 3) {
      case INLINE:
        for (int k = 0; k < out.length; k++) {
          out[k] = inline[i + 1 + k];
        }
        break;
      case ROARING:
        roaring[i].forEach((int s) -> out[n[0]++] = s);
        break;
      case DENSE:
        for (int s = 0; s < cohortSize; s++) {
          if ((dense[i * words + (s >>> 6)] & (1L << s)) != 0) {
            out[n[0]++] = s;
          }
        }
        break;
      default:
        break;
    }
    return out;
  }

  /** Heap held by the store, in bytes (array headers included; Roaring as it estimates itself). */
  long heapBytes() {
    long bytes = 16L + inline.length * 2L + 16L + dense.length * 8L + 16L + roaring.length * 4L;
    for (RoaringBitmap b : roaring) {
      bytes += b.getLongSizeInBytes() + ROARING_OVERHEAD / 2;
    }
    return bytes;
  }

  /** How many sets have each form: inline, Roaring, dense. */
  long[] formCounts(int[] handles) {
    long[] c = new long[4];
    for (int h : handles) {
      c[h & 3]++;
    }
    return c;
  }

  /** Collects sets; not thread-safe. */
  static final class Builder {
    private final int cohortSize;
    private final int words;
    private final SetEncoding encoding;
    private char[] inline = new char[1024];
    private int inlineSize;
    private final List<RoaringBitmap> roaring = new ArrayList<>();
    private long[] dense = new long[0];
    private int denseSets;

    Builder(int cohortSize, SetEncoding encoding) {
      this.cohortSize = cohortSize;
      this.words = wordsFor(cohortSize);
      this.encoding = encoding;
    }

    /** Stores the set of the first {@code n} of {@code ids} (ascending, distinct) and returns its handle. */
    int add(int[] ids, int n) {
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
      return denseBytes <= roaringBytes ? addDense(ids, n) : addRoaring(ids, n);
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
      int at = inlineSize;
      if ((long) at + n + 1 > MAX_INDEX) {
        throw new IllegalStateException("too many genotypes for one engine (inline pool full)");
      }
      if (at + n + 1 > inline.length) {
        inline = Arrays.copyOf(inline, Math.max(at + n + 1, IntList.grow(inline.length)));
      }
      inline[at] = (char) n;
      for (int k = 0; k < n; k++) {
        inline[at + 1 + k] = (char) ids[k];
      }
      inlineSize = at + n + 1;
      return at << 2 | INLINE;
    }

    private int addRoaring(int[] ids, int n) {
      if (roaring.size() > MAX_INDEX) {
        throw new IllegalStateException("too many genotype sets for one engine");
      }
      RoaringBitmap b = new RoaringBitmap();
      b.addN(ids, 0, n);
      b.runOptimize();
      b.trim();
      roaring.add(b);
      return (roaring.size() - 1) << 2 | ROARING;
    }

    private int addDense(int[] ids, int n) {
      int set = denseSets;
      long need = (long) (set + 1) * words;
      if (set > MAX_INDEX || need > Integer.MAX_VALUE - 16) {
        throw new IllegalStateException("too many genotype sets for one engine (dense pool full)");
      }
      if (need > dense.length) {
        dense = Arrays.copyOf(dense, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(need, IntList.grow(dense.length))));
      }
      int base = set * words;
      for (int k = 0; k < n; k++) {
        dense[base + (ids[k] >>> 6)] |= 1L << ids[k];
      }
      denseSets++;
      return set << 2 | DENSE;
    }

    SampleSets build() {
      return new SampleSets(cohortSize, Arrays.copyOf(inline, inlineSize),
          roaring.toArray(RoaringBitmap[]::new), Arrays.copyOf(dense, denseSets * words));
    }
  }
}
