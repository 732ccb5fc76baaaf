package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.w3c.dom.Element;

/**
 * Long requests on the embedded server with the default limits (docs/operations.md): a GET reaches {@code
 * server.maxSegmentsPerRequest} (1,000 segments) and {@code server.maxQueryLength} (65,536 characters) within the
 * request-line-and-headers bound {@code server.http.maxHeaderBytes} (72 KiB), and every refusal, DasGrid's or
 * Tomcat's, is in the API's own format: a DAS document under {@code /das}, the JSON error body elsewhere, never
 * Tomcat's HTML page.
 */
@ExtendWith(LongRequestsIT.Server.class)
class LongRequestsIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  static TestServer server;

  static final class Server implements org.junit.jupiter.api.extension.BeforeAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
      server = TestServer.examples(context);
    }
  }

  @BeforeAll
  static void loaded() {
    assertThat(server).isNotNull();
  }

  /** {@code n} DAS segments of 2L, 10 bp each, joined by {@code &}. */
  private static String segments(int n, String separator) {
    return IntStream.range(0, n).mapToObj(i -> "segment=2L:" + (1_000_001 + i * 10) + "," + (1_000_010 + i * 10))
        .collect(Collectors.joining(separator));
  }

  @Test
  void aThousandSegmentsByGetAreAnsweredSegmentForSegment() {
    String query = segments(1000, "&");
    assertThat(query.length()).as("longer than Tomcat's old 16 KB bound").isGreaterThan(16_384);
    Http.Response r = Http.get(server.das() + "/dmel/features?" + query);
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.header("X-DAS-Status")).isEqualTo("200");
    assertThat(r.xml().getElementsByTagName("SEGMENT").getLength()).isEqualTo(1000);
  }

  @Test
  void oneSegmentOverTheLimitIsADasRefusalNamingIt() {
    Http.Response r = Http.get(server.das() + "/dmel/features?" + segments(1001, "&"));
    assertDasError(r, 402, "1001 segments requested; at most 1000 per request (server.maxSegmentsPerRequest)");
  }

  @Test
  void aQueryOverMaxQueryLengthByGetIsRefusedInTheApisFormat() throws IOException {
    String query = segments(2500, ";");
    assertThat(query.length()).isBetween(65_537, 73_728 - 2_048);
    assertDasError(Http.get(server.das() + "/dmel/features?" + query), 402, "(server.maxQueryLength)");
    String samples = "segment=1:1,1000&samples=" + "NA12345,".repeat(8_300);
    assertThat(samples.length()).isBetween(65_537, 73_728 - 2_048);
    assertJsonError(Http.get(server.base() + "/genotypes/ceu/variants?" + samples), 400, "(server.maxQueryLength)");
  }

  @Test
  void aRequestLineOverTheHeaderBoundIsRefusedAsJsonNamingTheBoundAndPost() throws IOException {
    Http.Response r = Http.get(server.das() + "/dmel/features?" + segments(4000, "&"));
    assertJsonError(r, 400, "longer than 73728 bytes (server.http.maxHeaderBytes)");
    assertThat(r.text()).contains("POST form body");
  }

  @Test
  void headersOverTheBoundOnADasPathAreADasDocument() {
    Http.Response r = Http.get(server.das() + "/dmel/types", "X-Filler", "x".repeat(80_000));
    assertDasError(r, 402, "longer than 73728 bytes (server.http.maxHeaderBytes)");
    Http.Response json = Http.get(server.das() + "/dmel/types?format=json", "X-Filler", "x".repeat(80_000));
    assertThat(json.status()).isEqualTo(402);
    assertThat(json.header("Content-Type")).startsWith("application/json");
  }

  @Test
  void aCharacterTomcatRefusesUnencodedIsRefusedInTheApisFormat() throws IOException {
    assertDasError(Http.raw(server.base(), "/das/dmel/features?segment=2L:1,10|x"), 402, "percent-encode");
    assertJsonError(Http.raw(server.base(), "/genotypes/ceu/variants?segment=1:1,10&info.X=a|b"), 400,
        "percent-encode");
  }

  @Test
  void aMethodNoServletTakesIsRefusedInJsonNotHtml() throws IOException {
    for (List<String> c : List.of(List.of("PUT", "/api/sources"), List.of("DELETE", "/health/live"),
        List.of("POST", "/metrics"), List.of("PUT", "/files/dmel/dmel.gff3.gz"))) {
      Http.Response r = Http.raw(server.base(), c.get(0), c.get(1), List.of(), null);
      assertJsonError(r, 405, "");
    }
  }

  private static void assertDasError(Http.Response r, int status, String message) {
    assertThat(r.status()).isEqualTo(status);
    assertThat(r.header("Content-Type")).startsWith("text/xml");
    assertThat(r.header("X-DAS-Status")).isEqualTo(Integer.toString(status));
    assertThat(r.header("X-Content-Type-Options")).isEqualTo("nosniff");
    Element root = r.xml().getDocumentElement();
    assertThat(root.getTagName()).isEqualTo("DASERROR");
    assertThat(root.getAttribute("status")).isEqualTo(Integer.toString(status));
    assertThat(root.getTextContent()).contains(message);
  }

  private static void assertJsonError(Http.Response r, int status, String message) throws IOException {
    assertThat(r.status()).isEqualTo(status);
    assertThat(r.header("Content-Type")).startsWith("application/json");
    assertThat(r.header("X-Content-Type-Options")).isEqualTo("nosniff");
    JsonNode error = JSON.readTree(r.text()).path("error");
    assertThat(error.path("status").asInt()).isEqualTo(status);
    assertThat(error.path("message").asText()).contains(message).isNotBlank();
  }
}
