package org.dasgrid.webapp.ga4gh;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.dasgrid.core.access.Tokens;
import org.dasgrid.webapp.Http;
import org.dasgrid.webapp.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Token-protected sources stay invisible and unreadable through refget and htsget exactly as through DAS (see
 * AccessControlIT): without their token, their sequences, names and VCF answer like unknown ones, byte for byte;
 * with it they are served, htsget's block URLs carry the token for the client to send, and the answers carry no
 * CORS headers. Also the server's GA4GH service-info.
 */
class Ga4ghAccessIT {
  static final String TOKEN = "s3cret-reader-token";
  /** The protected sources' id and an id that does not exist, of the same length. */
  static final String SECRET = "vault7";
  static final String NOSUCH = "nosuch";
  /** phiX's MD5 (in the protected source only) and an MD5 no source has. */
  static final String PHIX = "3332ed720ac7eaa9b3655c06f6b9e196";
  static final String NO_MD5 = "0123456789abcdef0123456789abcdef";
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path dir;
  static TestServer server;

  @BeforeAll
  static void start() throws IOException {
    Files.copy(TestServer.example("ce_ws199.fa"), dir.resolve("ce.fa"));
    Files.copy(TestServer.root().resolve("docs/examples/refget/refget.fa"), dir.resolve("secret.fa"));
    Files.copy(TestServer.example("ceu_exon.vcf.gz"), dir.resolve("open.vcf.gz"));
    Files.copy(TestServer.example("ceu_exon.vcf.gz"), dir.resolve("secret.vcf.gz"));
    Files.writeString(dir.resolve("dasgrid.yaml"), """
        server:
          exportDir: cache
        sources:
          - {id: open, format: fasta, path: ce.fa}
          - {id: %2$s, format: fasta, path: secret.fa, access: token, tokens: ["%1$s"], circular: [NC_001422.1]}
          - {id: openv, format: vcf, path: open.vcf.gz}
          - {id: %2$sg, format: vcf, path: secret.vcf.gz, access: token, tokens: ["%1$s"]}
        """.formatted(Tokens.hash(TOKEN), SECRET));
    server = TestServer.start(dir.resolve("dasgrid.yaml"));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static String bearer(String token) {
    return "Bearer " + token;
  }

  @Test
  void protectedSequencesAnswerLikeUnknownOnesWithoutTheToken() {
    String refget = server.base() + "/refget/sequence/";
    for (String suffix : List.of("", "/metadata", "?start=0&end=10")) {
      Http.Response unknown = Http.get(refget + NO_MD5 + suffix);
      assertThat(unknown.status()).isEqualTo(404);
      for (String[] headers : new String[][] {{}, {"Authorization", bearer("wrong")},
          {"Authorization", "Basic " + TOKEN}}) {
        Http.Response r = Http.get(refget + PHIX + suffix, headers);
        assertThat(r.status()).isEqualTo(404);
        assertThat(r.text().replace(PHIX, NO_MD5)).isEqualTo(unknown.text());
      }
      Http.Response ok = Http.get(refget + PHIX + suffix, "Authorization", bearer(TOKEN), "Origin", "http://x.test");
      assertThat(ok.status()).isEqualTo(200);
      assertThat(ok.header("Access-Control-Allow-Origin")).as("no CORS for a protected answer").isNull();
    }
    // its names too
    Http.Response byName = Http.get(refget + SECRET + ":I");
    assertThat(byName.text().replace(SECRET, NOSUCH)).isEqualTo(Http.get(refget + NOSUCH + ":I").text());
    assertThat(Http.get(refget + SECRET + ":I", "Authorization", bearer(TOKEN)).status()).isEqualTo(200);
    assertThat(Http.get(refget + "insdc:BK006935.2").status()).isEqualTo(404);
    // public sequences stay open, with CORS
    String ceI = Http.get(server.base() + "/api/sources/open").text();
    assertThat(ceI).contains("\"md5\"");
    Http.Response open = Http.get(refget + "open:I?end=10", "Origin", "http://x.test");
    assertThat(open.status()).isEqualTo(200);
    assertThat(open.header("Access-Control-Allow-Origin")).isEqualTo("*");
  }

  @Test
  void serviceInfoDoesNotNameProtectedSources() throws IOException {
    String info = Http.get(server.base() + "/refget/sequence/service-info").text();
    assertThat(JSON.readTree(info).at("/refget/identifier_types").toString()).contains("open").doesNotContain(SECRET);
    assertThat(Http.get(server.base() + "/refget/sequence/service-info", "Authorization", bearer(TOKEN)).text())
        .contains(SECRET);
  }

  @Test
  void protectedVcfAnswersLikeAnUnknownOneWithoutTheToken() throws IOException {
    String htsget = server.base() + "/htsget/variants/";
    Http.Response unknown = Http.get(htsget + NOSUCH + "g?referenceName=1");
    assertThat(unknown.status()).isEqualTo(404);
    for (String[] headers : new String[][] {{}, {"Authorization", bearer("wrong")}}) {
      Http.Response r = Http.get(htsget + SECRET + "g?referenceName=1", headers);
      assertThat(r.status()).isEqualTo(404);
      assertThat(r.text().replace(SECRET, NOSUCH)).isEqualTo(unknown.text());
      Http.Response post = Http.method("POST", htsget + SECRET + "g", "{\"regions\":[{\"referenceName\":\"1\"}]}",
          headers);
      assertThat(post.status()).isEqualTo(404);
    }
    Http.Response ok = Http.get(htsget + SECRET + "g?referenceName=1", "Authorization", bearer(TOKEN),
        "Origin", "http://x.test");
    assertThat(ok.header("Access-Control-Allow-Origin")).isNull();
    JsonNode ticket = HtsgetClient.ticket(ok);
    JsonNode block = null;
    for (JsonNode u : ticket.get("urls")) {
      if (!u.get("url").asText().startsWith("data:")) {
        block = u;
      }
    }
    assertThat(block).as("a block URL").isNotNull();
    assertThat(block.at("/headers/Authorization").asText()).isEqualTo(bearer(TOKEN));
    String url = block.get("url").asText();
    assertThat(Http.get(url).status()).isEqualTo(404);
    assertThat(Http.get(url, "Authorization", bearer("wrong")).status()).isEqualTo(404);
    assertThat(Http.get(url, "Authorization", bearer(TOKEN)).status()).isEqualTo(200);
    Files.write(dir.resolve("secret-1.vcf.gz"), HtsgetClient.follow(ticket));
    // every record of chromosome 1 (whole blocks may add some of 2)
    assertThat(HtsgetClient.run(dir, "bcftools", "view", "-H", "secret-1.vcf.gz").lines()
        .filter(l -> l.startsWith("1\t")).count())
        .isEqualTo(HtsgetClient.run(dir, "bgzip", "-dc", "secret.vcf.gz").lines().filter(l -> l.startsWith("1\t")).count())
        .isPositive();
    // the public one needs no token, and its tickets carry none
    JsonNode open = HtsgetClient.ticket(Http.get(htsget + "openv?referenceName=1"));
    assertThat(open.toString()).doesNotContain("Authorization");
  }

  @Test
  void serverServiceInfo() throws IOException {
    Http.Response r = Http.get(server.base() + "/service-info");
    assertThat(r.status()).isEqualTo(200);
    JsonNode info = JSON.readTree(r.text());
    for (String field : List.of("id", "name", "type", "organization", "version")) {
      assertThat(info.has(field)).as(field).isTrue();
    }
    assertThat(info.at("/type/group").asText()).isEqualTo("org.ga4gh");
    assertThat(info.at("/type/artifact").asText()).isNotBlank();
    assertThat(info.at("/type/version").asText()).matches("\\d+\\.\\d+\\.\\d+");
    assertThat(info.at("/organization/name").asText()).isNotBlank();
    assertThat(info.at("/organization/url").asText()).startsWith("http");
    JsonNode services = JSON.readTree(Http.get(server.base() + "/services").text());
    assertThat(services.findValuesAsText("artifact")).contains("refget", "htsget");
    for (JsonNode s : info.get("services")) {
      assertThat(Http.get(s.asText()).status()).as(s.asText()).isEqualTo(200);
    }
  }
}
