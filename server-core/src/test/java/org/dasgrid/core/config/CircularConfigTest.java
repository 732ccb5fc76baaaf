package org.dasgrid.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code circular} key of a source: read as a list of names, and only on sources with sequence. */
class CircularConfigTest {
  @TempDir Path dir;

  private Path write(String yaml) throws IOException {
    Files.writeString(dir.resolve("a.fa"), ">NC_1\nACGT\n");
    Files.writeString(dir.resolve("a.gff3"), "##gff-version 3\n");
    Path p = dir.resolve("dasgrid.yaml");
    Files.writeString(p, yaml);
    return p;
  }

  @Test
  void readsTheCircularReferences() throws IOException {
    DasGridConfig c = new ConfigLoader(Set.of()).load(write(
        "sources:\n  - {id: a, format: fasta, path: a.fa, circular: [NC_1, chrM]}\n"));
    assertThat(c.sources().get(0).circular()).containsExactly("NC_1", "chrM");
    assertThat(c.sources().get(0).withBaseDir(dir).circular()).containsExactly("NC_1", "chrM");
    DasGridConfig none = new ConfigLoader(Set.of()).load(write("sources:\n  - {id: a, format: fasta, path: a.fa}\n"));
    assertThat(none.sources().get(0).circular()).isEmpty();
  }

  @Test
  void circularNeedsASequence() throws IOException {
    assertThatThrownBy(() -> new ConfigLoader(Set.of()).load(write(
        "sources:\n  - {id: a, format: gff3, path: a.gff3, circular: [NC_1]}\n")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("sources[0] (a)")
        .hasMessageContaining("'circular'");
    assertThat(new ConfigLoader(Set.of()).load(write(
        "sources:\n  - {id: a, format: gff3, path: a.gff3, sequence: a.fa, circular: [NC_1]}\n"))
        .sources().get(0).circular()).containsExactly("NC_1");
  }
}
