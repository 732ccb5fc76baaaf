package org.dasgrid.core.genotype.internal.sets;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.dasgrid.core.genotype.GenotypeCapacityException;
import org.dasgrid.core.genotype.SetEncoding;
import org.dasgrid.core.genotype.dgi.IndexLayout;
import org.dasgrid.core.genotype.dgi.PoolWriter;
import org.dasgrid.core.genotype.internal.column.ByteColumn;
import org.dasgrid.core.genotype.internal.column.CharColumn;
import org.dasgrid.core.genotype.internal.column.IntColumn;
import org.dasgrid.core.genotype.internal.column.LongColumn;
import org.roaringbitmap.RoaringBitmap;

/**
 * Collects sets into the store's pools, each in its smallest form ({@link SetEncoding#COMPACT}). For a cohort of
 * up to 65,536 samples: an inline run of 16-bit numbers when that is no larger than a bitset or a {@code
 * RoaringBitmap}; else a patch of one of the contig's recent dense sets when that takes at most half a bitset's
 * bytes, or a dense bitset (which becomes such a base); else Roaring. Above 65,536 samples: a delta-coded run
 * ({@link GapSets}) when no larger than a bitset, else a patch or a bitset as above, never Roaring (so an index
 * file holds any compact store). Pages a streaming build has written ({@link #release}) are
 * let go. Not thread-safe.
 */
public final class SetsBuilder {
  /** Handles keep two tag bits and stay positive, so an index (pool offset or set number) is below 2^29. */
  private static final int MAX_INDEX = (1 << 29) - 1;
  /** Bytes of a patch entry, for choosing the smaller form. */
  private static final int PATCH_BYTES = 4 * PatchedSets.ENTRY_INTS;
  /** The most members a patch's minus or plus run holds (a run of 4 bytes a member would fill a page). */
  private static final int MAX_PATCH_RUN = GapSets.PAGE / 4 - 2;
  /** Recent dense sets of the contig that a new set may be stored as a patch of. */
  private static final int BASES = 8;

  private final int cohortSize;
  private final int words;
  private final int setsPerPage;
  private final SetEncoding encoding;
  /** Whether inline runs are delta-coded ({@link GapSets}): a cohort above 65,536. */
  private final boolean wide;
  private final List<char[]> inline = new ArrayList<>();
  private int inlineSize = InlineSets.PAGE; // the used part of the last page: full, so the first set opens one
  private final List<byte[]> wideInline = new ArrayList<>();
  private int wideSize = GapSets.PAGE; // as inlineSize
  private final List<RoaringBitmap> roaring = new ArrayList<>();
  private final List<long[]> dense = new ArrayList<>();
  private int denseSets;
  private final List<int[]> patches = new ArrayList<>();
  private int patchSize = PatchedSets.PAGE_INTS; // as inlineSize
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

  public SetsBuilder(int cohortSize, SetEncoding encoding) {
    this(cohortSize, encoding, MAX_INDEX);
  }

  /** A builder whose pools hold at most {@code maxIndex} entries each (tests of the capacity error). */
  public SetsBuilder(int cohortSize, SetEncoding encoding, int maxIndex) {
    this.maxIndex = Math.min(maxIndex, MAX_INDEX);
    this.cohortSize = cohortSize;
    this.wide = SampleSets.isWide(cohortSize);
    this.words = SampleSets.wordsFor(cohortSize);
    this.setsPerPage = DenseSets.setsPerPage(words);
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
    java.util.Arrays.fill(baseHandle, SampleSets.EMPTY);
  }

  /** Stores the set of the first {@code n} of {@code ids} (ascending, distinct) and returns its handle. */
  public int add(int[] ids, int n) {
    if (n == 0) {
      return SampleSets.EMPTY;
    }
    if (ids[n - 1] >= cohortSize || ids[0] < 0) {
      throw new IllegalArgumentException("sample number outside the cohort");
    }
    if (encoding == SetEncoding.ROARING) {
      return addRoaring(ids, n);
    }
    long denseBytes = 8L * words;
    if (wide) {
      // a cohort above 65,536 samples: a delta-coded run, a patch or a bitset, never Roaring (which an index
      // file does not hold; a run of gaps is already smaller than Roaring's 16-bit containers below ~1/16 of
      // the cohort, and a bitset above)
      int k = GapSets.parameter(ids, n);
      long runBytes = GapSets.runBytes(ids, n, k);
      if (runBytes <= denseBytes && runBytes <= GapSets.PAGE) {
        return addWide(ids, n, k, (int) runBytes);
      }
      int h = patched(ids, n);
      return h != SampleSets.EMPTY ? h : addDense(ids, n);
    }
    long inlineBytes = 2L * (n + 1);
    long roaringBytes = RoaringSets.OVERHEAD + (long) RoaringSets.PER_CONTAINER * containers(ids, n) + 2L * n;
    if (inlineBytes <= denseBytes && inlineBytes <= roaringBytes) {
      return addInline(ids, n);
    }
    if (denseBytes > roaringBytes) {
      return addRoaring(ids, n);
    }
    int h = patched(ids, n);
    return h != SampleSets.EMPTY ? h : addDense(ids, n);
  }

  /**
   * The set as a patch of the closest base when that takes at most half a dense set's bytes, else {@link
   * #SampleSets.EMPTY} (and the caller stores it dense, and it becomes a base in place of the least recently used one).
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
      if (out > MAX_PATCH_RUN || in > MAX_PATCH_RUN) {
        continue; // a run holds at most a page (a cohort of millions)
      }
      // a gap-coded run's bytes are not known before its members are listed: counted as 4 a member (a
      // Rice-coded member takes far fewer bits in practice), so the choice errs towards a dense set
      int width = wide ? 4 : 2;
      long bytes = PATCH_BYTES + (out == 0 ? 0 : width * (out + 1L)) + (in == 0 ? 0 : width * (in + 1L));
      if (bytes < bestBytes) {
        best = b;
        bestBytes = bytes;
      }
    }
    if (best < 0) {
      return SampleSets.EMPTY;
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
    if (wide && !(fitsAPage(minus, out) && fitsAPage(plus, in))) {
      // a run of mostly escaped gaps can outgrow a page even within MAX_PATCH_RUN members: store it dense
      return SampleSets.EMPTY;
    }
    baseUsed[best] = ++clock;
    int minusSet = out == 0 ? SampleSets.EMPTY : wide ? addWide(minus, out) : addInline(minus, out);
    int plusSet = in == 0 ? SampleSets.EMPTY : wide ? addWide(plus, in) : addInline(plus, in);
    return addPatch(baseHandle[best], minusSet, plusSet, n);
  }

  /** Whether the gap-coded run of the first {@code n} of {@code ids} fits a page (none is needed when empty). */
  private static boolean fitsAPage(int[] ids, int n) {
    return n == 0 || GapSets.runBytes(ids, n, GapSets.parameter(ids, n)) <= GapSets.PAGE;
  }

  private int addPatch(int base, int minusSet, int plusSet, int cardinality) {
    if (patchSize + PatchedSets.ENTRY_INTS > PatchedSets.PAGE_INTS) {
      patches.add(new int[PatchedSets.PAGE_INTS]);
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
    patchSize += PatchedSets.ENTRY_INTS;
    patchCount++;
    return patchCount << 2 | SampleSets.PATCHED; // index 1 for the first: never SampleSets.EMPTY
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
    if (ids[0] >>> 16 == ids[n - 1] >>> 16) {
      return 1; // ascending: all in the first one's container (every set of a cohort of up to 65,536 samples)
    }
    int c = 1;
    for (int k = 1; k < n; k++) {
      if (ids[k] >>> 16 != ids[k - 1] >>> 16) {
        c++;
      }
    }
    return c;
  }

  private int addInline(int[] ids, int n) {
    if (inlineSize + n + 1 > InlineSets.PAGE) {
      inline.add(new char[InlineSets.PAGE]);
      inlineSize = 0;
    }
    long index = (long) (inline.size() - 1) * InlineSets.PAGE + inlineSize;
    if (index > maxIndex) {
      throw new GenotypeCapacityException("inline sample sets (16-bit sample numbers)", maxIndex);
    }
    char[] page = inline.get(inline.size() - 1);
    page[inlineSize] = (char) n;
    for (int k = 0; k < n; k++) {
      page[inlineSize + 1 + k] = (char) ids[k];
    }
    inlineSize += n + 1;
    return (int) index << 2 | SampleSets.INLINE;
  }

  private int addWide(int[] ids, int n) {
    int k = GapSets.parameter(ids, n);
    return addWide(ids, n, k, (int) GapSets.runBytes(ids, n, k));
  }

  /** Adds a gap-coded run of {@code bytes} bytes (at most a page) at the next 4-byte boundary. */
  private int addWide(int[] ids, int n, int k, int bytes) {
    if (wideSize + bytes > GapSets.PAGE) {
      wideInline.add(new byte[GapSets.PAGE]);
      wideSize = 0;
    }
    long index = ((long) (wideInline.size() - 1) << GapSets.UNITS_BITS) + (wideSize >>> 2);
    if (index > maxIndex) {
      throw new GenotypeCapacityException("inline sample sets (delta-coded runs, in 4-byte units)", maxIndex);
    }
    int end = GapSets.encode(ids, n, k, wideInline.get(wideInline.size() - 1), wideSize);
    wideSize = end + 3 & ~3;
    return (int) index << 2 | SampleSets.INLINE;
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
    return (roaring.size() - 1) << 2 | SampleSets.ROARING;
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
    int handle = set << 2 | SampleSets.DENSE;
    remember(handle);
    return handle;
  }

  /** Pages written to a file by {@link #release}: their places in the lists hold null. */
  private int inlineReleased;
  private int wideReleased;
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
    ByteColumn[] wi = new ByteColumn[wideInline.size()];
    for (int p = 0; p < wi.length; p++) {
      wi[p] = ByteColumn.of(wideInline.get(p) == null ? new byte[0] : wideInline.get(p));
    }
    LongColumn[] de = new LongColumn[dense.size()];
    for (int p = 0; p < de.length; p++) {
      de[p] = LongColumn.of(dense.get(p) == null ? new long[0] : dense.get(p));
    }
    IntColumn[] pa = new IntColumn[patches.size()];
    for (int p = 0; p < pa.length; p++) {
      pa[p] = IntColumn.of(patches.get(p) == null ? new int[0] : patches.get(p));
    }
    return new SampleSets(cohortSize, in, wi, roaring.toArray(RoaringBitmap[]::new), de, pa);
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
    for (int keep = all ? 0 : 1; wideReleased < wideInline.size() - keep; wideReleased++) {
      byte[] page = wideInline.get(wideReleased);
      if (wideReleased == wideInline.size() - 1) {
        page = Arrays.copyOf(page, wideSize);
      }
      file.gapSetPage(wideReleased, ByteColumn.of(page));
      wideInline.set(wideReleased, null);
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
    ByteColumn[] wideColumns = new ByteColumn[wideInline.size()];
    for (int p = 0; p < wideColumns.length; p++) {
      byte[] page = wideInline.get(p);
      wideColumns[p] = ByteColumn.of(p == wideColumns.length - 1 ? Arrays.copyOf(page, wideSize) : page);
    }
    IntColumn[] patchColumns = new IntColumn[patches.size()];
    for (int p = 0; p < patchColumns.length; p++) {
      int[] page = patches.get(p);
      patchColumns[p] = IntColumn.of(p == patchColumns.length - 1 ? Arrays.copyOf(page, patchSize) : page);
    }
    return new SampleSets(cohortSize, inlineColumns, wideColumns, roaring.toArray(RoaringBitmap[]::new),
        denseColumns, patchColumns);
  }
}
