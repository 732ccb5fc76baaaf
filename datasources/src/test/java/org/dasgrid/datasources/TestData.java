package org.dasgrid.datasources;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the test data are: the bundled examples of the webapp, and small files of this module. */
public final class TestData {
  private TestData() {}

  public static Path root() {
    String root = System.getProperty("dasgrid.root");
    Path p = root != null ? Path.of(root) : Path.of("..");
    if (!Files.isDirectory(p.resolve("webapp"))) {
      p = Path.of(".").toAbsolutePath().getParent().getParent();
    }
    return p.toAbsolutePath().normalize();
  }

  /** A file of the bundled example data, e.g. {@code dmel-2L.gff3}. */
  public static Path example(String name) {
    return root().resolve("webapp/src/main/resources/examples/data").resolve(name);
  }

  /** A file of this module's test data. */
  public static Path local(String name) {
    return root().resolve("datasources/src/test/resources/data").resolve(name);
  }
}
