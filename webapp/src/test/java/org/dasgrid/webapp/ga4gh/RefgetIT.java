package org.dasgrid.webapp.ga4gh;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.dasgrid.webapp.Http;
import org.dasgrid.webapp.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * refget v2 on the documented example config (docs/examples/refget/refget.yaml, the compliance suite's three
 * sequences): every checksum of the suite's checksums.json finds its sequence, whose bases, length and
 * digests match the original FASTA files (read here, independently of the server); random slices by
 * start/end and Range; slices across phiX's origin; and the spec's error statuses.
 */
class RefgetIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path EXAMPLE = TestServer.root().resolve("docs/examples/refget");
  static TestServer server;
  static String refget;
  /** The sequences of the suite's FASTA files (key as in checksums.json), read straight from the files. */
  static final Map<String, String> BASES = new LinkedHashMap<>();
  static JsonNode checksums;

  @BeforeAll
  static void start() throws IOException {
    server = TestServer.start(EXAMPLE.resolve("refget.yaml"));
    refget = server.base() + "/refget";
    checksums = JSON.readTree(EXAMPLE.resolve("checksums.json").toFile());
    Map<String, String> fasta = readFasta(EXAMPLE.resolve("refget.fa"));
    BASES.put("NC", fasta.get("NC_001422.1"));
    BASES.put("I", fasta.get("I"));
    BASES.put("VI", fasta.get("VI"));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static Stream<String> sequences() {
    return Stream.of("NC", "I", "VI");
  }

  @ParameterizedTest
  @MethodSource("sequences")
  void everyListedChecksumServesItsSequence(String key) throws IOException {
    JsonNode c = checksums.get(key);
    String bases = BASES.get(key);
    String ga4gh = c.get("ga4gh").asText();
    assertThat(ga4gh).startsWith("ga4gh:SQ.");
    for (String id : List.of(c.get("md5").asText(), "md5:" + c.get("md5").asText(),
        c.get("md5").asText().toUpperCase(java.util.Locale.ROOT), ga4gh, ga4gh.substring("ga4gh:".length()),
        c.get("sha512").asText(), "trunc512:" + c.get("sha512").asText(), c.get("insdc").asText(),
        "refget:" + (key.equals("NC") ? "NC_001422.1" : key))) {
      Http.Response r = Http.get(refget + "/sequence/" + id);
      assertThat(r.status()).as(id).isEqualTo(200);
      assertThat(r.header("Content-Type")).startsWith("text/vnd.ga4gh.refget.v2.0.0+plain");
      assertThat(r.text()).as(id).isEqualTo(bases);
    }
    JsonNode meta = JSON.readTree(Http.get(refget + "/sequence/" + c.get("md5").asText() + "/metadata").text())
        .get("metadata");
    assertThat(meta.get("md5").asText()).isEqualTo(c.get("md5").asText());
    assertThat("ga4gh:" + meta.get("ga4gh").asText()).isEqualTo(ga4gh);
    assertThat(meta.get("trunc512").asText()).isEqualTo(c.get("sha512").asText());
    // checksums.json says 5384 for phiX, but its own md5 is that of the 5,386 bases of the file (NCBI's length)
    assertThat(meta.get("length").asInt()).isEqualTo(bases.length());
    if (!key.equals("NC")) {
      assertThat(meta.get("length").asInt()).isEqualTo(c.get("size").asInt());
    }
    assertThat(meta.get("circular").asBoolean()).isEqualTo(c.get("is_circular").asInt() == 1);
    String insdc = c.get("insdc").asText();
    assertThat(meta.get("aliases").toString())
        .contains("{\"alias\":\"" + insdc.substring(6) + "\",\"naming_authority\":\"insdc\"}")
        .contains("{\"alias\":\"" + (key.equals("NC") ? "NC_001422.1" : key) + "\",\"naming_authority\":\"refget\"}");
  }

  @Test
  void randomSlicesMatchTheFasta() {
    Random random = new Random(20261126);
    for (int i = 0; i < 60; i++) {
      String key = List.of("NC", "I", "VI").get(random.nextInt(3));
      String bases = BASES.get(key);
      String md5 = checksums.get(key).get("md5").asText();
      int start = random.nextInt(bases.length());
      int end = start + random.nextInt(Math.min(5000, bases.length() - start) + 1);
      Http.Response r = Http.get(refget + "/sequence/" + md5 + "?start=" + start + "&end=" + end);
      assertThat(r.status()).isEqualTo(200);
      assertThat(r.header("Accept-Ranges")).isEqualTo("none");
      assertThat(r.text()).as("%s [%d,%d)", key, start, end).isEqualTo(bases.substring(start, end));
      if (end > start) {
        Http.Response ranged = Http.get(refget + "/sequence/" + md5, "Range", "bytes=" + start + "-" + (end - 1));
        assertThat(ranged.status()).isEqualTo(206);
        assertThat(ranged.header("Content-Range")).isEqualTo("bytes " + start + "-" + (end - 1) + "/" + bases.length());
        assertThat(ranged.text()).isEqualTo(bases.substring(start, end));
      }
    }
  }

  @Test
  void circularSlicesCrossTheOrigin() {
    String phix = BASES.get("NC");
    String md5 = checksums.get("NC").get("md5").asText();
    Http.Response r = Http.get(refget + "/sequence/" + md5 + "?start=5374&end=5");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.text()).isEqualTo(phix.substring(5374) + phix.substring(0, 5));
    assertThat(Http.get(refget + "/sequence/" + md5 + "?start=5385&end=0").text()).isEqualTo(phix.substring(5385));
    // a linear sequence cannot be read across its end
    assertThat(Http.get(refget + "/sequence/" + checksums.get("I").get("md5").asText() + "?start=100&end=5")
        .status()).isEqualTo(416);
    assertThat(Http.get(refget + "/sequence/" + md5 + "/metadata").text()).contains("\"circular\":true");
  }

  @Test
  void startAndEndEdges() {
    String md5 = checksums.get("I").get("md5").asText();
    assertThat(Http.get(refget + "/sequence/" + md5 + "?start=10&end=20").text()).isEqualTo("CCCACACACC");
    Http.Response empty = Http.get(refget + "/sequence/" + md5 + "?start=7&end=7");
    assertThat(empty.status()).isEqualTo(200);
    assertThat(empty.text()).isEmpty();
    assertThat(Http.get(refget + "/sequence/" + md5 + "?start=230200").text())
        .isEqualTo(BASES.get("I").substring(230200));
    assertThat(Http.get(refget + "/sequence/" + md5 + "?end=5").text()).isEqualTo("CCACA");
    Http.Response head = Http.method("HEAD", refget + "/sequence/" + md5, null);
    assertThat(head.status()).isEqualTo(200);
    assertThat(head.header("Content-Length")).isEqualTo("230218");
  }

  /** The compliance suite's error cases (phiX has 5,386 bases), and the spec's other rules. */
  @ParameterizedTest
  @MethodSource("errors")
  void errorsHaveTheSpecsStatus(String query, List<String> headers, int status) throws IOException {
    Http.Response r = Http.get(refget + "/sequence/" + query, headers.toArray(String[]::new));
    assertThat(r.status()).as(query + " " + headers).isEqualTo(status);
    assertThat(JSON.readTree(r.text()).at("/error/status").asInt()).isEqualTo(status);
  }

  static Stream<Arguments> errors() {
    String i = "6681ac2f62509cfc220d78751b8dc524";
    String nc = "3332ed720ac7eaa9b3655c06f6b9e196";
    List<String> none = List.of();
    List<Arguments> a = new ArrayList<>();
    a.add(Arguments.of("Garbagechecksum", none, 404));
    a.add(Arguments.of("00000000000000000000000000000000", none, 404));
    a.add(Arguments.of("md5:SQ.aKF498dAxcJAqme6QYQ7EZ07-fiw8Kw2", none, 404));
    a.add(Arguments.of("nosuchsource:I", none, 404));
    a.add(Arguments.of(i, List.of("Accept", "embl/some_json"), 406));
    a.add(Arguments.of(i + "/metadata", List.of("Accept", "text/plain"), 406));
    a.add(Arguments.of(i + "?start=abc&end=20", none, 400));
    a.add(Arguments.of(i + "?start=-10&end=-29", none, 400));
    a.add(Arguments.of(i + "?start=abc", none, 400));
    a.add(Arguments.of(i + "?start=4294967296", none, 400));
    a.add(Arguments.of(i + "?start=230219", none, 400));
    a.add(Arguments.of(i + "?start=1&end=2", List.of("Range", "bytes=1-2"), 400));
    a.add(Arguments.of(nc + "?start=67&end=5387", none, 416));
    a.add(Arguments.of(nc + "?start=5386&end=5375", none, 416));
    a.add(Arguments.of(nc + "?start=5386&end=5386", none, 416));
    a.add(Arguments.of(nc + "?start=5386&end=5", none, 416));
    for (String bad : List.of("units=20-30", "bytes=ab-19", "bytes=-10--19", "bytes=10--19", "bytes=-10-",
        "bytes==10-19")) {
      a.add(Arguments.of(i, List.of("Range", bad), 400));
    }
    for (String outside : List.of("bytes=5200-19", "bytes=59-50", "bytes=5385-5382", "bytes=5387-5391",
        "bytes=5386-5387", "bytes=9999-99999")) {
      a.add(Arguments.of(nc, List.of("Range", outside), 416));
    }
    a.add(Arguments.of(i, List.of("Range", "bytes=1-2,5-6"), 501));
    return a.stream();
  }

  @Test
  void acceptsTheSpecsMediaTypes() {
    String md5 = checksums.get("I").get("md5").asText();
    for (String accept : List.of("text/vnd.ga4gh.refget.v2.0.0+plain", "text/vnd.ga4gh.refget.v2.0.0+plain; charset=us-ascii",
        "text/plain", "*/*", "text/html,application/xhtml+xml,*/*;q=0.8")) {
      assertThat(Http.get(refget + "/sequence/" + md5 + "?end=3", "Accept", accept).text()).as(accept).isEqualTo("CCA");
    }
    Http.Response meta = Http.get(refget + "/sequence/" + md5 + "/metadata", "Accept", "application/json");
    assertThat(meta.status()).isEqualTo(200);
    assertThat(meta.header("Content-Type")).startsWith("application/vnd.ga4gh.refget.v2.0.0+json");
  }

  @Test
  void serviceInfoSaysWhatIsSupported() throws IOException {
    Http.Response r = Http.get(refget + "/sequence/service-info");
    assertThat(r.status()).isEqualTo(200);
    JsonNode info = JSON.readTree(r.text());
    assertThat(info.at("/type/group").asText()).isEqualTo("org.ga4gh");
    assertThat(info.at("/type/artifact").asText()).isEqualTo("refget");
    assertThat(info.at("/type/version").asText()).isEqualTo("2.0.0");
    assertThat(info.at("/refget/circular_supported").asBoolean()).isTrue();
    assertThat(info.at("/refget/algorithms").toString()).contains("md5", "ga4gh");
    assertThat(info.at("/refget/identifier_types").toString()).contains("insdc", "refget");
    assertThat(info.at("/refget/subsequence_limit").isNull()).isTrue();
    assertThat(info.has("id") && info.has("name") && info.has("organization") && info.has("version")).isTrue();
  }

  @Test
  void checksumsAreListedWithTheSource() throws IOException {
    JsonNode status = JSON.readTree(Http.get(server.base() + "/api/sources/refget").text());
    assertThat(status.get("sequences")).hasSize(3);
    for (JsonNode s : status.get("sequences")) {
      String key = s.get("name").asText().equals("NC_001422.1") ? "NC" : s.get("name").asText();
      assertThat(s.get("md5").asText()).isEqualTo(checksums.get(key).get("md5").asText());
      assertThat("ga4gh:" + s.get("ga4gh").asText()).isEqualTo(checksums.get(key).get("ga4gh").asText());
    }
    JsonNode eps = JSON.readTree(Http.get(server.das() + "/refget/entry_points?format=json").text());
    JsonNode first = eps.at("/dasep/entryPoints/0/segments/0");
    assertThat(first.get("id").asText()).isEqualTo("NC_001422.1");
    assertThat(first.get("md5").asText()).isEqualTo("3332ed720ac7eaa9b3655c06f6b9e196");
    assertThat(Http.get(server.das() + "/refget/entry_points").text()).doesNotContain("md5");
  }

  /** name to bases (upper-cased, line breaks removed) of a FASTA file. */
  static Map<String, String> readFasta(Path file) throws IOException {
    Map<String, String> out = new LinkedHashMap<>();
    String name = null;
    StringBuilder sb = new StringBuilder();
    for (String line : Files.readAllLines(file, StandardCharsets.US_ASCII)) {
      if (line.startsWith(">")) {
        if (name != null) {
          out.put(name, sb.toString());
        }
        name = line.substring(1).split("\\s+")[0];
        sb.setLength(0);
      } else {
        sb.append(line.trim().toUpperCase(java.util.Locale.ROOT));
      }
    }
    out.put(name, sb.toString());
    return out;
  }
}
