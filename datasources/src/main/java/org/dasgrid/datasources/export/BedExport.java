package org.dasgrid.datasources.export;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A BED source's own file, bgzipped and sorted for tabix: every column kept (BED12 blocks too, which BED6 from
 * {@code features?format=bed} would lose); {@code track} and {@code browser} lines dropped, since tabix and the
 * browsers' BED readers would take them for records; {@code #} comments kept at the top; space-separated
 * lines written tab-separated, as tabix needs.
 */
final class BedExport {
  private BedExport() {}

  private static final SortedRecords.Format FORMAT = new SortedRecords.Format() {
    @Override
    public boolean isSkipped(String line) {
      return SortedRecords.Format.super.isSkipped(line) || isLine(line, "track") || isLine(line, "browser");
    }

    @Override
    public String ref(String line) {
      return SortedRecords.Format.super.ref(tabs(line));
    }

    @Override
    public int start(String line) {
      return SortedRecords.Format.super.start(tabs(line));
    }
  };

  private static boolean isLine(String line, String word) {
    return line.startsWith(word) && (line.length() == word.length() || Character.isWhitespace(line.charAt(word.length())));
  }

  private static String tabs(String line) {
    return line.indexOf('\t') >= 0 ? line : String.join("\t", line.trim().split("\\s+"));
  }

  static void write(Path bed, List<String> refOrder, Path gz, Path tbi) throws IOException {
    SortedRecords.copy(bed, FORMAT, refOrder, h -> h, BedExport::tabs, gz);
    TabixIndexer.index(gz, TabixIndexer.Columns.BED, tbi);
  }
}
