package org.dasgrid.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLoaderTest {
  @TempDir Path dir;
  private final ConfigLoader loader = new ConfigLoader(Set.of("gff3", "gff2", "fasta", "vcf"));

  private Path write(String yaml) throws IOException {
    Files.writeString(dir.resolve("a.gff3"), "##gff-version 3\n");
    Files.writeString(dir.resolve("s.fa"), ">I\nACGT\n");
    Path p = dir.resolve("dasgrid.yaml");
    Files.writeString(p, yaml);
    return p;
  }

  @Test
  void readsSourcesWithPathsRelativeToTheConfig() throws IOException {
    DasGridConfig c = loader.load(write("""
        server:
          maxSegmentsPerRequest: 10
        sources:
          - id: a
            format: gff3
            path: a.gff3
            sequence: s.fa
            coordinates: {authority: BDGP, version: "5", taxid: 7227, source: Chromosome}
        """));
    assertThat(c.server().maxSegmentsPerRequest()).isEqualTo(10);
    assertThat(c.server().maxFeaturesPerResponse()).isEqualTo(2_000_000);
    SourceConfig s = c.sources().get(0);
    assertThat(s.path()).isEqualTo(dir.resolve("a.gff3").toAbsolutePath().normalize());
    assertThat(s.sequence()).contains(dir.resolve("s.fa").toAbsolutePath().normalize());
    assertThat(s.title()).isEqualTo("a");
    assertThat(s.coordinates().taxid()).isEqualTo(7227);
    assertThat(s.access()).isEqualTo(Access.PUBLIC);
  }

  @Test
  void unknownKeyIsNamedWithWhereItIs() throws IOException {
    Path p = write("sources:\n  - id: a\n    format: gff3\n    path: a.gff3\n    colour: red\n");
    assertThatThrownBy(() -> loader.load(p))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("unknown key 'colour'")
        .hasMessageContaining("sources[0]");
  }

  /** When no source can load, there is nothing to serve: the start stops, naming the files. */
  @Test
  void missingFileIsNamedWithItsKey() throws IOException {
    Path p = write("sources:\n  - id: a\n    format: gff3\n    path: nope.gff3\n");
    assertThatThrownBy(() -> loader.load(p))
        .hasMessageContaining("no source can load")
        .hasMessageContaining("sources[0] (a).path")
        .hasMessageContaining("file not found")
        .hasMessageContaining("nope.gff3");
  }

  /** One missing data file costs its source only (the loader marks it failed); the config stands. */
  @Test
  void aMissingDataFileBesideAGoodSourceIsNoConfigError() throws IOException {
    DasGridConfig c = loader.load(write("""
        sources:
          - {id: a, format: gff3, path: a.gff3}
          - {id: b, format: gff3, path: gone.gff3, sequence: gone.fa, aliases: gone.tsv, stylesheet: gone.xml}
        """));
    assertThat(c.sources()).extracting(SourceConfig::id).containsExactly("a", "b");
  }

  @Test
  void anUnknownOptionIsRefusedWithTheKnownOnes() throws IOException {
    ConfigLoader checking = new ConfigLoader(java.util.Map.of("gff3", Set.of(), "vcf",
        Set.of("genotypeInfo", "genotypeSets")));
    Files.writeString(dir.resolve("c.vcf"), "##fileformat=VCFv4.2\n");
    Path p = write("sources:\n  - {id: c, format: vcf, path: c.vcf, genotypes: true, options: {assembley: GRCh38}}\n");
    assertThatThrownBy(() -> checking.load(p))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("unknown key 'assembley' at sources[0].options")
        .hasMessageContaining("known keys for format vcf: assembly, beaconCaseLevelData, exportGenotypes,"
            + " genotypeInfo, genotypeSets, maintainer, maxExportCalls, maxKinshipSamples, maxScoreWeights, watch");
    SourceConfig ok = checking.load(write("sources:\n  - {id: c, format: vcf, path: c.vcf, genotypes: true,"
        + " options: {assembly: GRCh38, genotypeSets: compact, watch: 'true'}}\n")).sources().get(0);
    assertThat(ok.option("assembly", null)).isEqualTo("GRCh38");
    // the format's own keys are not another format's
    assertThatThrownBy(() -> checking.load(write("sources:\n  - {id: a, format: gff3, path: a.gff3,"
        + " options: {genotypeSets: compact}}\n"))).hasMessageContaining("unknown key 'genotypeSets'");
  }

  @Test
  void badAndDuplicateIdsAreRefused() throws IOException {
    assertThatThrownBy(() -> loader.load(write("sources:\n  - {id: 'a/b', format: gff3, path: a.gff3}\n")))
        .hasMessageContaining("bad id 'a/b'");
    assertThatThrownBy(() -> loader.load(write("sources:\n  - {id: '..', format: gff3, path: a.gff3}\n")))
        .hasMessageContaining("bad id");
    assertThatThrownBy(() -> loader.load(write(
        "sources:\n  - {id: a, format: gff3, path: a.gff3}\n  - {id: a, format: gff3, path: a.gff3}\n")))
        .hasMessageContaining("duplicate id 'a'");
  }

  @Test
  void unknownFormatListsTheKnownOnes() throws IOException {
    assertThatThrownBy(() -> loader.load(write("sources:\n  - {id: a, format: gff9, path: a.gff3}\n")))
        .hasMessageContaining("unknown format 'gff9'")
        .hasMessageContaining("gff3");
  }

  @Test
  void genotypesNeedVcf() throws IOException {
    assertThatThrownBy(() -> loader.load(write("sources:\n  - {id: a, format: gff3, path: a.gff3, genotypes: true}\n")))
        .hasMessageContaining("needs format vcf");
  }

  @Test
  void genotypeIndexIsResolvedBesideTheConfigAndNeedsGenotypes() throws IOException {
    Files.writeString(dir.resolve("c.vcf"), "##fileformat=VCFv4.2\n");
    SourceConfig s = loader.load(write("sources:\n  - {id: c, format: vcf, path: c.vcf, genotypes: true,"
        + " genotypeIndex: idx/c.dgi}\n")).sources().get(0);
    // not required to exist yet: a missing index is the source's load failure, not the config's
    assertThat(s.genotypeIndex()).contains(dir.resolve("idx/c.dgi").toAbsolutePath().normalize());
    assertThatThrownBy(() -> loader.load(write("sources:\n  - {id: c, format: vcf, path: c.vcf,"
        + " genotypeIndex: c.dgi}\n"))).hasMessageContaining("'genotypeIndex' needs 'genotypes: true'");
  }

  @Test
  void badLimitsAndYamlAreReported() throws IOException {
    assertThatThrownBy(() -> loader.load(write("server:\n  maxSegmentsPerRequest: 0\n")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("maxSegmentsPerRequest");
    assertThatThrownBy(() -> loader.load(write("sources: [ {id: a\n")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("YAML");
    assertThatThrownBy(() -> loader.load(dir.resolve("missing.yaml")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("not found");
  }
}
