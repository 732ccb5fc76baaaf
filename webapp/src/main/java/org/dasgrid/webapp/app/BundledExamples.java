package org.dasgrid.webapp.app;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The example sources shipped inside the jar/WAR. Loaders read files, so on first use they are copied out
 * to a folder under the temp directory named after the version, and reused by later starts.
 */
final class BundledExamples {
  private static final String ROOT = "examples/";

  private BundledExamples() {}

  /** The path of the example config, extracting the examples first if needed. */
  static Path config(String version) {
    Path dir = Path.of(System.getProperty("java.io.tmpdir"), "dasgrid-examples-" + version);
    try {
      for (String name : list()) {
        Path target = dir.resolve(name);
        try (InputStream in = resource(ROOT + name)) {
          byte[] bytes = in.readAllBytes();
          if (Files.isRegularFile(target) && Files.size(target) == bytes.length
              && java.util.Arrays.equals(Files.readAllBytes(target), bytes)) {
            continue;
          }
          Files.createDirectories(target.getParent());
          Path tmp = Files.createTempFile(target.getParent(), ".extract", ".tmp");
          Files.write(tmp, bytes);
          Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot extract the bundled examples to " + dir, e);
    }
    return dir.resolve("dasgrid.yaml");
  }

  private static List<String> list() throws IOException {
    List<String> names = new ArrayList<>();
    try (BufferedReader r = new BufferedReader(
        new InputStreamReader(resource(ROOT + "files.txt"), StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        if (!line.isBlank()) {
          names.add(line.trim());
        }
      }
    }
    return names;
  }

  private static InputStream resource(String name) throws IOException {
    InputStream in = BundledExamples.class.getClassLoader().getResourceAsStream(name);
    if (in == null) {
      throw new IOException("missing bundled resource " + name);
    }
    return in;
  }
}
