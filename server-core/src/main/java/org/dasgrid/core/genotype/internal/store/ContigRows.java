package org.dasgrid.core.genotype.internal.store;

import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.TextRules;
import org.dasgrid.core.genotype.dgi.RowColumns;
import org.dasgrid.core.genotype.internal.column.ByteColumn;
import org.dasgrid.core.genotype.internal.column.IntColumn;
import org.dasgrid.core.genotype.internal.column.IntList;
import org.dasgrid.core.genotype.internal.column.LongColumn;
import org.dasgrid.core.genotype.internal.sets.SampleSets;

/**
 * The rows (ALT alleles) of one contig in primitive columns, sorted by position, then ALT, then REF, then file
 * order, and the overlap search over them. A row's sets are handles into {@link SampleSets}; its AC and AN
 * corrections are offsets into the engine's correction pool (-1 for none). What is derived from the rows lives
 * beside them, each in its own class: their text ({@link RowText}), the bits of the rows anyone carries ({@link
 * CarriedRows}), their packed whole-cohort counts ({@link CohortCounts}) and per-block per-sample tallies
 * ({@link BlockTallies}).
 *
 * <p>Overlap search: a row overlaps {@code [start, stop]} when {@code pos <= stop && end >= start}. Rows are
 * sorted by {@code pos}, so a scan may start at the first row with {@code pos >= start - LONG_SPAN + 1}, as
 * long as the few rows spanning more than {@code LONG_SPAN} bases (large deletions, SVs) are checked from
 * their own list.
 */
public final class ContigRows {
  public static final int LONG_SPAN = 1024;

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
  private final IntColumn longRows;
  private final RowText text;
  private final CarriedRows carried;
  /** Per row, packed as {@link CohortCounts#forCohort} says for the cohort's size; null in a format-3 file of 65,536 samples. */
  private final LongColumn cohortCounts;
  private final BlockTallies tallies;

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
    this.text = RowText.of(size, textStart, text);
    this.carried = CarriedRows.of(size, het, hom);
    IntList longOnes = new IntList();
    for (int r = 0; r < size; r++) {
      if ((long) end[r] - pos[r] >= LONG_SPAN) {
        longOnes.add(r);
      }
    }
    this.longRows = IntColumn.of(longOnes.toArray());
    this.cohortCounts = LongColumn.of(CohortCounts.of(size, het, hom, acFix, anFix, sets, fixes, everyone));
    this.tallies = BlockTallies.of(size, het, hom, sets);
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
    this.text = new RowText(c.textStart(), c.text(), c.idLength(), c.refLength(), c.plainText());
    this.carried = new CarriedRows(c.anyHet(), c.anyHom());
    this.longRows = c.longRows();
    this.cohortCounts = c.cohortCounts();
    this.tallies = new BlockTallies(c.hetBlocks(), c.homBlocks(), c.hetSupers(), c.homSupers());
  }

  /** This contig's parts, for writing them to an index file. */
  public RowColumns columns() {
    return new RowColumns(pos, end, het, hom, acFix, anFix, ploidy, text.textStart, text.text, text.idLength,
        text.refLength, text.plainText, carried.anyHet, carried.anyHom, longRows, cohortCounts, tallies.hetBlocks,
        tallies.homBlocks, tallies.hetSupers, tallies.homSupers);
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

  /** Row {@code r}'s whole-cohort counts, or {@link CohortCounts#NONE}: read them with {@link CohortCounts}. */
  public long cohortCounts(int r) {
    return cohortCounts == null ? CohortCounts.NONE : cohortCounts.get(r);
  }

  /** Adds each sample's het and hom counts over rows {@code [from, to)} to {@code het}/{@code hom}. */
  public void tally(int from, int to, SampleSets sets, int[] het, int[] hom) {
    tallies.tally(from, to, size, this.het, this.hom, sets, het, hom);
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

  /** The rows' ID, REF and ALT. */
  public RowText texts() {
    return text;
  }

  /** Which rows anyone carries, 64 at a time. */
  public CarriedRows carried() {
    return carried;
  }

  // The text questions asked most, answered by RowText (see there).

  public byte[] textBytes() {
    return text.textBytes();
  }

  public ByteColumn text() {
    return text.text();
  }

  public int textStart(int row) {
    return text.textStart(row);
  }

  public int textEnd(int row) {
    return text.textEnd(row);
  }

  public int idEnd(int row) {
    return text.idEnd(row);
  }

  public int refEnd(int row, int idEnd) {
    return text.refEnd(row, idEnd);
  }

  public boolean plainText(int row) {
    return text.plainText(row);
  }

  public boolean textEquals(int from, int to, String s) {
    return text.textEquals(from, to, s);
  }

  public String[] text(int row) {
    return text.text(row);
  }

  /** Heap held by the rows (an estimate, array headers included); mapped rows hold next to none. */
  public long heapBytes(int cohort) {
    if (text.textBytes() == null) {
      return 512;
    }
    long blocks = tallies.heapBytes(cohort);
    long counts = cohortCounts == null ? 0 : 16 + 8L * size;
    long carriedBits = 3L * 8 * ((size + 63) >>> 6); // and the plain-text bits
    return 11L * 16 + size * (6L * 4 + 3) + carriedBits + text.textStart.length() * 4L + text.text.length()
        + longRows.length() * 4L + 64 + blocks + counts;
  }
}
