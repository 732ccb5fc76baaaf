package org.dasgrid.datasources.gff;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.TestData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GtfProviderTest {
  @TempDir Path dir;

  @Test
  void gencodeGenesTranscriptsAndExonsNest() throws SourceLoadException, IOException {
    Path gtf = TestData.local("gencode-v19.gtf");
    DataSource d = new GtfProvider().load(SourceConfig.of("g", "gtf", gtf), LoadMonitor.NONE);
    long lines = Files.readAllLines(gtf).stream().filter(l -> !l.startsWith("#") && !l.isBlank()).count();
    assertThat(d.stats().records()).isEqualTo(lines);
    Feature gene = d.featuresById("ENSG00000223972.4").get(0);
    assertThat(gene.type().id()).isEqualTo("gene");
    assertThat(gene.label()).isEqualTo("DDX11L1");
    Feature transcript = d.featuresById("ENST00000456328.2").get(0);
    assertThat(transcript.parents()).containsExactly("ENSG00000223972.4");
    assertThat(gene.parts()).contains("ENST00000456328.2");
    assertThat(transcript.parts()).isNotEmpty().allSatisfy(part ->
        assertThat(d.featuresById(part).get(0).parents()).contains("ENST00000456328.2"));
  }

  @Test
  void missingGeneAndTranscriptLinesAreInferredFromTheirParts() throws IOException, SourceLoadException {
    Path p = dir.resolve("t.gtf");
    Files.writeString(p, String.join("\n",
        "chr1\tHAVANA\texon\t100\t200\t.\t+\t.\tgene_id \"G1\"; transcript_id \"T1\"; gene_name \"ABC\";",
        "chr1\tHAVANA\texon\t300\t400\t.\t+\t.\tgene_id \"G1\"; transcript_id \"T1\"; gene_name \"ABC\";",
        "chr1\tHAVANA\tCDS\t150\t200\t.\t+\t0\tgene_id \"G1\"; transcript_id \"T2\";", ""));
    DataSource d = new GtfProvider().load(SourceConfig.of("t", "gtf", p), LoadMonitor.NONE);
    assertThat(d.stats().records()).isEqualTo(6);
    Feature t1 = d.featuresById("T1").get(0);
    assertThat(t1.start()).isEqualTo(100);
    assertThat(t1.end()).isEqualTo(400);
    assertThat(t1.parents()).containsExactly("G1");
    assertThat(t1.parts()).hasSize(2);
    Feature g1 = d.featuresById("G1").get(0);
    assertThat(g1.label()).isEqualTo("ABC");
    assertThat(g1.start()).isEqualTo(100);
    assertThat(g1.parts()).containsExactlyInAnyOrder("T1", "T2");
  }
}
