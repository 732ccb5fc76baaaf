package org.dasgrid.core.genotype.internal.sets;

import java.util.Arrays;
import java.util.function.IntConsumer;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.internal.column.ByteColumn;

/**
 * Sets stored inline for cohorts above 65,536 samples, delta-coded: each member as the gap from the one before
 * in a varint (7 bits a byte), so a carrier costs what its distance from the previous carrier needs — one byte
 * when the set holds more than ~1/128 of the cohort, three for a singleton of a million samples — where a
 * 32-bit run spent four whatever the set (format 4: 3.6–3.9 bytes per non-ref call at 100,000 and 500,000
 * samples against an information bound of 0.24–0.26). Most biobank calls are on variants with thousands of
 * carriers, whose gaps are small.
 *
 * <p>A run starts at a 4-byte boundary of a 256 KB byte page (so that a handle's 29-bit index, counted in
 * 4-byte units, addresses 2 GiB of runs, as 32-bit runs did; the padding is under 4 bytes a set, and a set of
 * this form holds hundreds of calls on average): {@code varint n}; then, when {@code n > BLOCK}, a skip
 * table of {@code (n - 1) / BLOCK} entries of two little-endian ints — member {@code b * BLOCK} and the byte
 * (from the data's start) just after its varint — for blocks {@code b = 1, 2, ...}; then the data: the first
 * member as itself, each next one as {@code member - previous - 1}. A probe binary-searches the skip table and
 * decodes at most {@code BLOCK - 1} varints; every walk decodes straight through. A run lies within one page,
 * so the builder makes a set dense when its run would not fit (it is then larger than a bitset anyway).
 */
final class GapSets extends SetForm {
  static final int PAGE_BITS = 18;
  static final int PAGE = 1 << PAGE_BITS;
  /** A handle's index counts 4-byte units: page number, then unit within the page. */
  static final int UNITS_BITS = PAGE_BITS - 2;
  /** Members per skip block: a probe decodes at most this many varints, the table costs 8 bytes a block. */
  static final int BLOCK = 64;

  private final ByteColumn[] pages;
  private final int words;

  GapSets(ByteColumn[] pages, int words) {
    this.pages = pages;
    this.words = words;
  }

  ByteColumn[] pages() {
    return pages;
  }

  ByteColumn page(int i) {
    return pages[i >>> UNITS_BITS];
  }

  /** Where set {@code i}'s run starts in its page. */
  static int at(int i) {
    return (i & ((1 << UNITS_BITS) - 1)) << 2;
  }

  // ---- encoding (the builder's side) ----

  /** Bytes of the varint of {@code v} (non-negative). */
  static int varintBytes(int v) {
    return v < 1 << 7 ? 1 : v < 1 << 14 ? 2 : v < 1 << 21 ? 3 : v < 1 << 28 ? 4 : 5;
  }

  /** Bytes of the run of the first {@code n} of {@code ids} (ascending, distinct), padding not counted. */
  static long runBytes(int[] ids, int n) {
    long bytes = varintBytes(n) + 8L * ((n - 1) / BLOCK) + varintBytes(ids[0]);
    for (int k = 1; k < n; k++) {
      bytes += varintBytes(ids[k] - ids[k - 1] - 1);
    }
    return bytes;
  }

  /** Writes the run of the first {@code n} of {@code ids} into {@code page} at {@code at}; returns its end. */
  static int encode(int[] ids, int n, byte[] page, int at) {
    int p = putVarint(page, at, n);
    int blocks = (n - 1) / BLOCK;
    int table = p;
    int data = p + 8 * blocks;
    p = putVarint(page, data, ids[0]);
    for (int k = 1; k < n; k++) {
      if (k % BLOCK == 0) {
        p = putVarint(page, p, ids[k] - ids[k - 1] - 1);
        int entry = table + 8 * (k / BLOCK - 1);
        putInt(page, entry, ids[k]);
        putInt(page, entry + 4, p - data);
        continue;
      }
      p = putVarint(page, p, ids[k] - ids[k - 1] - 1);
    }
    return p;
  }

  private static int putVarint(byte[] page, int p, int v) {
    while (v >= 0x80) {
      page[p++] = (byte) (v | 0x80);
      v >>>= 7;
    }
    page[p++] = (byte) v;
    return p;
  }

  private static void putInt(byte[] page, int p, int v) {
    page[p] = (byte) v;
    page[p + 1] = (byte) (v >>> 8);
    page[p + 2] = (byte) (v >>> 16);
    page[p + 3] = (byte) (v >>> 24);
  }

  private static int getInt(ByteColumn page, int p) {
    return page.get(p) & 0xFF | (page.get(p + 1) & 0xFF) << 8 | (page.get(p + 2) & 0xFF) << 16
        | (page.get(p + 3) & 0xFF) << 24;
  }

  // ---- reading ----

  /**
   * A walk over one run's members in ascending order; also the cursor a patched set's minus and plus runs are
   * merged with. {@link #pos} is the byte after the last varint read.
   */
  static final class Cursor {
    private final ByteColumn page;
    private int pos;
    private int left;
    private int value = -1;

    Cursor(ByteColumn page, int at) {
      this.page = page;
      int p = at;
      int n = 0;
      for (int shift = 0; ; shift += 7) {
        byte b = page.get(p++);
        n |= (b & 0x7F) << shift;
        if (b >= 0) {
          break;
        }
      }
      this.left = n;
      this.pos = p + 8 * ((n - 1) / BLOCK);
    }

    /** A cursor of a block: {@code left} members after {@code value}, whose varints start at {@code pos}. */
    private Cursor(ByteColumn page, int pos, int left, int value) {
      this.page = page;
      this.pos = pos;
      this.left = left;
      this.value = value;
    }

    boolean hasNext() {
      return left > 0;
    }

    int next() {
      int v = 0;
      for (int shift = 0; ; shift += 7) {
        byte b = page.get(pos++);
        v |= (b & 0x7F) << shift;
        if (b >= 0) {
          break;
        }
      }
      left--;
      value = value < 0 ? v : value + v + 1;
      return value;
    }
  }

  Cursor cursor(int i) {
    return new Cursor(page(i), at(i));
  }

  @Override
  int cardinality(int i) {
    ByteColumn page = page(i);
    int p = at(i);
    int n = 0;
    for (int shift = 0; ; shift += 7) {
      byte b = page.get(p++);
      n |= (b & 0x7F) << shift;
      if (b >= 0) {
        return n;
      }
    }
  }

  @Override
  boolean contains(int i, int sample) {
    Cursor c = cursor(i);
    int n = c.left;
    int blocks = (n - 1) / BLOCK;
    if (blocks > 0) {
      // the last block whose first member is at most sample (block 0 starts the data)
      int table = c.pos - 8 * blocks;
      int lo = 0;
      int hi = blocks;
      while (lo < hi) {
        int mid = (lo + hi + 1) >>> 1;
        if (getInt(c.page, table + 8 * (mid - 1)) <= sample) {
          lo = mid;
        } else {
          hi = mid - 1;
        }
      }
      if (lo > 0) {
        int first = getInt(c.page, table + 8 * (lo - 1));
        if (first == sample) {
          return true;
        }
        int left = Math.min(BLOCK - 1, n - lo * BLOCK - 1);
        c = new Cursor(c.page, c.pos + getInt(c.page, table + 8 * (lo - 1) + 4), left, first);
      } else {
        c.left = BLOCK;
      }
    }
    while (c.hasNext()) {
      int s = c.next();
      if (s >= sample) {
        return s == sample;
      }
    }
    return false;
  }

  @Override
  int membersAmong(int i, int[] samples) {
    int mask = 0;
    for (int k = 0; k < samples.length; k++) {
      if (contains(i, samples[k])) {
        mask |= 1 << k;
      }
    }
    return mask;
  }

  /** Whether probing each chosen sample is clearly fewer steps than decoding every member. */
  private static boolean probes(SampleSelection sel, int n) {
    return (long) sel.size() * 32 < n;
  }

  @Override
  int andCardinality(int i, SampleSelection sel) {
    int[] found = {0};
    forEachChosen(i, sel, s -> found[0]++);
    return found[0];
  }

  @Override
  boolean intersects(int i, SampleSelection sel) {
    Cursor c = cursor(i);
    if (probes(sel, c.left)) {
      for (int m : sel.members()) {
        if (contains(i, m)) {
          return true;
        }
      }
      return false;
    }
    while (c.hasNext()) {
      if (sel.contains(c.next())) {
        return true;
      }
    }
    return false;
  }

  @Override
  void addTo(int i, int[] counts) {
    for (Cursor c = cursor(i); c.hasNext(); ) {
      counts[c.next()]++;
    }
  }

  @Override
  void addTo(int i, double[] into, double value) {
    for (Cursor c = cursor(i); c.hasNext(); ) {
      into[c.next()] += value;
    }
  }

  @Override
  void forEachChosen(int i, SampleSelection sel, IntConsumer sink) {
    Cursor c = cursor(i);
    if (probes(sel, c.left)) {
      for (int m : sel.members()) {
        if (contains(i, m)) {
          sink.accept(m);
        }
      }
      return;
    }
    while (c.hasNext()) {
      int s = c.next();
      if (sel.contains(s)) {
        sink.accept(s);
      }
    }
  }

  @Override
  void forEach(int i, IntConsumer sink) {
    for (Cursor c = cursor(i); c.hasNext(); ) {
      sink.accept(c.next());
    }
  }

  @Override
  void fillWords(int i, long[] into) {
    Arrays.fill(into, 0, words, 0L);
    setBits(i, into);
  }

  /** Sets the bits of set {@code i}'s members in {@code into}. */
  void setBits(int i, long[] into) {
    for (Cursor c = cursor(i); c.hasNext(); ) {
      int s = c.next();
      into[s >>> 6] |= 1L << s;
    }
  }

  /** Clears the bits of set {@code i}'s members in {@code into}. */
  void clearBits(int i, long[] into) {
    for (Cursor c = cursor(i); c.hasNext(); ) {
      int s = c.next();
      into[s >>> 6] &= ~(1L << s);
    }
  }

  @Override
  long heapBytes() {
    long bytes = 0;
    for (ByteColumn page : pages) {
      bytes += 16 + page.length();
    }
    return bytes;
  }
}
