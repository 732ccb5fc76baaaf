package org.dasgrid.core.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.dasgrid.core.config.Access;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.source.EmptySource;
import org.dasgrid.core.source.SourceLoadException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SampleSheetLoadTest {
  @TempDir Path dir;

  SourceConfig config(String sheet) {
    return new SourceConfig("c", "c", "", "vcf", dir.resolve("c.vcf").toString(), null, null, null, true,
        Access.PUBLIC, null, List.of(), Map.of(), dir).withSamples(sheet);
  }

  @Test
  void aMalformedSheetFailsTheLoadNamingFileLineAndColumn() throws Exception {
    Files.writeString(dir.resolve("s.tsv"), "sample\tsex\nA\tmale\nB\tyes\n");
    assertThatThrownBy(() -> SampleSheetLoad.read(config("s.tsv"), EmptySource.INSTANCE))
        .isInstanceOf(SourceLoadException.class)
        .hasMessage("s.tsv:3: column 2 (sex): 'yes' is not a sex; use 1/2/0 or male/female/unknown");
  }

  @Test
  void aWellFormedSheetIsKeptAndNoSheetIsNone() throws Exception {
    Files.writeString(dir.resolve("s.fam"), "F A 0 0 1 2\n");
    assertThat(SampleSheetLoad.read(config("s.fam"), EmptySource.INSTANCE).orElseThrow().rows()).hasSize(1);
    assertThat(SampleSheetLoad.read(config(null), EmptySource.INSTANCE)).isEmpty();
  }
}
