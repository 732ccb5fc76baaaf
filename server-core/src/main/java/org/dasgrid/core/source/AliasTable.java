package org.dasgrid.core.source;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A source's own reference-name aliases, read from its {@code aliases:} file: one line per reference,
 * tab-separated names that all mean the same sequence ({@code 1<TAB>chr1<TAB>NC_000001.11}); {@code #} starts
 * a comment. Whichever name of a line the source actually has becomes the canonical one and the others its
 * aliases, so the file may be written from either side (a UCSC {@code chromAlias} table works as is).
 */
public final class AliasTable {
  private final Path file;
  private final List<Line> lines;

  private record Line(long number, List<String> names) {}

  private AliasTable(Path file, List<Line> lines) {
    this.file = file;
    this.lines = List.copyOf(lines);
  }

  /** Reads an alias file; a malformed one fails with file and line. */
  public static AliasTable read(Path file) throws SourceLoadException {
    List<Line> lines = new ArrayList<>();
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String s;
      long n = 0;
      while ((s = r.readLine()) != null) {
        n++;
        if (s.isBlank() || s.startsWith("#")) {
          continue;
        }
        List<String> names = new ArrayList<>();
        for (String part : s.split("\t")) {
          String name = part.trim();
          if (!name.isEmpty() && !names.contains(name)) {
            names.add(name);
          }
        }
        if (names.size() < 2) {
          throw SourceLoadException.badRecord(file, n, "expected a name and at least one alias, tab-separated");
        }
        lines.add(new Line(n, names));
      }
    } catch (IOException e) {
      throw SourceLoadException.badFile(file, "cannot read: " + e.getMessage());
    }
    return new AliasTable(file, lines);
  }

  /**
   * The aliases this table gives each of the {@code references}: for each line naming exactly one of them, the
   * line's other names. Fails when a line names two references, or one alias is given to two references.
   */
  public Map<String, List<String>> aliasesOf(List<String> references) throws SourceLoadException {
    java.util.Set<String> refs = new java.util.HashSet<>(references);
    Map<String, List<String>> out = new LinkedHashMap<>();
    Map<String, String> owner = new HashMap<>();
    Map<String, Long> ownerLine = new HashMap<>();
    for (Line line : lines) {
      String ref = null;
      for (String name : line.names()) {
        if (refs.contains(name)) {
          if (ref != null) {
            throw SourceLoadException.badRecord(file, line.number(),
                "'" + ref + "' and '" + name + "' are both references of the source, not aliases");
          }
          ref = name;
        }
      }
      if (ref == null) {
        continue; // a line for a sequence this source does not have
      }
      for (String name : line.names()) {
        if (name.equals(ref)) {
          continue;
        }
        String previous = owner.putIfAbsent(name, ref);
        if (previous != null && !previous.equals(ref)) {
          throw SourceLoadException.badRecord(file, line.number(), "alias '" + name + "' already names '"
              + previous + "' (line " + ownerLine.get(name) + "), not also '" + ref + "'");
        }
        ownerLine.putIfAbsent(name, line.number());
        List<String> list = out.computeIfAbsent(ref, k -> new ArrayList<>());
        if (!list.contains(name)) {
          list.add(name);
        }
      }
    }
    return out;
  }
}
