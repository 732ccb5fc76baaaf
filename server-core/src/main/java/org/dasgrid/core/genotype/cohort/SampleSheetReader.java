package org.dasgrid.core.genotype.cohort;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a sample sheet: a PLINK {@code .fam} or PED file (whitespace-separated family, sample, father, mother,
 * sex, phenotype; a PED's genotype columns are ignored), or a TSV whose first line names its columns: {@code
 * sample} is required; {@code sex}, {@code phenotype}, {@code family}, {@code father}, {@code mother} are read
 * as such; every other column ({@code population}, {@code superpopulation}...) is kept as a group. The format
 * is the file's extension: {@code .fam}/{@code .ped} are PLINK, anything else TSV. Lines starting with
 * {@code #} after a TSV header, and blank lines, are skipped. Mistakes are {@link SampleSheetException}s
 * naming file, line and column.
 */
public final class SampleSheetReader {
  private static final Set<String> NO_PARENT = Set.of("0", ".", "", "na", "-9");

  private SampleSheetReader() {}

  public static SampleSheet read(Path file) throws IOException {
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return read(file.getFileName().toString(), r);
    }
  }

  /** Reads from {@code in}; {@code name} gives the format (by extension) and is used in messages. */
  public static SampleSheet read(String name, Reader in) throws IOException {
    String lower = name.toLowerCase(Locale.ROOT);
    BufferedReader r = in instanceof BufferedReader b ? b : new BufferedReader(in);
    return lower.endsWith(".fam") || lower.endsWith(".ped") ? plink(name, r) : tsv(name, r);
  }

  private static SampleSheet plink(String file, BufferedReader r) throws IOException {
    List<SampleInfo> rows = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    String line;
    long n = 0;
    while ((line = r.readLine()) != null) {
      n++;
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.strip().split("\\s+");
      if (f.length < 6) {
        throw SampleSheetException.at(file, n, "%d columns; a .fam/PED line has at least 6 (family, sample, "
            + "father, mother, sex, phenotype)", f.length);
      }
      String sample = f[1];
      if (!seen.add(sample)) {
        throw SampleSheetException.atColumn(file, n, 2, "sample", "sample '%s' appears twice", shorten(sample));
      }
      rows.add(new SampleInfo(sample, sex(file, n, 5, f[4]), phenotype(file, n, 6, f[5]), f[0],
          parent(file, n, 3, "father", f[2], sample), parent(file, n, 4, "mother", f[3], sample), Map.of()));
    }
    return new SampleSheet(file, rows, List.of());
  }

  private static SampleSheet tsv(String file, BufferedReader r) throws IOException {
    String header = r.readLine();
    long n = 1;
    while (header != null && header.isBlank()) {
      header = r.readLine();
      n++;
    }
    if (header == null) {
      throw new SampleSheetException(file + ": empty sample sheet; the first line names the columns "
          + "(sample sex population superpopulation phenotype family father mother)");
    }
    String[] cols = split(header.startsWith("#") ? header.substring(1) : header);
    Map<String, Integer> at = new HashMap<>();
    for (int c = 0; c < cols.length; c++) {
      String name = cols[c].strip();
      cols[c] = name;
      if (name.isEmpty()) {
        throw SampleSheetException.at(file, n, "column %d has no name", c + 1);
      }
      if (at.put(name, c) != null) {
        throw SampleSheetException.at(file, n, "column '%s' named twice", shorten(name));
      }
    }
    Integer sampleCol = at.get("sample");
    if (sampleCol == null) {
      throw SampleSheetException.at(file, n, "no 'sample' column; the header names the columns, e.g. "
          + "sample sex population superpopulation phenotype family father mother");
    }
    Set<String> reserved = Set.of("sample", "sex", "phenotype", "family", "father", "mother");
    List<String> groupCols = new ArrayList<>();
    for (String c : cols) {
      if (!reserved.contains(c)) {
        groupCols.add(c);
      }
    }
    List<SampleInfo> rows = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    String line;
    while ((line = r.readLine()) != null) {
      n++;
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] f = split(line);
      if (f.length != cols.length) {
        throw SampleSheetException.at(file, n, "%d columns but the header has %d (columns are tab-separated)",
            f.length, cols.length);
      }
      String sample = f[sampleCol].strip();
      if (sample.isEmpty()) {
        throw SampleSheetException.atColumn(file, n, sampleCol + 1, "sample", "empty sample name");
      }
      if (!seen.add(sample)) {
        throw SampleSheetException.atColumn(file, n, sampleCol + 1, "sample", "sample '%s' appears twice",
            shorten(sample));
      }
      Sex sex = at.containsKey("sex") ? sex(file, n, at.get("sex") + 1, f[at.get("sex")]) : Sex.UNKNOWN;
      Phenotype ph = at.containsKey("phenotype")
          ? phenotype(file, n, at.get("phenotype") + 1, f[at.get("phenotype")]) : Phenotype.UNKNOWN;
      String family = at.containsKey("family") ? f[at.get("family")].strip() : "";
      Optional<String> father = at.containsKey("father")
          ? parent(file, n, at.get("father") + 1, "father", f[at.get("father")], sample) : Optional.empty();
      Optional<String> mother = at.containsKey("mother")
          ? parent(file, n, at.get("mother") + 1, "mother", f[at.get("mother")], sample) : Optional.empty();
      Map<String, String> groups = new LinkedHashMap<>();
      for (String g : groupCols) {
        String v = f[at.get(g)].strip();
        if (!v.isEmpty()) {
          groups.put(g, v);
        }
      }
      rows.add(new SampleInfo(sample, sex, ph, family, father, mother, groups));
    }
    return new SampleSheet(file, rows, groupCols);
  }

  private static String[] split(String line) {
    return line.split("\t", -1);
  }

  private static Sex sex(String file, long line, int col, String v) {
    return Sex.parse(v).orElseThrow(() -> SampleSheetException.atColumn(file, line, col, "sex",
        "'%s' is not a sex; use 1/2/0 or male/female/unknown", shorten(v)));
  }

  private static Phenotype phenotype(String file, long line, int col, String v) {
    return Phenotype.parse(v).orElseThrow(() -> SampleSheetException.atColumn(file, line, col, "phenotype",
        "'%s' is not an affection status; use 2/1/0 (or -9) or affected/unaffected/unknown", shorten(v)));
  }

  private static Optional<String> parent(String file, long line, int col, String which, String v, String self) {
    String p = v.strip();
    if (NO_PARENT.contains(p.toLowerCase(Locale.ROOT))) {
      return Optional.empty();
    }
    if (p.equals(self)) {
      throw SampleSheetException.atColumn(file, line, col, which, "sample '%s' is its own %s", shorten(p), which);
    }
    return Optional.of(p);
  }

  private static String shorten(String text) {
    String t = text.replaceAll("\\p{Cntrl}", "?");
    return t.length() <= 60 ? t : t.substring(0, 57) + "...";
  }
}
