package org.dasgrid.datasources.gff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Gff3ProviderTest {
  private static DataSource dmel;
  @TempDir Path dir;

  @BeforeAll
  static void load() throws SourceLoadException {
    dmel = new Gff3Provider().load(SourceConfig.of("dmel", "gff3", TestData.example("dmel-2L.gff3")),
        LoadMonitor.NONE);
  }

  private static Feature one(String id) {
    List<Feature> fs = dmel.featuresById(id);
    assertThat(fs).as(id).hasSize(1);
    return fs.get(0);
  }

  @Test
  void loadsEveryRecordOfTheBundledFlyBaseFile() {
    assertThat(dmel.stats().records()).isEqualTo(49_981);
    assertThat(dmel.entryPoint("2L").orElseThrow().length()).isEqualTo(23_011_546);
    assertThat(dmel.entryPoints()).hasSize(15); // from ##sequence-region
    assertThat(dmel.entryPoint("chr2L").orElseThrow().name()).isEqualTo("2L");
  }

  @Test
  void stressTestSegmentsHaveTheClassicFeatureCounts() {
    assertThat(dmel.countFeatures(new Segment("2L", 2501, 2550), FeatureFilter.ANY)).isEqualTo(4);
    assertThat(dmel.countFeatures(new Segment("2L", 1, 27772), FeatureFilter.ANY)).isEqualTo(550);
    assertThat(dmel.countFeatures(new Segment("2L", 1, 1605126), FeatureFilter.ANY)).isEqualTo(18_513);
  }

  @Test
  void geneFieldsMapToDas() {
    Feature gene = one("FBgn0031208");
    assertThat(gene.label()).isEqualTo("CG11023");
    assertThat(gene.type().id()).isEqualTo("gene");
    assertThat(gene.type().cvId()).isEqualTo("SO:0000704");
    assertThat(gene.type().category()).isEqualTo("transcription");
    assertThat(gene.method().id()).isEqualTo("FlyBase");
    assertThat(gene.start()).isEqualTo(7529);
    assertThat(gene.end()).isEqualTo(9484);
    assertThat(gene.hasScore()).isFalse();
    assertThat(gene.orientation()).isEqualTo(Orientation.FORWARD);
    assertThat(gene.phase()).isEqualTo(Phase.NONE);
    assertThat(gene.links()).hasSize(22);
    assertThat(gene.links().get(0).text()).isEqualTo("FlyBase:FBan0011023");
    assertThat(gene.links().get(0).href()).isEqualTo("http://flybase.org/reports/FBan0011023");
    // a multi-valued attribute is a note per value, in the file's order
    assertThat(gene.notes()).containsSubsequence("Ontology_term=SO:0000010", "Ontology_term=SO:0000087",
        "Ontology_term=GO:0016929", "Ontology_term=GO:0016926", "Ontology_term=GO:0006508");
    assertThat(gene.notes()).contains("gbunit=AE014134", "derived_computed_cyto=21A5-21A5");
    assertThat(gene.parts()).containsExactlyInAnyOrder("FBtr0300689", "FBtr0300690", "FBtr0330654");
  }

  @Test
  void hierarchyGoesBothWays() {
    Feature exon = one("FBgn0031208:1");
    assertThat(exon.parents()).containsExactly("FBtr0300689", "FBtr0300690", "FBtr0330654");
    assertThat(exon.notes()).containsExactly("parent_type=mRNA");
    Feature mrna = one("FBtr0300689");
    assertThat(mrna.parents()).containsExactly("FBgn0031208");
    assertThat(mrna.parts()).contains("FBgn0031208:1", "FBgn0031208:3", "CDS_FBgn0031208:3_1189",
        "three_prime_UTR_FBgn0031208:3_1189");
    Feature cds = one("CDS_FBgn0031208:3_1189");
    assertThat(cds.phase()).isEqualTo(Phase.ONE);
  }

  @Test
  void plusSignsInAttributesSurvive() {
    Feature band = one("band-21A5_chromosome_band");
    assertThat(band.notes()).containsExactly("location=2L:-22868..22221:+");
  }

  @Test
  void targetsBecomeDasTargets() {
    Feature ortho = one("FBgn0031208_d183e3152");
    assertThat(ortho.targets()).hasSize(1);
    assertThat(ortho.targets().get(0).id()).isEqualTo("X");
    assertThat(ortho.targets().get(0).start()).isEqualTo(19_096_672);
    assertThat(ortho.targets().get(0).stop()).isEqualTo(19_102_217);
  }

  @Test
  void featuresComeBackInStartOrder() {
    List<Feature> fs = new ArrayList<>();
    dmel.features(new Segment("2L", 1, 27772), FeatureFilter.ANY, fs::add);
    assertThat(fs).extracting(Feature::start).isSorted();
  }

  private Path gff(String body) throws IOException {
    Path p = dir.resolve("bad.gff3");
    Files.writeString(p, "##gff-version 3\n##sequence-region c 1 1000\n" + body);
    return p;
  }

  private void failsWith(String body, String message) throws IOException {
    Path p = gff(body);
    assertThatThrownBy(() -> new Gff3Provider().load(SourceConfig.of("x", "gff3", p), LoadMonitor.NONE))
        .isInstanceOf(SourceLoadException.class)
        .hasMessageStartingWith("bad.gff3:")
        .hasMessageContaining(message)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n").hasSizeLessThan(220));
  }

  @Test
  void malformedRecordsFailWithFileLineAndReason() throws IOException {
    failsWith("c\tX\tgene\t1\t10\t.\t+\t.\tID=a\nc\tX\tgene\t20\t10\t.\t+\t.\tID=b\n", "bad.gff3:4: end 10 < start 20");
    failsWith("c\tX\tgene\tx\t10\t.\t+\t.\tID=a\n", "bad.gff3:3:");
    failsWith("c\tX\tgene\t1\t10\t.\t+\n", "bad.gff3:3:");
    failsWith("c\tX\tgene\t1\t10\t.\t*\t.\tID=a\n", "strand '*'");
    failsWith("c\tX\tgene\t1\t10\t.\t+\t7\tID=a\n", "phase '7'");
    failsWith("c\tX\tgene\t1\t10\tabc\t+\t.\tID=a\n", "score 'abc'");
    failsWith("c\tX\tgene\t0\t10\t.\t+\t.\tID=a\n", "start 0");
  }

  @Test
  void truncatedGzipFailsCleanly() throws IOException {
    Path gz = dir.resolve("t.gff3.gz");
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    try (var out = new java.util.zip.GZIPOutputStream(bytes)) {
      out.write(Files.readAllBytes(TestData.example("dmel-2L.gff3")), 0, 200_000);
    }
    byte[] all = bytes.toByteArray();
    Files.write(gz, java.util.Arrays.copyOf(all, all.length / 2));
    assertThatThrownBy(() -> new Gff3Provider().load(SourceConfig.of("x", "gff3", gz), LoadMonitor.NONE))
        .isInstanceOf(SourceLoadException.class)
        .hasMessageStartingWith("t.gff3.gz");
  }

  @Test
  void readsGzippedInputAndReportsProgress() throws IOException, SourceLoadException {
    Path gz = dir.resolve("d.gff3.gz");
    try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
      Files.copy(TestData.example("dmel-2L.gff3"), out);
    }
    long[] last = new long[2];
    DataSource d = new Gff3Provider().load(SourceConfig.of("x", "gff3", gz), (records, bytes) -> {
      last[0] = records;
      last[1] = bytes;
    });
    assertThat(d.stats().records()).isEqualTo(49_981);
    assertThat(last[0]).isEqualTo(49_981);
    assertThat(last[1]).isEqualTo(Files.size(gz));
  }
}
