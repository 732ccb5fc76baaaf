package org.dasgrid.core.genotype.internal.store;

import java.nio.charset.StandardCharsets;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.dgi.RowColumns;
import org.dasgrid.core.genotype.TextRules;
import org.dasgrid.core.genotype.internal.column.BlockCounts;
import org.dasgrid.core.genotype.internal.column.ByteColumn;
import org.dasgrid.core.genotype.internal.column.IntColumn;
import org.dasgrid.core.genotype.internal.column.IntList;
import org.dasgrid.core.genotype.internal.column.LongColumn;
import org.dasgrid.core.genotype.internal.sets.SampleSets;

/**
 * The rows (ALT alleles) of one contig in primitive arrays, sorted by position, then ALT, then REF, then file
 * order. A row's text (ID, REF, ALT) lives in one byte pool; its sets are handles into {@link SampleSets};
 * its AC and AN corrections are offsets into the engine's correction pool (-1 for none).
 *
 * <p>Overlap search: a row overlaps {@code [start, stop]} when {@code pos <= stop && end >= start}. Rows are
 * sorted by {@code pos}, so a scan may start at the first row with {@code pos >= start - LONG_SPAN + 1}, as
 * long as the few rows spanning more than {@code LONG_SPAN} bases (large deletions, SVs) are checked from
 * their own list.
 */
public final class ContigRows {
  public static final int LONG_SPAN = 1024;
  /** A part length that says: look for the tab. */
  private static final int LONG_PART = 255;
  /** A row without whole-cohort counts: het and hom both 65,535, which no cohort that has them can hold. */
  public static final long NO_COUNTS = -1L;
  /** Rows per block of precomputed per-sample counts; at most 255, so a count fits a byte. */
  public static final int BLOCK = 255;
  /** Blocks per superblock (4,080 rows). */
  public static final int SUPER = 16;

  public final String name;
  public final int size;
  private final IntColumn pos;
  private final IntColumn end;
  private final IntColumn het;
  private final IntColumn hom;
  private final IntColumn acFix;
  private final IntColumn anFix;
  private final ByteColumn ploidy;
  /**
   * Every row's ploidy when they all share one (an autosome's 2), else 0: a whole-cohort scan then reads no
   * ploidy byte per row, which from a mapped index is a bounds-checked buffer read (issue 17, TP53 hom
   * unlimited: the mapped engine's per-row reads made it 1.65× the heap engine).
   */
  private final int uniformPloidy;
  private final IntColumn textStart;
  private final ByteColumn text;
  /**
   * Per row, the byte lengths of its ID and REF ({@link #LONG_PART} when longer than 254), so that a writer
   * copies the three parts without first looking for the tabs between them.
   */
  private final ByteColumn idLength;
  private final ByteColumn refLength;
  /** One bit per row: its text is plain ({@link #plainText}). */
  private final LongColumn plainText;
  /**
   * One bit per row: whether any sample is het (hom) for it, so a whole-cohort scan of a gene skips the rows
   * nobody carries 64 at a time instead of reading each one's set handle.
   */
  private final LongColumn anyHet;
  private final LongColumn anyHom;
  private final IntColumn longRows;
  /**
   * Per row, its counts over the whole cohort, so whole-cohort answers read one long per row instead of the
   * sizes of two sets and two correction entries elsewhere in memory: het count (bits 0-15), hom count
   * (16-31), AC minus het + ploidy × hom (32-47, signed) and AN minus ploidy × cohort (48-63, signed); {@link
   * #NO_COUNTS} for a row whose corrections do not fit 16 bits. Null for cohorts over 65,535 samples.
   */
  private final LongColumn cohortCounts;
  /** Per block of {@link #BLOCK} rows, each sample's het (hom) count as an unsigned byte, where kept. */
  private final BlockCounts hetBlocks;
  private final BlockCounts homBlocks;
  /**
   * Per superblock of {@link #SUPER} consecutive blocks that all keep counts, the sums of their counts (at most
   * 4,080, a char): a gene of tens of thousands of rows costs a few superblock additions.
   */
  private final BlockCounts hetSupers;
  private final BlockCounts homSupers;

  /** The rows of a contig as the builder made them (sorted); computes the rest from them and the sets. */
  public ContigRows(String name, int size, int[] pos, int[] end, int[] het, int[] hom, int[] acFix, int[] anFix,
      byte[] ploidy, int[] textStart, byte[] text, SampleSets sets, Corrections fixes, SampleSelection everyone) {
    this.name = name;
    this.size = size;
    this.pos = IntColumn.of(pos);
    this.end = IntColumn.of(end);
    this.het = IntColumn.of(het);
    this.hom = IntColumn.of(hom);
    this.acFix = IntColumn.of(acFix);
    this.anFix = IntColumn.of(anFix);
    this.ploidy = ByteColumn.of(ploidy);
    this.uniformPloidy = uniformPloidy(this.ploidy, size);
    this.textStart = IntColumn.of(textStart);
    this.text = ByteColumn.of(text);
    this.anyHet = LongColumn.of(nonEmpty(het, size));
    this.anyHom = LongColumn.of(nonEmpty(hom, size));
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
    this.idLength = ByteColumn.of(idLengths);
    this.refLength = ByteColumn.of(refLengths);
    this.plainText = LongColumn.of(plain);
    IntList longOnes = new IntList();
    for (int r = 0; r < size; r++) {
      if ((long) end[r] - pos[r] >= LONG_SPAN) {
        longOnes.add(r);
      }
    }
    this.longRows = IntColumn.of(longOnes.toArray());
    this.cohortCounts = sets.cohortSize() <= 0xFFFF
        ? LongColumn.of(cohortCounts(size, het, hom, acFix, anFix, sets, fixes, everyone)) : null;
    int blocks = (size + BLOCK - 1) / BLOCK;
    byte[][] hetCounts = new byte[blocks][];
    byte[][] homCounts = new byte[blocks][];
    for (int b = 0; b < blocks; b++) {
      tallyBlock(b, size, het, hom, sets, hetCounts, homCounts);
    }
    char[][] hetSums = new char[size / (SUPER * BLOCK)][];
    char[][] homSums = new char[hetSums.length][];
    for (int sb = 0; sb < hetSums.length; sb++) {
      hetSums[sb] = sum(hetCounts, sb * SUPER);
      homSums[sb] = sum(homCounts, sb * SUPER);
    }
    this.hetBlocks = BlockCounts.ofBytes(hetCounts);
    this.homBlocks = BlockCounts.ofBytes(homCounts);
    this.hetSupers = BlockCounts.ofChars(hetSums);
    this.homSupers = BlockCounts.ofChars(homSums);
  }

  /** A contig without rows (one an index reader left out keeps its place so). */
  public static ContigRows empty(String name, SampleSets sets, Corrections fixes, SampleSelection everyone) {
    return new ContigRows(name, 0, new int[0], new int[0], new int[0], new int[0], new int[0], new int[0],
        new byte[0], new int[1], new byte[TextRules.installed().slack()], sets, fixes, everyone);
  }

  /** Every part given, as an index file holds them (mapped). */
  public ContigRows(String name, int size, RowColumns c) {
    this.name = name;
    this.size = size;
    this.pos = c.pos();
    this.end = c.end();
    this.het = c.het();
    this.hom = c.hom();
    this.acFix = c.acFix();
    this.anFix = c.anFix();
    this.ploidy = c.ploidy();
    this.uniformPloidy = uniformPloidy(c.ploidy(), size);
    this.textStart = c.textStart();
    this.text = c.text();
    this.idLength = c.idLength();
    this.refLength = c.refLength();
    this.plainText = c.plainText();
    this.anyHet = c.anyHet();
    this.anyHom = c.anyHom();
    this.longRows = c.longRows();
    this.cohortCounts = c.cohortCounts();
    this.hetBlocks = c.hetBlocks();
    this.homBlocks = c.homBlocks();
    this.hetSupers = c.hetSupers();
    this.homSupers = c.homSupers();
  }

  /** This contig's parts, for writing them to an index file. */
  public RowColumns columns() {
    return new RowColumns(pos, end, het, hom, acFix, anFix, ploidy, textStart, text, idLength, refLength, plainText,
        anyHet, anyHom, longRows, cohortCounts, hetBlocks, homBlocks, hetSupers, homSupers);
  }

  private static long[] cohortCounts(int size, int[] het, int[] hom, int[] acFix, int[] anFix, SampleSets sets,
      Corrections fixes, SampleSelection everyone) {
    long[] counts = new long[size];
    for (int r = 0; r < size; r++) {
      int acDelta = fixes.sum(acFix[r], everyone, sets);
      int anDelta = fixes.sum(anFix[r], everyone, sets);
      counts[r] = acDelta == (short) acDelta && anDelta == (short) anDelta
          ? sets.cardinality(het[r]) | (long) sets.cardinality(hom[r]) << 16 | (acDelta & 0xFFFFL) << 32
              | (long) anDelta << 48
          : NO_COUNTS;
    }
    return counts;
  }

  /** How many of the rows' het and hom sets have each form: [empty, inline, Roaring, dense]. */
  public long[] formCounts() {
    long[] c = new long[4];
    for (int r = 0; r < size; r++) {
      c[het.get(r) & 3]++;
      c[hom.get(r) & 3]++;
    }
    return c;
  }

  public int pos(int r) {
    return pos.get(r);
  }

  public int end(int r) {
    return end.get(r);
  }

  /** The handle of the row's het set in {@link SampleSets}. */
  public int hetSet(int r) {
    return het.get(r);
  }

  public int homSet(int r) {
    return hom.get(r);
  }

  /** The row's AC correction entry ({@link Corrections}), -1 for none. */
  public int acFix(int r) {
    return acFix.get(r);
  }

  public int anFix(int r) {
    return anFix.get(r);
  }

  public int ploidy(int r) {
    return uniformPloidy != 0 ? uniformPloidy : ploidy.get(r);
  }

  /** The ploidy all {@code size} rows share, 0 if they differ (or there are none). */
  private static int uniformPloidy(ByteColumn ploidy, int size) {
    if (size == 0) {
      return 0;
    }
    byte first = ploidy.get(0);
    for (int r = 1; r < size; r++) {
      if (ploidy.get(r) != first) {
        return 0;
      }
    }
    return first;
  }

  /** Row {@code r}'s whole-cohort counts, or {@link #NO_COUNTS}: read them with the methods below. */
  public long cohortCounts(int r) {
    return cohortCounts == null ? NO_COUNTS : cohortCounts.get(r);
  }

  public static int het(long counts) {
    return (int) counts & 0xFFFF;
  }

  public static int hom(long counts) {
    return (int) (counts >>> 16) & 0xFFFF;
  }

  public static int acDelta(long counts) {
    return (short) (counts >>> 32);
  }

  public static int anDelta(long counts) {
    return (short) (counts >>> 48);
  }

  /**
   * Precomputes a block's per-sample counts when adding them (two passes over the cohort) is cheaper than
   * adding the block's calls one by one: the samples query then costs per block, not per call.
   */
  private static void tallyBlock(int b, int size, int[] het, int[] hom, SampleSets sets, byte[][] hetBlocks,
      byte[][] homBlocks) {
    int from = b * BLOCK;
    int to = Math.min(size, from + BLOCK);
    long calls = 0;
    for (int r = from; r < to; r++) {
      calls += sets.cardinality(het[r]) + sets.cardinality(hom[r]);
    }
    int cohort = sets.cohortSize();
    if (calls < 4L * cohort) {
      return;
    }
    int[] h = new int[cohort];
    int[] o = new int[cohort];
    for (int r = from; r < to; r++) {
      sets.addTo(het[r], h);
      sets.addTo(hom[r], o);
    }
    hetBlocks[b] = toBytes(h);
    homBlocks[b] = toBytes(o);
  }

  /** The sums of blocks {@code [first, first + SUPER)}, or null if one of them keeps no counts. */
  private static char[] sum(byte[][] blockCounts, int first) {
    for (int b = first; b < first + SUPER; b++) {
      if (blockCounts[b] == null) {
        return null;
      }
    }
    char[] sum = new char[blockCounts[first].length];
    for (int b = first; b < first + SUPER; b++) {
      byte[] counts = blockCounts[b];
      for (int i = 0; i < sum.length; i++) {
        sum[i] += (char) (counts[i] & 0xFF);
      }
    }
    return sum;
  }

  private static byte[] toBytes(int[] counts) {
    byte[] out = new byte[counts.length];
    for (int i = 0; i < counts.length; i++) {
      out[i] = (byte) counts[i];
    }
    return out;
  }

  /**
   * Adds each sample's het and hom counts over rows {@code [from, to)} to {@code het}/{@code hom}, from the
   * block counts where a whole block is covered and row by row elsewhere.
   */
  public void tally(int from, int to, SampleSets sets, int[] het, int[] hom) {
    int r = from;
    while (r < to) {
      int sb = r / (SUPER * BLOCK);
      int superEnd = (sb + 1) * SUPER * BLOCK;
      if (r == sb * SUPER * BLOCK && superEnd <= to && sb < hetSupers.blocks() && hetSupers.has(sb)) {
        hetSupers.addTo(sb, het);
        homSupers.addTo(sb, hom);
        r = superEnd;
        continue;
      }
      int b = r / BLOCK;
      int blockEnd = Math.min(size, (b + 1) * BLOCK);
      if (r == b * BLOCK && blockEnd <= to && hetBlocks.has(b)) {
        hetBlocks.addTo(b, het);
        homBlocks.addTo(b, hom);
        r = blockEnd;
      } else {
        sets.addTo(this.het.get(r), het);
        sets.addTo(this.hom.get(r), hom);
        r++;
      }
    }
  }

  /** Receives the rows of a scan; returning false stops it. */
  public interface RowVisitor {
    boolean visit(int row);

    /** Rows {@code [from, to)}, consecutive and all overlapping the range; one at a time by default. */
    default boolean visitRun(int from, int to) {
      for (int r = from; r < to; r++) {
        if (!visit(r)) {
          return false;
        }
      }
      return true;
    }
  }

  /**
   * Visits, in row order and each once, the rows overlapping any of the ranges; {@code starts}/{@code stops}
   * are sorted and disjoint. The rows starting inside a range come as one run. Returns false if the visitor
   * stopped the scan.
   */
  public boolean scan(int[] starts, int[] stops, int ranges, RowVisitor visitor) {
    int watermark = 0; // rows below it were already considered for an earlier range
    for (int k = 0; k < ranges; k++) {
      int start = starts[k];
      int stop = stops[k];
      int from = Math.max(watermark, firstAtOrAfter((int) Math.max(Integer.MIN_VALUE, (long) start - LONG_SPAN + 1)));
      for (int i = firstLongAtOrAfter(watermark); i < longRows.length() && longRows.get(i) < from; i++) {
        int r = longRows.get(i);
        if (end.get(r) >= start && !visitor.visit(r)) {
          return false;
        }
      }
      int inside = Math.max(from, firstAtOrAfter(start));
      for (int r = from; r < inside; r++) {
        if (end.get(r) >= start && !visitor.visit(r)) {
          return false;
        }
      }
      int to = stop == Integer.MAX_VALUE ? size : firstAtOrAfter(stop + 1);
      if (inside < to && !visitor.visitRun(inside, to)) {
        return false;
      }
      watermark = Math.max(watermark, to);
    }
    return true;
  }

  /** The first row with {@code pos >= p}. */
  public int firstAtOrAfter(int p) {
    return pos.lowerBound(0, size, p);
  }

  /** The first entry of {@link #longRows} at or after {@code row}. */
  private int firstLongAtOrAfter(int row) {
    return longRows.lowerBound(0, longRows.length(), row);
  }

  /**
   * The text pool: each row's ID, REF and ALT, UTF-8, tab-separated, from {@link #textStart} to {@link
   * #textEnd}, with {@link TextRules#slack} bytes after the last row.
   */
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

  private static long[] nonEmpty(int[] sets, int size) {
    long[] bits = new long[(size + 63) >>> 6];
    for (int r = 0; r < size; r++) {
      if (sets[r] != SampleSets.EMPTY) {
        bits[r >>> 6] |= 1L << r;
      }
    }
    return bits;
  }

  /**
   * The first row in {@code [from, to)} at or after {@code from} for which some sample is het (if {@code het})
   * or hom (if {@code hom}); {@code to} if none.
   */
  public int nextCarried(int from, int to, boolean het, boolean hom) {
    if (from >= to) {
      return to;
    }
    int w = from >>> 6;
    long bits = carriedWord(w, het, hom) & (-1L << from);
    int last = (to - 1) >>> 6;
    while (bits == 0) {
      if (++w > last) {
        return to;
      }
      bits = carriedWord(w, het, hom);
    }
    return Math.min(to, (w << 6) + Long.numberOfTrailingZeros(bits));
  }

  /** How many rows in {@code [from, to)} some sample is het (if {@code het}) or hom (if {@code hom}) for. */
  public int countCarried(int from, int to, boolean het, boolean hom) {
    if (from >= to) {
      return 0;
    }
    int first = from >>> 6;
    int last = (to - 1) >>> 6;
    int n = 0;
    for (int w = first; w <= last; w++) {
      long bits = carriedWord(w, het, hom);
      if (w == first) {
        bits &= -1L << from;
      }
      if (w == last) {
        bits &= -1L >>> (63 - ((to - 1) & 63));
      }
      n += Long.bitCount(bits);
    }
    return n;
  }

  /**
   * Rows {@code 64w} to {@code 64w + 63}, one bit each: some sample is het (if {@code het}) or hom (if {@code
   * hom}) for it. For a caller walking many carried rows, which then reads each word once rather than once a row
   * as {@link #nextCarried} does.
   */
  public long carriedWord(int w, boolean het, boolean hom) {
    return (het ? anyHet.get(w) : 0) | (hom ? anyHom.get(w) : 0);
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

  /** See {@link org.dasgrid.core.genotype.PrecomputedText#plainText}. */
  public boolean plainText(int row) {
    return (plainText.get(row >>> 6) & 1L << row) != 0;
  }

  private static byte partLength(int length) {
    return (byte) Math.min(length, LONG_PART);
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

  /** Heap held by the rows (an estimate, array headers included); mapped rows hold next to none. */
  public long heapBytes(int cohort) {
    if (text.array() == null) {
      return 512;
    }
    long blocks = 8L * (hetSupers.blocks() + hetBlocks.blocks());
    for (int b = 0; b < hetBlocks.blocks(); b++) {
      if (hetBlocks.has(b)) {
        blocks += 2L * (16 + cohort);
      }
    }
    for (int sb = 0; sb < hetSupers.blocks(); sb++) {
      if (hetSupers.has(sb)) {
        blocks += 2L * (16 + 2L * cohort);
      }
    }
    long counts = cohortCounts == null ? 0 : 16 + 8L * size;
    long carried = 3L * 8 * ((size + 63) >>> 6); // and the plain-text bits
    return 11L * 16 + size * (6L * 4 + 3) + carried + textStart.length() * 4L + text.length()
        + longRows.length() * 4L + 64 + blocks + counts;
  }
}
