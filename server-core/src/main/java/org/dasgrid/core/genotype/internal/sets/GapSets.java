package org.dasgrid.core.genotype.internal.sets;

import java.util.Arrays;
import java.util.function.IntConsumer;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.internal.column.ByteColumn;

/**
 * Sets stored inline for cohorts above 65,536 samples, gap-coded: each member as its gap from the one before,
 * Rice-coded with a parameter {@code k} chosen per set (the gap's high part in unary, its {@code k} low bits
 * as they are), so a member costs about {@code log2(mean gap) + 2} bits — ~5 bits when a set holds a tenth of the
 * cohort, ~10 for a 0.5% set of missing calls, ~21 for a singleton of a million — where a 32-bit run spent 32
 * (format 4: 3.6–3.9 bytes per non-ref call at 100,000 and 500,000 samples, against an information bound of
 * 0.24–0.26) and a byte-wise varint 8 to 24. A Rice code is within a few percent of the best code for gaps
 * of a set of random members (geometric gaps), which is what carriers of a variant are.
 *
 * <p>A run starts at a 4-byte boundary of a 256 KB byte page (a handle's 29-bit index counts 4-byte units, so
 * the pool addresses 2 GiB, as 32-bit runs did; the padding is under 4 bytes a set): {@code varint n}, a byte
 * {@code k}; then, when {@code n > BLOCK}, a skip table of {@code (n - 1) / BLOCK} entries of two
 * little-endian ints — member {@code b * BLOCK} and the bit (from the data's start) just after its code — for
 * blocks {@code b = 1, 2, ...}; then the data, a little-endian bit stream (bit {@code j} of the stream is bit
 * {@code j % 8} of byte {@code j / 8}): per member, with {@code g = member - previous - 1} (the first member's
 * previous taken as -1), {@code q = g >>> k} zero bits, a one bit, and {@code g}'s {@code k} low bits; a gap
 * with {@code q >= 24} is {@link #ESCAPE} zero bits, a one bit and its 32 bits instead (at most 57 bits a code,
 * so one refill of a 64-bit buffer reads any code). A probe binary-searches the skip table and decodes at most
 * {@code BLOCK - 1} codes; every walk decodes straight through. A run lies within one page, so the builder
 * makes a set dense when its run would not fit (it is then larger than a bitset anyway).
 */
final class GapSets extends SetForm {
  static final int PAGE_BITS = 18;
  static final int PAGE = 1 << PAGE_BITS;
  /** A handle's index counts 4-byte units: page number, then unit within the page. */
  static final int UNITS_BITS = PAGE_BITS - 2;
  /** Members per skip block: a probe decodes at most this many codes, the table costs 8 bytes a block. */
  static final int BLOCK = 64;
  /** Unary lengths from this on mark an escaped gap (its 32 bits follow). */
  static final int ESCAPE = 24;

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

  /** Bits of the codes of the first {@code n} of {@code ids} with parameter {@code k}. */
  private static long dataBits(int[] ids, int n, int k) {
    long bits = 0;
    int previous = -1;
    for (int m = 0; m < n; m++) {
      int q = (ids[m] - previous - 1) >>> k;
      bits += q < ESCAPE ? q + 1 + k : ESCAPE + 1 + 32;
      previous = ids[m];
    }
    return bits;
  }

  /**
   * The Rice parameter of a run: the one of {@code k0 - 1, k0, k0 + 1} whose codes are shortest, {@code k0} the
   * textbook choice for geometric gaps of the run's mean ({@code log2(mean * ln 2)}).
   */
  static int parameter(int[] ids, int n) {
    double mean = (ids[n - 1] + 1.0) / n;
    int k0 = Math.max(0, (int) Math.floor(Math.log(mean * Math.log(2)) / Math.log(2)));
    int best = -1;
    long bestBits = Long.MAX_VALUE;
    for (int k = Math.max(0, k0 - 1); k <= Math.min(30, k0 + 1); k++) {
      long bits = dataBits(ids, n, k);
      if (bits < bestBits) {
        best = k;
        bestBits = bits;
      }
    }
    return best;
  }

  /** Bytes of the run of the first {@code n} of {@code ids} (ascending, distinct) with parameter {@code k}. */
  static long runBytes(int[] ids, int n, int k) {
    return varintBytes(n) + 1 + 8L * ((n - 1) / BLOCK) + (dataBits(ids, n, k) + 7) / 8;
  }

  /**
   * Writes the run of the first {@code n} of {@code ids} with parameter {@code k} into {@code page} at {@code
   * at} (the bytes it takes zero); returns its end.
   */
  static int encode(int[] ids, int n, int k, byte[] page, int at) {
    int p = putVarint(page, at, n);
    page[p++] = (byte) k;
    int table = p;
    Bits out = new Bits(page, p + 8 * ((n - 1) / BLOCK));
    int previous = -1;
    for (int m = 0; m < n; m++) {
      int g = ids[m] - previous - 1;
      int q = g >>> k;
      if (q < ESCAPE) {
        out.put(1L << q, q + 1);
        out.put(g & ((1L << k) - 1), k);
      } else {
        out.put(1L << ESCAPE, ESCAPE + 1);
        out.put(g & 0xFFFFFFFFL, 32);
      }
      previous = ids[m];
      if (m > 0 && m % BLOCK == 0) {
        int entry = table + 8 * (m / BLOCK - 1);
        putInt(page, entry, ids[m]);
        putInt(page, entry + 4, (int) out.written);
      }
    }
    return out.end();
  }

  /** A little-endian bit stream written into a page. */
  private static final class Bits {
    private final byte[] page;
    private int p;
    private long acc;
    private int held;
    long written;

    Bits(byte[] page, int start) {
      this.page = page;
      this.p = start;
    }

    /** Appends the {@code width} (at most 32) low bits of {@code v}. */
    void put(long v, int width) {
      acc |= v << held;
      held += width;
      written += width;
      while (held >= 8) {
        page[p++] = (byte) acc;
        acc >>>= 8;
        held -= 8;
      }
    }

    int end() {
      if (held > 0) {
        page[p++] = (byte) acc;
      }
      return p;
    }
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
   * merged with. Reads the bit stream through a 64-bit buffer holding at least 57 bits before each code.
   */
  static final class Cursor {
    private final ByteColumn page;
    private final int limit;
    private final int k;
    private final long mask;
    /** Where the run's skip table and data start. */
    private final int table;
    private final int data;
    private final int n;
    private int pos;
    private long buffer;
    private int held;
    private int left;
    private int value;

    Cursor(ByteColumn page, int at) {
      this.page = page;
      this.limit = page.length();
      int p = at;
      int count = 0;
      for (int shift = 0; ; shift += 7) {
        byte b = page.get(p++);
        count |= (b & 0x7F) << shift;
        if (b >= 0) {
          break;
        }
      }
      this.n = count;
      this.k = page.get(p++);
      this.mask = (1L << k) - 1;
      this.table = p;
      this.data = p + 8 * ((count - 1) / BLOCK);
      this.pos = data;
      this.left = count;
      this.value = -1;
    }

    /** Starts over at skip entry {@code b} (from 1): its member is the last read; the block's rest follow. */
    private void jump(int b) {
      int entry = table + 8 * (b - 1);
      value = getInt(page, entry);
      int bit = getInt(page, entry + 4);
      pos = data + (bit >>> 3);
      buffer = 0;
      held = 0;
      refill();
      buffer >>>= bit & 7;
      held -= bit & 7;
      left = Math.min(BLOCK - 1, n - b * BLOCK - 1);
    }

    private void refill() {
      while (held <= 56) {
        long b = pos < limit ? page.get(pos) & 0xFF : 0;
        pos++;
        buffer |= b << held;
        held += 8;
      }
    }

    boolean hasNext() {
      return left > 0;
    }

    int next() {
      refill();
      int q = Long.numberOfTrailingZeros(buffer);
      int g;
      if (q < ESCAPE) {
        g = q << k | (int) (buffer >>> (q + 1) & mask);
        buffer >>>= q + 1 + k;
        held -= q + 1 + k;
      } else {
        g = (int) (buffer >>> (ESCAPE + 1));
        buffer >>>= ESCAPE + 1 + 32;
        held -= ESCAPE + 1 + 32;
      }
      left--;
      value += g + 1;
      return value;
    }

    /** Whether {@code sample} is a member: the skip table searched, then at most a block decoded. */
    boolean contains(int sample) {
      int blocks = (n - 1) / BLOCK;
      if (blocks > 0) {
        // the last block whose first member is at most sample (block 0 starts the data)
        int lo = 0;
        int hi = blocks;
        while (lo < hi) {
          int mid = (lo + hi + 1) >>> 1;
          if (getInt(page, table + 8 * (mid - 1)) <= sample) {
            lo = mid;
          } else {
            hi = mid - 1;
          }
        }
        if (lo > 0) {
          jump(lo);
          if (value == sample) {
            return true;
          }
        } else {
          left = BLOCK;
        }
      }
      while (hasNext()) {
        int s = next();
        if (s >= sample) {
          return s == sample;
        }
      }
      return false;
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
    return cursor(i).contains(sample);
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
