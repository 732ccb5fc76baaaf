package org.dasgrid.core.genotype.internal.store;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.dasgrid.core.genotype.PrecomputedText;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.TextRules;
import org.dasgrid.core.genotype.internal.column.ByteColumn;

/**
 * The whole-cohort allele frequency AC/AN of every row of one contig as decimal text, made once at load: the
 * text the writer gives it ({@link TextRules#frequencyText}; the JSON writer's is Schubfach's shortest
 * decimal that reads back as the same double). Formatting a double was half of the server's CPU for a long
 * whole-cohort answer (3,896 rows of BRCA2, nearly every one with its own AC/AN).
 *
 * <p>The texts are kept in row order, {@value #ROW} bytes a row — the length, then the characters four bits
 * each — so a long answer reads them as it reads the rows, one cache line every five rows. A first version
 * kept one text per distinct (AC, AN) pair in a hash table (8 MB on 1,000,000 sites): memory was about the
 * same, but every row cost a cache miss into the table, a third of the server's CPU for that answer.
 * Immutable after construction; safe to share between threads.
 */
public final class AfTexts {
  /**
   * The longest text kept (a frequency between 0 and 1 takes at most 21 characters). Longer ones are not
   * kept.
   */
  public static final int MAX_TEXT = 22;
  /** Bytes per row: a length byte and {@value #MAX_TEXT} four-bit characters. */
  static final int ROW = 1 + MAX_TEXT / 2;
  /** The most bytes {@link #copyText} writes: characters go eight at a time, up to 24. */
  static final int ROOM = PrecomputedText.AF_TEXT_ROOM;
  /**
   * The characters a frequency's text is made of, by their four-bit code: the digits' codes are their values,
   * and the rest are ordered so that a code maps to its character by arithmetic, eight at a time ({@link
   * #ascii}).
   */
  private static final byte[] ALPHABET = "0123456789-.E".getBytes(StandardCharsets.US_ASCII);
  /** Four-bit code + 1 of each ASCII character ({@code 0}: not in the alphabet). */
  private static final byte[] CODES = new byte[128];
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INTS =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  static {
    for (int i = 0; i < ALPHABET.length; i++) {
      CODES[ALPHABET[i]] = (byte) (i + 1);
    }
  }

  /** The texts on the heap, or null when {@link #mapped}. */
  private final byte[] packed;
  /** The same bytes mapped from an index file (little-endian), or null. */
  private final ByteBuffer mapped;

  private AfTexts(byte[] packed, ByteBuffer mapped) {
    this.packed = packed;
    this.mapped = mapped;
  }

  /** The texts of an index file: {@link #bytes} as written. */
  /** The af text of every row of a contig by its whole-cohort AC/AN, counted as whole-cohort answers count them. */
  public static AfTexts ofCohort(ContigRows c, RowCounts counts, SampleSelection everyone) {
    Builder b = new Builder(c.size);
    RowCounts.Sink sink = (contig, r, het, hom, ac, an) -> b.set(r, ac, an);
    for (int r = 0; r < c.size; r++) {
      counts.add(c, 0, r, everyone, sink);
    }
    return b.build();
  }

  public static AfTexts mapped(ByteBuffer bytes) {
    return new AfTexts(null, bytes.slice().order(ByteOrder.LITTLE_ENDIAN));
  }

  /** The packed texts, {@value #ROW} bytes a row and 3 more (for writing them to an index file). */
  public ByteColumn bytes() {
    return packed != null ? ByteColumn.of(packed) : ByteColumn.mapped(mapped);
  }

  /**
   * Copies the text of row {@code r} into {@code dst} from {@code at} (which must have {@value #ROOM} bytes of
   * room: characters go eight at a time, so up to seven bytes past the text may be written) and returns where
   * it ends; -1, writing nothing, if the row has none (no frequency, or counts the engine computes per
   * answer).
   */
  public int copyText(int r, byte[] dst, int at) {
    if (packed == null) {
      return copyMapped(r, dst, at);
    }
    int e = r * ROW;
    int len = packed[e];
    if (len == 0) {
      return -1;
    }
    long first = (long) LONGS.get(packed, e + 1); // characters 0-15
    LONGS.set(dst, at, ascii((int) first));
    if (len > 8) {
      LONGS.set(dst, at + 8, ascii((int) (first >>> 32)));
      if (len > 16) {
        LONGS.set(dst, at + 16, ascii((int) INTS.get(packed, e + 9))); // 16-21 (and the next row's length)
      }
    }
    return at + len;
  }

  private int copyMapped(int r, byte[] dst, int at) {
    int e = r * ROW;
    int len = mapped.get(e);
    if (len == 0) {
      return -1;
    }
    long first = mapped.getLong(e + 1);
    LONGS.set(dst, at, ascii((int) first));
    if (len > 8) {
      LONGS.set(dst, at + 8, ascii((int) (first >>> 32)));
      if (len > 16) {
        LONGS.set(dst, at + 16, ascii(mapped.getInt(e + 9)));
      }
    }
    return at + len;
  }

  /**
   * Eight four-bit codes (the first in the low bits) as eight ASCII characters (the first in the low byte),
   * without a table: each code is spread to a byte of its own, then '0' is added, 13 taken off codes from 10
   * on ('-', '.') and 22 added back to codes from 12 on ('E'). A byte never carries into the next: codes are
   * at most 15.
   */
  static long ascii(int codes) {
    long x = codes & 0xFFFFFFFFL;
    x = (x | x << 16) & 0x0000FFFF0000FFFFL;
    x = (x | x << 8) & 0x00FF00FF00FF00FFL;
    x = (x | x << 4) & 0x0F0F0F0F0F0F0F0FL;
    long from10 = (x + 0x7676767676767676L) >>> 7 & 0x0101010101010101L; // 1 in each byte holding 10 or more
    long from12 = (x + 0x7474747474747474L) >>> 7 & 0x0101010101010101L;
    return x + 0x3030303030303030L + 22 * from12 - 13 * from10;
  }

  public long heapBytes() {
    return packed == null ? 64 : 16L + 16 + packed.length;
  }

  /** The text the writer gives {@code ac / an}, by the installed rules; null if it makes none. */
  static byte[] format(int ac, int an) {
    return TextRules.installed().frequencyText(ac, an);
  }

  /**
   * Collects each row's whole-cohort AC and AN, in row order, formatting each distinct pair once. Not
   * thread-safe.
   */
  public static final class Builder {
    private final byte[] packed;
    /** Packed texts by pair: a contig has far fewer distinct pairs than rows (AN varies only with missing calls). */
    private final Map<Long, byte[]> made = new HashMap<>();

    /** For {@code rows} rows; a row not given a pair has no text. */
    public Builder(int rows) {
      this.packed = new byte[rows * ROW + 3]; // the last row's last characters are read as an int
    }

    /** Row {@code r}'s pair (no text when AN is 0, which has no frequency). */
    public void set(int r, int ac, int an) {
      if (an == 0) {
        return;
      }
      // a Long's hash is its halves XORed, and ac ^ an takes few values (both below 2^13 at 2,504 samples), so
      // keyed by (ac, an) itself a contig's pairs crowded into tree bins (seen in a build's profile): AN times an
      // odd constant is one-to-one on 32 bits, so the key still names one pair, and its hash is spread
      long key = (long) ac << 32 | (an * 0x9E3779B9 & 0xFFFFFFFFL);
      byte[] entry = made.computeIfAbsent(key, k -> pack(format(ac, an)));
      System.arraycopy(entry, 0, packed, r * ROW, ROW);
    }

    /** Row {@code r}'s text as given (another decimal than an af: {@link CohortStats}); null: none. */
    void setText(int r, byte[] text) {
      if (text != null) {
        System.arraycopy(pack(text), 0, packed, r * ROW, ROW);
      }
    }

    public AfTexts build() {
      return new AfTexts(packed, null);
    }

    /** A row's {@value #ROW} bytes; all zero (no text) for a text too long or with other characters. */
    static byte[] pack(byte[] text) {
      byte[] row = new byte[ROW];
      if (text == null || text.length > MAX_TEXT) {
        return row;
      }
      for (int i = 0; i < text.length; i++) {
        int code = text[i] < 0 ? 0 : CODES[text[i]];
        if (code == 0) {
          return new byte[ROW];
        }
        row[1 + (i >> 1)] |= (byte) ((code - 1) << ((i & 1) * 4));
      }
      row[0] = (byte) text.length;
      return row;
    }
  }
}
