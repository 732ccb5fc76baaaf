package org.dasgrid.datasources.export;

import htsjdk.samtools.util.BlockCompressedOutputStream;
import htsjdk.samtools.util.IOUtil;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Copies the records of a text file (BED, VCF; plain or gzipped) into a BGZF file sorted as tabix needs:
 * references in the source's order (others after them, in order of appearance), records by start. A file
 * already sorted (the usual case, and any file that had a tabix index) is streamed; only an unsorted one is
 * sorted in memory, which its source's loader has already held.
 */
final class SortedRecords {
  /** How to read one format's lines. */
  interface Format {
    /** The {@code #} lines and blank lines of VCF and BED: {@code #} lines the header, blank lines skipped. */
    Format HASH_HEADER = new Format() { };

    /** Whether the line is header (kept, in order, before the records) rather than a record or skipped. */
    default boolean isHeader(String line) {
      return line.startsWith("#");
    }

    /** Whether the line is neither header nor record (blanks; BED's {@code track}/{@code browser} lines). */
    default boolean isSkipped(String line) {
      return line.isBlank();
    }

    /** The record's reference (column 1). */
    default String ref(String line) {
      int tab = line.indexOf('\t');
      return tab < 0 ? line : line.substring(0, tab);
    }

    /** The record's start, comparable within a reference (column 2 for BED and VCF). */
    default int start(String line) {
      int a = line.indexOf('\t') + 1;
      int b = line.indexOf('\t', a);
      return Integer.parseInt(line.substring(a, b < 0 ? line.length() : b).trim());
    }
  }

  private SortedRecords() {}

  /**
   * Writes {@code header} lines (after {@code headerEdit}) and then the records of {@code in}, each passed
   * through {@code recordEdit}, into {@code gz}.
   */
  static void copy(Path in, Format format, List<String> refOrder, UnaryOperator<List<String>> headerEdit,
      UnaryOperator<String> recordEdit, Path gz) throws IOException {
    Map<String, Integer> rank = new HashMap<>();
    refOrder.forEach(r -> rank.putIfAbsent(r, rank.size()));
    boolean sorted = isSorted(in, format, rank);
    List<String> header = new ArrayList<>();
    List<String> records = sorted ? null : new ArrayList<>();
    // the writer closes the BGZF stream (once: a second close would write its end-of-file block again)
    try (Writer w = new java.io.BufferedWriter(new java.io.OutputStreamWriter(new BlockCompressedOutputStream(gz, 6,
            BlockCompressedOutputStream.getDefaultDeflaterFactory()), StandardCharsets.UTF_8), 1 << 16);
        BufferedReader r = reader(in)) {
      boolean headerWritten = false;
      String line;
      while ((line = r.readLine()) != null) {
        if (format.isSkipped(line)) {
          continue;
        }
        if (format.isHeader(line)) {
          header.add(line);
          continue;
        }
        if (!headerWritten) {
          writeLines(w, headerEdit.apply(header));
          headerWritten = true;
        }
        if (sorted) {
          w.write(recordEdit.apply(line));
          w.write('\n');
        } else {
          records.add(line);
        }
      }
      if (!headerWritten) {
        writeLines(w, headerEdit.apply(header));
      }
      if (!sorted) {
        Map<String, Integer> seen = new HashMap<>(rank);
        records.forEach(l -> seen.putIfAbsent(format.ref(l), seen.size()));
        // stable: records at one start keep the file's order
        records.sort(Comparator.<String>comparingInt(l -> seen.get(format.ref(l))).thenComparingInt(format::start));
        for (String l : records) {
          w.write(recordEdit.apply(l));
          w.write('\n');
        }
      }
    }
  }

  private static void writeLines(Writer w, List<String> lines) throws IOException {
    for (String l : lines) {
      w.write(l);
      w.write('\n');
    }
  }

  /** Whether each reference's records are together, references in the source's order, and starts ascending. */
  static boolean isSorted(Path in, Format format, Map<String, Integer> rank) throws IOException {
    Set<String> done = new HashSet<>();
    String ref = null;
    int lastRank = -1;
    int lastStart = Integer.MIN_VALUE;
    try (BufferedReader r = reader(in)) {
      String line;
      while ((line = r.readLine()) != null) {
        if (format.isSkipped(line) || format.isHeader(line)) {
          continue;
        }
        String lineRef = format.ref(line);
        if (!lineRef.equals(ref)) {
          if (ref != null) {
            done.add(ref);
          }
          Integer k = rank.get(lineRef);
          // a known reference must come after the previous known one; unknown ones after every known one
          int rk = k == null ? Integer.MAX_VALUE : k;
          if (done.contains(lineRef) || rk < lastRank) {
            return false;
          }
          lastRank = rk;
          ref = lineRef;
          lastStart = Integer.MIN_VALUE;
        }
        int start = format.start(line);
        if (start < lastStart) {
          return false;
        }
        lastStart = start;
      }
    }
    return true;
  }

  static BufferedReader reader(Path in) throws IOException {
    return new BufferedReader(new InputStreamReader(IOUtil.openFileForReading(in), StandardCharsets.UTF_8), 1 << 16);
  }
}
