package org.dasgrid.webapp.browsers;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.dasgrid.webapp.Http;
import org.dasgrid.webapp.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The aliases every client sees — refget metadata, the JBrowse config, {@code /api/sources} — follow the naming
 * conventions of the source's organism: a human {@code chr1} is also {@code 1} and never WormBase's {@code
 * CHROMOSOME_1}; the WormBase example keeps {@code CHROMOSOME_I}; an {@code aliases:} file adds what the rules
 * do not.
 */
class NamingConventionsIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path dir;
  static TestServer server;

  @BeforeAll
  static void start() throws IOException {
    Files.writeString(dir.resolve("human.gff3"), "##gff-version 3\n"
        + "chr1\tx\tgene\t10\t40\t.\t+\t.\tID=g1\n"
        + "chrM\tx\tgene\t5\t20\t.\t+\t.\tID=g2\n");
    Files.writeString(dir.resolve("human.fa"), ">chr1\n" + "ACGT".repeat(25) + "\n>chrM\n" + "GATC".repeat(10) + "\n");
    Files.writeString(dir.resolve("ensembl.gff3"), "##gff-version 3\n1\tx\tgene\t10\t40\t.\t+\t.\tID=e1\n");
    Files.writeString(dir.resolve("ensembl.aliases.tsv"), "1\tNC_000001.11\tCHROMOSOME_1\n");
    Files.copy(TestServer.example("ce_ws199.gff"), dir.resolve("ce.gff"));
    Files.copy(TestServer.example("ce_ws199.fa"), dir.resolve("ce.fa"));
    Files.writeString(dir.resolve("dasgrid.yaml"), """
        sources:
          - {id: human, format: gff3, path: human.gff3, sequence: human.fa}
          - {id: ensembl, format: gff3, path: ensembl.gff3, aliases: ensembl.aliases.tsv}
          - {id: ce, format: gff2, path: ce.gff, sequence: ce.fa}
        """);
    server = TestServer.start(dir.resolve("dasgrid.yaml"));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void refgetMetadataNamesTheHumanSequenceTheHumanWays() throws IOException {
    JsonNode meta = JSON.readTree(Http.get(server.base() + "/refget/sequence/human:chr1/metadata").text());
    assertThat(names(meta.at("/metadata/aliases"), "alias")).containsExactlyInAnyOrder("chr1", "1");
    JsonNode mito = JSON.readTree(Http.get(server.base() + "/refget/sequence/human:chrM/metadata").text());
    assertThat(names(mito.at("/metadata/aliases"), "alias")).containsExactlyInAnyOrder("chrM", "MT", "M");
    JsonNode worm = JSON.readTree(Http.get(server.base() + "/refget/sequence/ce:I/metadata").text());
    assertThat(names(worm.at("/metadata/aliases"), "alias")).contains("I", "chrI", "CHROMOSOME_I");
  }

  @Test
  void jbrowseAndTheSourcesApiListTheSameAliases() throws IOException {
    JsonNode config = JSON.readTree(Http.get(server.base() + "/jbrowse/config.json").text());
    assertThat(aliases(config, "human", "chr1")).containsExactly("1");
    assertThat(aliases(config, "ce", "I")).containsExactlyInAnyOrder("chrI", "CHROMOSOME_I");
    // the aliases file decides what the rules would not give: NCBI's accession and, by choice, WormBase's habit
    assertThat(aliases(config, "ensembl", "1")).containsExactly("NC_000001.11", "CHROMOSOME_1", "chr1");
    JsonNode human = JSON.readTree(Http.get(server.base() + "/api/sources/human").text()).get("aliases");
    assertThat(names(human.get("chr1"), null)).containsExactly("1");
    assertThat(human.toString()).doesNotContain("CHROMOSOME_");
    JsonNode ce = JSON.readTree(Http.get(server.base() + "/api/sources/ce").text()).get("aliases");
    assertThat(names(ce.get("I"), null)).containsExactlyInAnyOrder("chrI", "CHROMOSOME_I");
  }

  private static List<String> aliases(JsonNode config, String assembly, String ref) {
    for (JsonNode a : config.get("assemblies")) {
      if (a.get("name").asText().equals(assembly)) {
        for (JsonNode f : a.at("/refNameAliases/adapter/features")) {
          if (f.get("refName").asText().equals(ref)) {
            return names(f.get("aliases"), null);
          }
        }
        return List.of();
      }
    }
    throw new AssertionError("no assembly " + assembly + " in " + config);
  }

  private static List<String> names(JsonNode array, String field) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(field == null ? n.asText() : n.get(field).asText()));
    return out;
  }
}
