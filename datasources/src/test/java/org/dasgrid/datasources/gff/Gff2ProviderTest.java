package org.dasgrid.datasources.gff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.Orientation;
import org.dasgrid.core.feature.Phase;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.FeatureFilter;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.TestData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Gff2ProviderTest {
  @TempDir Path dir;

  private static DataSource load(Path p) throws SourceLoadException {
    return new Gff2Provider().load(SourceConfig.of("x", "gff2", p), LoadMonitor.NONE);
  }

  @Test
  void wormBaseExcerptLoadsWithItsGroupsNotesAndTargets() throws SourceLoadException {
    DataSource ce = load(TestData.example("ce_ws199.gff"));
    assertThat(ce.stats().records()).isEqualTo(177);
    List<Feature> cds = ce.featuresById("CDS:B0019.1");
    assertThat(cds).hasSize(15).allSatisfy(f -> {
      assertThat(f.parents()).containsExactly("Transcript:B0019.1");
      assertThat(f.orientation()).isEqualTo(Orientation.REVERSE);
    });
    Feature transcript = ce.featuresById("Transcript:B0019.1").get(0);
    assertThat(transcript.notes()).contains("amx-2", "prediction_status=Partially_confirmed");
    assertThat(transcript.parents()).containsExactly("Gene:WBGene00000138");
    assertThat(transcript.parts()).contains("CDS:B0019.1");
    Feature peptide = ce.featuresById("Target:277116").get(0);
    assertThat(peptide.targets()).singleElement().satisfies(t -> {
      assertThat(t.id()).isEqualTo("Mass_spec_peptide:MSP:IYEPSQEDLLLMHQLQQER");
      assertThat(t.start()).isEqualTo(1);
      assertThat(t.stop()).isEqualTo(19);
    });
    assertThat(peptide.notes()).contains("MSP:IYEPSQEDLLLMHQLQQER", "times_observed=1");
    assertThat(ce.countFeatures(new Segment("I", 12_759_000, 12_765_000), FeatureFilter.ANY)).isGreaterThan(50);
  }

  @Test
  void classicGff2GroupsBecomeParents() throws IOException, SourceLoadException {
    Path p = dir.resolve("classic.gff");
    Files.writeString(p, String.join("\n",
        "##gff-version 2",
        "CHROMOSOME_I\tcurated\texon\t100\t200\t.\t+\t.\tSequence \"B0019.1\"",
        "CHROMOSOME_I\tcurated\tCDS\t150\t200\t12.5\t+\t0\tSequence \"B0019.1\" ; Note \"a note; with semicolon\"",
        "CHROMOSOME_I\tblastx\tsimilarity\t300\t360\t88\t-\t.\tTarget \"Protein:WP:CE1234\" 10 30",
        "CHROMOSOME_I\tRNAi\texperimental\t400\t500\t.\t.\t.",
        ""));
    DataSource d = load(p);
    assertThat(d.stats().records()).isEqualTo(4);
    List<Feature> all = new java.util.ArrayList<>();
    d.features(new Segment("CHROMOSOME_I", 1, 1000), FeatureFilter.ANY, all::add);
    Feature cds = all.get(1);
    assertThat(cds.parents()).containsExactly("B0019.1");
    assertThat(cds.notes()).containsExactly("Sequence=B0019.1", "a note; with semicolon");
    assertThat(cds.score()).isEqualTo(12.5);
    assertThat(cds.phase()).isEqualTo(Phase.ZERO);
    Feature sim = all.get(2);
    assertThat(sim.targets()).singleElement().satisfies(t -> {
      assertThat(t.id()).isEqualTo("Protein:WP:CE1234");
      assertThat(t.start()).isEqualTo(10);
      assertThat(t.stop()).isEqualTo(30);
    });
    assertThat(all.get(3).id()).isEqualTo("experimental:CHROMOSOME_I:400..500");
    assertThat(d.entryPoint("I").orElseThrow().name()).isEqualTo("CHROMOSOME_I");
  }

  @Test
  void badLinesNameFileAndLine() throws IOException {
    Path p = dir.resolve("bad.gff");
    Files.writeString(p, "I\tx\texon\t1\t10\t.\t+\t.\tSequence \"a\"\nI\tx\texon\t5\n");
    assertThatThrownBy(() -> load(p)).isInstanceOf(SourceLoadException.class)
        .hasMessage("bad.gff:2: expected 8 or 9 tab-separated columns, found 4");
    Files.writeString(p, "I\tx\texon\t1\t10\t.\t+\t.\tNote \"unterminated\n");
    assertThatThrownBy(() -> load(p)).hasMessage("bad.gff:1: unbalanced quote in attributes");
  }
}
