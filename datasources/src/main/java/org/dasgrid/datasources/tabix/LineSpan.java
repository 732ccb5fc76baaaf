package org.dasgrid.datasources.tabix;

import htsjdk.tribble.index.tabix.TabixFormat;

/**
 * The reference and 1-based range of an indexed line, read from the columns the tabix preset names, as
 * tabix itself reads them (htslib {@code tbx_parse1}): enough to skip lines outside a query without decoding
 * them. VCF lines have no end column (the end depends on REF and INFO/END), so only their start is read.
 */
final class LineSpan {
  private final int seqColumn;
  private final int begColumn;
  private final int endColumn;
  private final boolean zeroBased;
  private final boolean hasEnd;

  String ref;
  int start;
  /** The end, or {@link Integer#MAX_VALUE} when the preset has no end column. */
  int end;

  LineSpan(TabixFormat format) {
    this.seqColumn = format.sequenceColumn;
    this.begColumn = format.startPositionColumn;
    this.endColumn = format.endPositionColumn;
    this.zeroBased = (format.flags & TabixFormat.UCSC_FLAGS) != 0;
    this.hasEnd = (format.flags & 0xffff) != TabixFormat.VCF_FLAGS && endColumn > 0 && endColumn != begColumn;
  }

  /** Reads a line's span; false if the line has too few columns or a non-numeric position. */
  boolean read(String line) {
    ref = null;
    start = -1;
    end = Integer.MAX_VALUE;
    int column = 1;
    int from = 0;
    int n = line.length();
    while (from <= n) {
      int tab = line.indexOf('\t', from);
      int to = tab < 0 ? n : tab;
      if (column == seqColumn) {
        ref = line.substring(from, to);
      } else if (column == begColumn) {
        start = number(line, from, to);
        if (start < 0) {
          return false;
        }
        start += zeroBased ? 1 : 0;
      } else if (hasEnd && column == endColumn) {
        end = number(line, from, to);
        if (end < 0) {
          return false;
        }
      }
      if (tab < 0 || column >= Math.max(seqColumn, hasEnd ? Math.max(begColumn, endColumn) : begColumn)) {
        break;
      }
      column++;
      from = tab + 1;
    }
    if (ref == null || start < 0) {
      return false;
    }
    if (end < start) {
      end = start; // tabix gives an empty BED interval one base, so the line is found by a query on it
    }
    return true;
  }

  private static int number(String s, int from, int to) {
    if (from >= to || to - from > 10) {
      return -1;
    }
    long v = 0;
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      v = v * 10 + (c - '0');
    }
    return v > Integer.MAX_VALUE ? -1 : (int) v;
  }
}
