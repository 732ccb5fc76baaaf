package org.dasgrid.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code samples:} key of a source: a sample sheet beside a genotype VCF. */
class SampleSheetConfigTest {
  @TempDir Path dir;
  private final ConfigLoader loader = new ConfigLoader(Set.of("vcf", "gff3"));

  private Path write(String yaml) throws IOException {
    Files.writeString(dir.resolve("c.vcf"), "##fileformat=VCFv4.2\n");
    Files.writeString(dir.resolve("s.tsv"), "sample\tsex\n");
    Path p = dir.resolve("dasgrid.yaml");
    Files.writeString(p, yaml);
    return p;
  }

  @Test
  void readsTheSheetPathRelativeToTheConfig() throws IOException {
    SourceConfig s = loader.load(write("sources:\n  - {id: c, format: vcf, path: c.vcf, genotypes: true, "
        + "samples: s.tsv}\n")).sources().get(0);
    assertThat(s.samples()).contains(dir.resolve("s.tsv").toAbsolutePath().normalize());
    assertThat(s.withBaseDir(dir).samples()).isEqualTo(s.samples());
    SourceConfig none = loader.load(write("sources:\n  - {id: c, format: vcf, path: c.vcf, genotypes: true}\n"))
        .sources().get(0);
    assertThat(none.samples()).isEmpty();
  }

  @Test
  void refusesASheetWithoutGenotypes() throws IOException {
    // a missing sheet is the source's load failure (naming the file), like any missing data file
    assertThat(loader.load(write("sources:\n  - {id: c, format: vcf, path: c.vcf, genotypes: true, "
        + "samples: nope.tsv}\n")).sources().get(0).samples()).isPresent();
    assertThatThrownBy(() -> loader.load(write("sources:\n  - {id: c, format: vcf, path: c.vcf, samples: s.tsv}\n")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("'samples:' (a sample sheet) needs 'genotypes: true'");
  }
}
