package org.dasgrid.datasources.tabix;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.dasgrid.datasources.Tools;

/** Makes sorted, bgzipped, tabix-indexed copies of test files with the Debian tools, as users would. */
public final class TabixFiles {
  private TabixFiles() {}

  /**
   * Writes {@code dir/name} (sorted by reference, then start, header lines first) and {@code dir/name.gz}
   * with its index; returns the plain sorted file.
   */
  public static Path sortedAndIndexed(Path source, Path dir, String name, int refColumn, int startColumn,
      String preset, boolean csi) throws IOException, InterruptedException {
    List<String> header = new ArrayList<>();
    List<String> body = new ArrayList<>();
    for (String line : Files.readAllLines(source)) {
      if (line.startsWith("#") || line.startsWith("track") || line.startsWith("browser")) {
        if (line.startsWith("#")) {
          header.add(line);
        }
      } else if (!line.isBlank()) {
        body.add(line);
      }
    }
    Path unsorted = dir.resolve(name + ".body");
    Files.write(unsorted, body);
    Path sortedBody = dir.resolve(name + ".sorted");
    Tools.runTo(List.of("sort", "-t", "\t", "-k" + refColumn + "," + refColumn, "-k" + startColumn + ","
        + startColumn + "n", unsorted.toString()), sortedBody);
    Path sorted = dir.resolve(name);
    List<String> all = new ArrayList<>(header);
    all.addAll(Files.readAllLines(sortedBody));
    Files.write(sorted, all);
    Path gz = dir.resolve(name + ".gz");
    Tools.runTo(List.of("bgzip", "-c", sorted.toString()), gz);
    List<String> tabix = new ArrayList<>(List.of("tabix", "-f", "-p", preset));
    if (csi) {
      tabix.add("-C");
    }
    tabix.add(gz.toString());
    Tools.run(tabix);
    return sorted;
  }

  /** Copies an already bgzipped, sorted file into {@code dir} and indexes the copy with {@code tabix}. */
  public static Path indexedCopy(Path bgzipped, Path dir, String preset) throws IOException, InterruptedException {
    Path copy = dir.resolve(bgzipped.getFileName());
    Files.copy(bgzipped, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Tools.run(List.of("tabix", "-f", "-p", preset, copy.toString()));
    return copy;
  }
}
