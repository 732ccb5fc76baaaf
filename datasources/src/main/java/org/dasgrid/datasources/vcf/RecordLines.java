package org.dasgrid.datasources.vcf;

import java.io.IOException;

/**
 * The record lines of a VCF's body as an index build reads them ({@link DirectReader}, {@link
 * ParseAheadReader}): empty lines passed over, a header line refused, the lines before the range being read
 * skipped and its end met ({@link VcfRanges.Window}). A record's line end is not looked for first: the reader
 * finds it after the record's last sample column ({@link GenotypeColumns#parseToLineEnd}) and says so ({@link
 * #endAt}), so the bytes of a line are read once (the search for line ends was a tenth of a build's parsing,
 * docs/bench-log/2026-12-02-build3.md); for any other line it is found here ({@link #findEnd}). Not thread-safe.
 */
final class RecordLines {
  private final ByteLines lines;
  private final VcfRanges.Window window;
  /** The current line's end once known, else -1. */
  private int end;
  private boolean reachedWindowEnd;

  /** @param window the range of the VCF to read (null: every record) */
  RecordLines(ByteLines lines, VcfRanges.Window window) {
    this.lines = lines;
    this.window = window;
  }

  /**
   * Moves to the next record in the range; false at the end of the input or of the range (then {@link
   * #finish}). Fails with a {@link VcfFormatException} on a header line, with an {@link IOException} when the
   * records do not start or end where the range says ({@link VcfRanges.Mismatch}).
   */
  boolean next() throws IOException {
    while (lines.nextStart()) {
      byte[] b = lines.buffer();
      int from = lines.start();
      end = -1;
      if (b[from] == '#' || b[from] == '\n' || b[from] == '\r') {
        if (findEnd() == from) {
          continue; // an empty line
        }
        if (b[from] == '#') {
          throw new VcfFormatException("header line after the first record");
        }
      }
      if (window != null) {
        int place = window.place(b, from, end >= 0 ? end : lines.limit());
        if (place < 0) {
          if (end < 0) {
            findEnd();
          }
          continue;
        }
        if (place > 0) {
          reachedWindowEnd = true;
          return false;
        }
      }
      return true;
    }
    return false;
  }

  /**
   * Parses the current record's fixed columns into {@code r}. Returns whether its sample columns are to be read
   * to the line's end ({@link GenotypeColumns#parseToLineEnd} from {@code r.samplesStart} to {@link #limit()},
   * then {@link #endAt}): a record with GT and sample columns, the common one; else the line's end has been
   * found ({@link #end()}) and the record is read as before.
   */
  boolean parseFixed(VcfLine r, int samples) {
    r.parse(lines.buffer(), lines.start(), end >= 0 ? end : lines.limit());
    if (end < 0 && r.hasGenotypes && r.hasSampleColumns && samples > 0) {
      return true;
    }
    if (end < 0) {
      findEnd();
    }
    return false;
  }

  byte[] buffer() {
    return lines.buffer();
  }

  int start() {
    return lines.start();
  }

  /** The line ends before this offset (after its newline, or at the input's end). */
  int limit() {
    return lines.limit();
  }

  /** The line's end (a {@code \r} before its newline not included) once known, else -1. */
  int end() {
    return end;
  }

  /** Finds the line's end by looking for its newline; returns it ({@link #end()}). */
  int findEnd() {
    int nl = ByteLines.newline(lines.buffer(), lines.start(), lines.limit());
    endAt(nl >= 0 ? nl : lines.limit());
    return end;
  }

  /** The line ends at {@code nl}: the offset of its newline, or {@link #limit()} for a last line without one. */
  void endAt(int nl) {
    lines.endAt(nl);
    end = lines.end();
  }

  /** 1-based line number of the current line. */
  long lineNumber() {
    return lines.lineNumber();
  }

  /** At the end of the records: fails when the input ended before the range's end (only the last range may). */
  void finish() throws VcfRanges.Mismatch {
    if (window != null && !reachedWindowEnd) {
      window.finish();
    }
  }
}
