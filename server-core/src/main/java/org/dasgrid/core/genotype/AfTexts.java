package org.dasgrid.core.genotype;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.dasgrid.core.render.JsonOutput;

/**
 * The allele frequency AC/AN as decimal text, made once at load for every (AC, AN) pair of the whole cohort:
 * the text the JSON writers give it ({@link JsonOutput#number}: Schubfach's shortest decimal that reads back
 * as the same double). Formatting a double was half of the server's CPU for a long whole-cohort
 * answer (3,896 rows of BRCA2, nearly every one with its own AC/AN); a cohort has far fewer distinct pairs
 * than rows (AN varies only with missing calls), so the texts cost little memory.
 *
 * <p>An open-addressing table keyed by {@code AC << 32 | AN} in one byte array of {@value #ENTRY}-byte
 * entries — the key, the text's length and the text — so that a lookup reads one cache line (a first version
 * with the texts as separate arrays read three, and was no faster than formatting). Pairs it does not hold
 * (a virtual cohort's) are left to the writer to format. Immutable after construction; safe to share
 * between threads.
 */
final class AfTexts {
  /** Pairs kept at most; beyond it the rest are formatted per answer (bounds memory: 64 MB at most). */
  static final int MAX_PAIRS = 1 << 20;
  /** The longest text kept: what a cursor's caller makes room for. */
  static final int MAX_TEXT = VariantAnswer.Cursor.AF_TEXT_ROOM;
  /** Bytes per entry: an 8-byte key, a length byte and the text; 32, two entries to a cache line. */
  static final int ENTRY = 9 + MAX_TEXT;
  static final AfTexts NONE = new AfTexts(new byte[ENTRY], 0, 0);
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private final byte[] table;
  private final int mask;
  private final int size;

  private AfTexts(byte[] table, int mask, int size) {
    this.table = table;
    this.mask = mask;
    this.size = size;
  }

  /**
   * Copies the text of {@code ac / an} into {@code dst} from {@code at} (which must have {@value #MAX_TEXT}
   * bytes of room) and returns where it ends; -1, writing nothing, if this table does not hold the pair.
   */
  int copyText(int ac, int an, byte[] dst, int at) {
    long k = key(ac, an);
    byte[] t = table;
    for (int i = slot(k, mask); ; i = (i + 1) & mask) {
      int e = i * ENTRY;
      long x = (long) LONGS.get(t, e);
      if (x == k) {
        int len = t[e + 8];
        System.arraycopy(t, e + 9, dst, at, len);
        return at + len;
      }
      if (x == 0) {
        return -1;
      }
    }
  }

  int size() {
    return size;
  }

  long heapBytes() {
    return 16L + table.length + 32;
  }

  /** The text the JSON writers give for {@code ac / an}. */
  static byte[] format(int ac, int an) {
    return JsonOutput.number((double) ac / an).getBytes(StandardCharsets.US_ASCII);
  }

  /** A non-zero key: AN is never 0 for a pair with a frequency. */
  private static long key(int ac, int an) {
    return (long) ac << 32 | (an & 0xFFFFFFFFL);
  }

  private static int slot(long k, int mask) {
    long h = k * 0x9E3779B97F4A7C15L;
    return (int) (h >>> 40) & mask;
  }

  /** Collects the distinct pairs, then formats each once. Not thread-safe. */
  static final class Builder {
    private long[] keys = new long[1 << 12];
    private int size;

    /** Adds a pair (ignored when AN is 0, which has no frequency, or when {@link #MAX_PAIRS} are held). */
    void add(int ac, int an) {
      if (an == 0 || size >= MAX_PAIRS) {
        return;
      }
      if (insert(keys, key(ac, an))) {
        size++;
        if (size * 2 > keys.length) {
          long[] bigger = new long[keys.length * 2];
          for (long k : keys) {
            if (k != 0) {
              insert(bigger, k);
            }
          }
          keys = bigger;
        }
      }
    }

    AfTexts build() {
      if (size == 0) {
        return NONE;
      }
      byte[] table = new byte[keys.length * ENTRY];
      int held = 0;
      for (int i = 0; i < keys.length; i++) {
        long k = keys[i];
        byte[] text = k == 0 ? null : format((int) (k >>> 32), (int) k);
        // a text too long for an entry (none for a frequency between 0 and 1) is not kept: its slot stays
        // empty, so a lookup of it, or of a key probed past it, answers -1 and the writer formats the value
        if (text != null && text.length <= MAX_TEXT) {
          int e = i * ENTRY;
          LONGS.set(table, e, k);
          table[e + 8] = (byte) text.length;
          System.arraycopy(text, 0, table, e + 9, text.length);
          held++;
        }
      }
      return new AfTexts(table, keys.length - 1, held);
    }

    private static boolean insert(long[] table, long k) {
      int mask = table.length - 1;
      for (int i = slot(k, mask); ; i = (i + 1) & mask) {
        if (table[i] == k) {
          return false;
        }
        if (table[i] == 0) {
          table[i] = k;
          return true;
        }
      }
    }
  }
}
