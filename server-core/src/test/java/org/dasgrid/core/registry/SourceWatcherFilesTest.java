package org.dasgrid.core.registry;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.dasgrid.core.config.SourceConfig;
import org.junit.jupiter.api.Test;

/** A watched source is reloaded when its genotype index is rebuilt (renamed over the old one), not only its VCF. */
class SourceWatcherFilesTest {
  @Test
  void watchesTheGenotypeIndexBesideTheData() {
    Path dir = Path.of("/srv/data");
    SourceConfig plain = SourceConfig.of("g", "vcf", dir.resolve("c.vcf.gz"));
    assertThat(SourceWatcher.files(plain)).contains(dir.resolve("c.vcf.gz")).noneMatch(p -> p.toString().endsWith(".dgi"));
    SourceConfig indexed = plain.withGenotypeIndex("c.dgi");
    assertThat(SourceWatcher.files(indexed)).contains(dir.resolve("c.vcf.gz"), dir.resolve("c.dgi"));
  }
}
