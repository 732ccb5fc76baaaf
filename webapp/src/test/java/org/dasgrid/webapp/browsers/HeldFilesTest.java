package org.dasgrid.webapp.browsers;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.dasgrid.datasources.export.ExportedFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HeldFilesTest {
  @TempDir
  Path dir;

  @Test
  void holdsTheBytesOfASmallFileByPathAndTag() throws IOException {
    Path p = Files.write(dir.resolve("a.gz"), new byte[] {1, 2, 3});
    HeldFiles held = new HeldFiles(1 << 20);
    ExportedFile v1 = new ExportedFile("a.gz", p, 3, "\"v1\"");
    assertThat(held.get(v1)).hasValueSatisfying(b -> assertThat(b).containsExactly(1, 2, 3));

    // the file is remade with other bytes under the same name: the new tag reads them, never the held ones
    Files.write(p, new byte[] {9, 8, 7});
    assertThat(held.get(v1)).hasValueSatisfying(b -> assertThat(b).containsExactly(1, 2, 3));
    ExportedFile v2 = new ExportedFile("a.gz", p, 3, "\"v2\"");
    assertThat(held.get(v2)).hasValueSatisfying(b -> assertThat(b).containsExactly(9, 8, 7));
  }

  @Test
  void leavesToTheDiskAFileNotOfItsListedLengthOrTooLargeOrGone() throws IOException {
    Path p = Files.write(dir.resolve("b.gz"), new byte[] {1, 2, 3, 4});
    HeldFiles held = new HeldFiles(1 << 20);
    assertThat(held.get(new ExportedFile("b.gz", p, 3, "\"t\""))).isEmpty();
    assertThat(held.get(new ExportedFile("b.gz", p, HeldFiles.MAX_FILE + 1, "\"t\""))).isEmpty();
    assertThat(held.get(new ExportedFile("c.gz", dir.resolve("c.gz"), 3, "\"t\""))).isEmpty();
  }
}
