package org.dasgrid.datasources.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.dasgrid.core.config.ConfigLoader;
import org.dasgrid.core.config.DasGridConfig;
import org.dasgrid.datasources.Sources;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A format added by a class on the class path only (test code), found through ServiceLoader. */
class PluginFormatTest {
  @TempDir Path dir;

  @Test
  void aTestOnlyProviderServesAConfiguredSource() throws Exception {
    assertThat(Sources.providers().formats()).contains("points", "gff3", "bed", "tabix");
    Files.writeString(dir.resolve("sites.tsv"), "# reference, position, label\nchr1\t150\tsite A\nchr1\t90\tsite B\n");
    Path yaml = Files.writeString(dir.resolve("dasgrid.yaml"), """
        sources:
          - id: sites
            format: points
            path: sites.tsv
            options: {type: TF_binding_site}
        """);
    DasGridConfig config = new ConfigLoader(Sources.providers().formats()).load(yaml);
    Sources s = Sources.load(config.sources().get(0));
    String xml = s.answer("sites", "features", "segment=chr1:1,150");
    assertThat(xml).contains("<FEATURE id=\"TF_binding_site:chr1:90..90\" label=\"site B\">")
        .contains("<TYPE id=\"TF_binding_site\" category=\"regulatory\" cvId=\"SO:0000235\">")
        .contains("<FEATURE id=\"TF_binding_site:chr1:150..150\" label=\"site A\">");
    assertThat(s.answer("sites", "entry_points", "")).contains("<SEGMENT id=\"chr1\" start=\"1\" stop=\"150\"");
  }

  @Test
  void itsErrorsAreReportedLikeAnyOther() throws Exception {
    Path bad = Files.writeString(dir.resolve("bad.tsv"), "chr1\tten\tx\n");
    assertThat(Sources.load(Sources.config("bad", "points", bad)).failure("bad"))
        .isEqualTo("bad.tsv:1: position 'ten' is not an integer");
  }
}
