package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * A corrupt source is reported with file and line and listed as unavailable while the others serve; a
 * response over the configured feature limit is refused with a 402 naming the limit.
 */
class SourceFailuresIT {
  @TempDir static Path dir;
  static TestServer server;

  @BeforeAll
  static void start() throws IOException {
    Files.copy(TestServer.example("dmel-2L.gff3"), dir.resolve("dmel.gff3"));
    Files.writeString(dir.resolve("broken.gff3"), "##gff-version 3\n"
        + "2L\tX\tgene\t100\t200\t.\t+\t.\tID=ok\n"
        + "2L\tX\tgene\t300\t250\t.\t+\t.\tID=bad\n");
    Files.writeString(dir.resolve("broken.vcf"), "##fileformat=VCFv4.2\n"
        + "#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tS1\n"
        + "1\t100\t.\tA\tG\t.\tPASS\t.\tGT\t0/1\n"
        + "1\tnot-a-position\t.\tA\tG\t.\tPASS\t.\tGT\t0/1\n");
    Files.writeString(dir.resolve("dasgrid.yaml"), """
        server:
          maxFeaturesPerResponse: 1000
        sources:
          - {id: dmel, format: gff3, path: dmel.gff3}
          - {id: broken, format: gff3, path: broken.gff3, title: A corrupt file}
          - {id: cohort, format: vcf, path: broken.vcf, genotypes: true}
          - {id: gone, format: gff3, path: gone.gff3}
        """);
    server = TestServer.start(dir.resolve("dasgrid.yaml"));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void corruptSourceIsUnavailableWithFileAndLineAndOthersServe() {
    assertThat(server.console()).contains("FAILED broken: broken.gff3:3: end 250 < start 300");
    Document sources = Http.get(server.das() + "/sources").xml();
    NodeList props = sources.getElementsByTagName("PROP");
    List<String> errors = new java.util.ArrayList<>();
    for (int i = 0; i < props.getLength(); i++) {
      Element p = (Element) props.item(i);
      if (p.getAttribute("name").equals("error")) {
        errors.add(p.getAttribute("value"));
      }
    }
    assertThat(errors).containsExactly("broken.gff3:3: end 250 < start 300", "broken.vcf:4: bad POS 'not-a-position'",
        "gone.gff3: file not found");
    Http.Response r = Http.get(server.das() + "/broken/features?segment=2L:1,500");
    assertThat(r.status()).isEqualTo(500);
    assertThat(r.text()).contains("unavailable").contains("broken.gff3:3");
    assertThat(Http.get(server.das() + "/dmel/features?segment=2L:2501,2550").status()).isEqualTo(200);
    assertThat(Http.get(server.das() + "/dsn").text()).contains("dmel").doesNotContain("broken");
    assertThat(Http.get(server.base() + "/health/ready").text()).contains("\"state\":\"failed\"");
  }

  /** A missing data file is the same as a malformed one: its source is unavailable, naming it; the others serve. */
  @Test
  void aMissingFileFailsItsSourceOnly() {
    assertThat(server.console()).contains("FAILED gone: gone.gff3: file not found");
    Http.Response r = Http.get(server.das() + "/gone/features?segment=2L:1,500");
    assertThat(r.status()).isEqualTo(500);
    assertThat(r.text()).contains("data source 'gone' is unavailable: gone.gff3: file not found");
    assertThat(Http.get(server.das() + "/dmel/features?segment=2L:2501,2550").status()).isEqualTo(200);
  }

  /** An options: key no one reads is a typo, refused at start as any unknown key, with the known ones listed. */
  @Test
  void anUnknownOptionStopsTheStartNamingIt() throws IOException {
    Path config = Files.writeString(dir.resolve("typo.yaml"), """
        sources:
          - {id: dmel, format: gff3, path: dmel.gff3, options: {assembley: GRCh38}}
        """);
    assertThatThrownBy(() -> TestServer.start(config)).hasMessageContaining(
        "typo.yaml: sources[0] (dmel): unknown key 'assembley' at sources[0].options (known keys for format gff3:"
            + " assembly, beaconCaseLevelData, exportGenotypes, maintainer, maxExportCalls, maxKinshipSamples, maxScoreWeights,"
            + " watch)");
  }

  /** Beacon answers for a dataset that failed to load as the genotype API and htsget do: 503 with the reason. */
  @Test
  void aFailedDatasetIsUnavailableInEveryApiNotUnknown() throws IOException {
    String reason = "data source 'cohort' is unavailable: broken.vcf:4";
    ObjectMapper json = new ObjectMapper();
    Http.Response genotypes = Http.get(server.base() + "/genotypes/cohort/variants?segment=1:1,1000");
    assertThat(genotypes.status()).isEqualTo(503);
    assertThat(json.readTree(genotypes.text()).at("/error/message").asText()).contains(reason);
    Http.Response htsget = Http.get(server.base() + "/htsget/variants/cohort");
    assertThat(htsget.status()).isEqualTo(503);
    assertThat(json.readTree(htsget.text()).at("/htsget/message").asText()).contains(reason);
    for (Http.Response beacon : List.of(
        Http.get(server.base() + "/beacon/v2/g_variants?datasetIds=cohort&referenceName=1&start=50&end=200"),
        Http.method("POST", server.base() + "/beacon/v2/g_variants", """
            {"query": {"requestParameters": {"datasetIds": ["cohort"], "referenceName": "1", "start": [50],
              "end": [200]}}}""", "Content-Type", "application/json"))) {
      assertThat(beacon.status()).isEqualTo(503);
      JsonNode error = json.readTree(beacon.text()).get("error");
      assertThat(error.get("errorCode").asInt()).isEqualTo(503);
      assertThat(error.get("errorMessage").asText()).contains(reason);
    }
    // a dataset that does not exist is still unknown
    assertThat(Http.get(server.base() + "/beacon/v2/g_variants?datasetIds=nosuch&referenceName=1&start=50&end=200")
        .status()).isEqualTo(404);
  }

  @Test
  void overTheFeatureLimitIsA402NamingTheLimit() {
    Http.Response r = Http.get(server.das() + "/dmel/features?segment=2L:1,27772");
    assertThat(r.status()).isEqualTo(200); // 550 features
    Http.Response big = Http.get(server.das() + "/dmel/features?segment=2L:1,1605126");
    assertThat(big.status()).isEqualTo(402);
    assertThat(big.header("X-DAS-Status")).isEqualTo("402");
    assertThat(big.xml().getDocumentElement().getTextContent())
        .contains("18513 features requested; the limit is 1000").contains("maxbins");
    Http.Response binned = Http.get(server.das() + "/dmel/features?segment=2L:1,1605126;maxbins=500");
    assertThat(binned.status()).isEqualTo(200);
    NodeList features = binned.xml().getElementsByTagName("FEATURE");
    assertThat(features.getLength()).isBetween(1, 500);
    int total = 0;
    for (int i = 0; i < features.getLength(); i++) {
      total += Integer.parseInt(((Element) features.item(i)).getElementsByTagName("SCORE").item(0).getTextContent());
    }
    assertThat(total).isEqualTo(18_513);
    Http.Response paged = Http.get(server.das() + "/dmel/features?segment=2L:1,1605126;rows=1001-2000");
    assertThat(paged.xml().getElementsByTagName("FEATURE").getLength()).isEqualTo(1000);
  }
}
