package org.dasgrid.datasources.gff;

import htsjdk.tribble.readers.LineIterator;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The lines of a GFF3 file as htsjdk's codec reads them, keeping what the codec does not give back: the line
 * number and raw text of the record just decoded (for error messages and the score/phase columns), and the
 * {@code ##sequence-region} lengths.
 *
 * <p>htsjdk decodes attribute values with {@link java.net.URLDecoder}, which turns a literal {@code +} into a
 * space (GFF3 only escapes with {@code %XX}), so {@code Target=X 1 10 +} would lose its strand. Column 9 is
 * passed on with {@code +} escaped as {@code %2B}, which the codec then decodes back to {@code +}. Reading
 * stops at {@code ##FASTA}.
 */
final class GffLines implements LineIterator {
  private final BufferedReader reader;
  private final Map<String, Integer> sequenceRegions = new LinkedHashMap<>();
  private String nextRaw;
  private String nextCooked;
  private long nextNumber;
  private String lastRaw;
  private long lastNumber;

  GffLines(BufferedReader reader) {
    this.reader = reader;
    advance();
  }

  private void advance() {
    try {
      nextRaw = reader.readLine();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    nextNumber++;
    if (nextRaw == null || nextRaw.startsWith("##FASTA")) {
      nextRaw = null;
      nextCooked = null;
      return;
    }
    if (nextRaw.startsWith("##sequence-region")) {
      String[] p = nextRaw.trim().split("\\s+");
      if (p.length >= 4) {
        try {
          sequenceRegions.merge(p[1], Integer.parseInt(p[3]), Math::max);
        } catch (NumberFormatException e) {
          // a malformed directive does not stop the load; the contig length then comes from the features
        }
      }
    }
    nextCooked = escapePlusInAttributes(nextRaw);
  }

  static String escapePlusInAttributes(String line) {
    if (line.isEmpty() || line.charAt(0) == '#' || line.indexOf('+') < 0) {
      return line;
    }
    int tab = -1;
    for (int i = 0; i < 8; i++) {
      tab = line.indexOf('\t', tab + 1);
      if (tab < 0) {
        return line;
      }
    }
    String attrs = line.substring(tab + 1);
    if (attrs.indexOf('+') < 0) {
      return line;
    }
    return line.substring(0, tab + 1) + attrs.replace("+", "%2B");
  }

  @Override
  public String peek() {
    return nextCooked;
  }

  @Override
  public boolean hasNext() {
    return nextCooked != null;
  }

  @Override
  public String next() {
    if (nextCooked == null) {
      throw new java.util.NoSuchElementException();
    }
    String cooked = nextCooked;
    lastRaw = nextRaw;
    lastNumber = nextNumber;
    checkColumns(lastRaw);
    advance();
    return cooked;
  }

  /**
   * Checks columns 1-8 of a feature line before htsjdk sees it: its messages for bad columns are vague
   * (a bad score is reported as a bad start/end), ours name the column.
   */
  private static void checkColumns(String line) {
    if (line.isEmpty() || line.charAt(0) == '#') {
      return;
    }
    String[] cols = GffColumns.split(line, 9);
    if (cols.length < 9) {
      throw new GffColumns.BadColumn("expected 9 tab-separated columns, found " + cols.length);
    }
    if (cols[0].isEmpty()) {
      throw new GffColumns.BadColumn("empty reference name");
    }
    GffColumns.checkRange(GffColumns.coordinate(cols[3], "start"), GffColumns.coordinate(cols[4], "end"));
    GffColumns.score(cols[5]);
    GffColumns.strand(cols[6]);
    GffColumns.phase(cols[7]);
  }

  /** The raw text of the line most recently consumed. */
  String lastLine() {
    return lastRaw;
  }

  /** The 1-based number of the line most recently consumed. */
  long lastLineNumber() {
    return lastNumber;
  }

  Map<String, Integer> sequenceRegions() {
    return sequenceRegions;
  }
}
