package org.dasgrid.core.genotype.internal.store;

import java.nio.charset.StandardCharsets;
import org.dasgrid.core.genotype.TextRules;
import org.dasgrid.core.genotype.internal.column.ByteColumn;
import org.dasgrid.core.genotype.internal.column.IntColumn;
import org.dasgrid.core.genotype.internal.column.LongColumn;

/**
 * The text of one contig's rows: each row's ID, REF and ALT, UTF-8, tab-separated, in one byte pool from {@link
 * #textStart} to {@link #textEnd}, with {@link TextRules#slack} bytes after the last row; beside it the byte
 * lengths of each row's ID and REF ({@link #LONG_PART} when longer than 254), so that a writer copies the three
 * parts without first looking for the tabs between them, and one bit per row saying its text is plain.
 */
public final class RowText {
  /** A part length that says: look for the tab. */
  static final int LONG_PART = 255;

  final IntColumn textStart;
  final ByteColumn text;
  final ByteColumn idLength;
  final ByteColumn refLength;
  /** One bit per row: its text is plain ({@link #plainText}). */
  final LongColumn plainText;

  RowText(IntColumn textStart, ByteColumn text, ByteColumn idLength, ByteColumn refLength, LongColumn plainText) {
    this.textStart = textStart;
    this.text = text;
    this.idLength = idLength;
    this.refLength = refLength;
    this.plainText = plainText;
  }

  /** The text of {@code size} rows as the builder made it: computes the part lengths and plain bits. */
  static RowText of(int size, int[] textStart, byte[] text) {
    byte[] idLengths = new byte[size];
    byte[] refLengths = new byte[size];
    long[] plain = new long[(size + 63) >>> 6];
    TextRules rules = TextRules.installed();
    boolean slack = text.length - textStart[size] >= rules.slack();
    for (int r = 0; r < size; r++) {
      int idEnd = tabFrom(text, textStart[r]);
      int refEnd = tabFrom(text, idEnd + 1);
      idLengths[r] = partLength(idEnd - textStart[r]);
      refLengths[r] = partLength(refEnd - idEnd - 1);
      boolean lengthsKept = (idLengths[r] & 0xFF) != LONG_PART && (refLengths[r] & 0xFF) != LONG_PART;
      if (slack && lengthsKept && rules.isPlain(text, textStart[r], idEnd)
          && rules.isPlain(text, idEnd + 1, refEnd) && rules.isPlain(text, refEnd + 1, textStart[r + 1])) {
        plain[r >>> 6] |= 1L << r;
      }
    }
    return new RowText(IntColumn.of(textStart), ByteColumn.of(text), ByteColumn.of(idLengths),
        ByteColumn.of(refLengths), LongColumn.of(plain));
  }

  /**
   * The text pool as an array when it is on the heap, for the analytics' text filters; null for a mapped pool
   * (they copy the row's own bytes then).
   */
  public byte[] textBytes() {
    return text.array();
  }

  public ByteColumn text() {
    return text;
  }

  public int textStart(int row) {
    return textStart.get(row);
  }

  public int textEnd(int row) {
    return textStart.get(row + 1);
  }

  /** Where the row's ID ends in {@link #text} (at the tab before REF). */
  public int idEnd(int row) {
    int length = idLength.get(row) & 0xFF;
    return length != LONG_PART ? textStart.get(row) + length : tabFrom(textStart.get(row));
  }

  /** Where the row's REF ends (at the tab before ALT), given {@link #idEnd}. */
  public int refEnd(int row, int idEnd) {
    int length = refLength.get(row) & 0xFF;
    return length != LONG_PART ? idEnd + 1 + length : tabFrom(idEnd + 1);
  }

  /** See {@link org.dasgrid.core.genotype.PrecomputedText#plainText}. */
  public boolean plainText(int row) {
    return (plainText.get(row >>> 6) & 1L << row) != 0;
  }

  /**
   * Whether the pool's bytes {@code [from, to)} decode to {@code s}, as {@code new String(bytes, UTF_8).equals(s)}
   * would say, without making the String: an ASCII {@code s} is compared char by byte (its UTF-8 is its chars);
   * any other is decoded and compared.
   */
  public boolean textEquals(int from, int to, String s) {
    int n = s.length();
    if (to - from == n) {
      for (int i = 0; i < n; i++) {
        char ch = s.charAt(i);
        if (ch >= 0x80) {
          return decoded(from, to).equals(s);
        }
        if (text.get(from + i) != (byte) ch) {
          return false;
        }
      }
      return true;
    }
    for (int i = 0; i < n; i++) {
      if (s.charAt(i) >= 0x80) {
        return decoded(from, to).equals(s);
      }
    }
    return false; // ASCII: as many bytes as chars
  }

  private String decoded(int from, int to) {
    byte[] b = new byte[to - from];
    text.copy(from, b, 0, b.length);
    return new String(b, StandardCharsets.UTF_8);
  }

  /** ID, REF and ALT of a row. */
  public String[] text(int row) {
    int from = textStart.get(row);
    int t1 = idEnd(row);
    int t2 = refEnd(row, t1);
    int to = textStart.get(row + 1);
    byte[] b = new byte[to - from];
    text.copy(from, b, 0, b.length);
    return new String[] {
      new String(b, 0, t1 - from, StandardCharsets.UTF_8),
      new String(b, t1 + 1 - from, t2 - t1 - 1, StandardCharsets.UTF_8),
      new String(b, t2 + 1 - from, to - t2 - 1, StandardCharsets.UTF_8)
    };
  }

  private int tabFrom(int i) {
    while (text.get(i) != '\t') {
      i++;
    }
    return i;
  }

  private static int tabFrom(byte[] text, int i) {
    while (text[i] != '\t') {
      i++;
    }
    return i;
  }

  private static byte partLength(int length) {
    return (byte) Math.min(length, LONG_PART);
  }
}
