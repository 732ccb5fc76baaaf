package org.dasgrid.webapp.ga4gh;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.dasgrid.webapp.Http;
import org.dasgrid.webapp.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The cases of the GA4GH refget compliance suite (github.com/ga4gh/refget-compliance-suite,
 * {@code compliance_suite/tests.py} and its {@code *_algorithms.py}), run as the suite runs them: with the
 * refget 1.0 media types in {@code Accept} (a v1 client), against the suite's own three files served as they
 * are named ({@code .faa}, under {@code format: fasta}). Expected bases and lengths are the suite's literals, or
 * slices of the files read here, as the suite slices its copy.
 *
 * <p>Where refget 2.0 changed the contract, the v2 rule is checked and the difference said: the suite's
 * service-info checks read a v1 {@code "service"} object that v2 replaced by GA4GH service-info with a
 * {@code "refget"} object.
 */
class RefgetComplianceIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path SUITE = TestServer.root().resolve("webapp/src/test/resources/refget");
  /** The suite's Accept headers (compliance_suite/sequence_algorithms.py, metadata_algorithms.py). */
  private static final String V1_PLAIN = "text/vnd.ga4gh.refget.v1.0.0+plain";
  private static final String V1_JSON = "application/vnd.ga4gh.refget.v1.0.0+json";
  private static final String I_MD5 = "6681ac2f62509cfc220d78751b8dc524";
  private static final String I_TRUNC512 = "959cb1883fc1ca9ae1394ceb475a356ead1ecceff5824ae7";
  private static final String NC_MD5 = "3332ed720ac7eaa9b3655c06f6b9e196";

  @TempDir static Path dir;
  static TestServer server;
  static String base;
  /** Chromosome I's bases, read from I.faa here (the suite's data[0]). */
  static String chromosomeI;

  @BeforeAll
  static void start() throws IOException {
    for (String f : List.of("NC.faa", "I.faa", "VI.faa")) {
      Files.copy(SUITE.resolve(f), dir.resolve(f));
    }
    Files.writeString(dir.resolve("refget.yaml"), """
        sources:
          - {id: phix, format: fasta, path: NC.faa, circular: [NC_001422.1]}
          - {id: yeast_I, format: fasta, path: I.faa}
          - {id: yeast_VI, format: fasta, path: VI.faa}
        """);
    server = TestServer.start(dir.resolve("refget.yaml"));
    base = server.base() + "/refget/";
    chromosomeI = RefgetIT.readFasta(SUITE.resolve("I.faa")).get("I");
    assertThat(chromosomeI).hasSize(230_218);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static Http.Response sequence(String idAndQuery, String... headers) {
    return Http.get(base + "sequence/" + idAndQuery, headers);
  }

  @Test
  void everyFileIsServedUnderItsChecksums() throws IOException {
    JsonNode checksums = JSON.readTree(SUITE.resolve("checksums.json").toFile());
    for (String key : List.of("NC", "I", "VI")) {
      String bases = RefgetIT.readFasta(SUITE.resolve(key + ".faa")).values().iterator().next();
      for (String field : List.of("md5", "sha512", "ga4gh", "insdc")) {
        String id = checksums.get(key).get(field).asText();
        if (field.equals("insdc")) {
          continue; // the suite's files carry no INSDC alias; RefgetIT checks them with an aliases file
        }
        Http.Response r = sequence(id, "Accept", V1_PLAIN);
        assertThat(r.status()).as(key + " " + id).isEqualTo(200);
        assertThat(r.text()).as(key + " " + id).isEqualTo(bases);
      }
    }
  }

  // -- sequence endpoint (sequence_algorithms.py) --

  @Test
  void sequenceImplementedForV1AndV2Clients() {
    Http.Response v1 = sequence(I_MD5, "Accept", V1_PLAIN);
    assertThat(v1.status()).isEqualTo(200);
    assertThat(v1.header("Content-Type")).isEqualTo("text/vnd.ga4gh.refget.v1.0.0+plain;charset=us-ascii");
    assertThat(v1.text()).isEqualTo(chromosomeI);
    Http.Response v2 = sequence(I_MD5, "Accept", "text/vnd.ga4gh.refget.v2.0.0+plain");
    assertThat(v2.header("Content-Type")).isEqualTo("text/vnd.ga4gh.refget.v2.0.0+plain;charset=us-ascii");
    assertThat(v2.body()).isEqualTo(v1.body());
    // a client that takes both gets the newer; no Accept header at all is the default encoding
    assertThat(sequence(I_MD5 + "?end=3", "Accept", V1_PLAIN + ", text/vnd.ga4gh.refget.v2.0.0+plain")
        .header("Content-Type")).startsWith("text/vnd.ga4gh.refget.v2.0.0+plain");
    assertThat(sequence(I_MD5 + "?end=3").status()).isEqualTo(200);
    assertThat(sequence(I_TRUNC512 + "?end=3", "Accept", V1_PLAIN).text()).isEqualTo("CCA");
    assertThat(sequence("Garbagechecksum", "Accept", V1_PLAIN).status()).isEqualTo(404);
    assertThat(sequence(I_MD5, "Accept", "embl/some_json").status()).isEqualTo(406);
  }

  @Test
  void startEndAndRange() {
    Http.Response slice = sequence(I_MD5 + "?start=10&end=20", "Accept", V1_PLAIN);
    assertThat(slice.status()).isEqualTo(200);
    assertThat(slice.text()).isEqualTo("CCCACACACC");
    Http.Response range = sequence(I_MD5, "Accept", V1_PLAIN, "Range", "bytes=10-19");
    assertThat(range.status()).isEqualTo(206);
    assertThat(range.text()).isEqualTo("CCCACACACC");
  }

  /** test_sequence_start_end_success_cases: query, Python slice [from:to], Content-Length. */
  static Stream<Arguments> startEndSuccess() {
    return Stream.of(
        Arguments.of("?start=10&end=10", 10, 10, 0),
        Arguments.of("?start=10&end=20", 10, 20, 10),
        Arguments.of("?start=10&end=11", 10, 11, 1),
        Arguments.of("?start=230208", 230208, null, 10),
        Arguments.of("?end=5", null, 5, 5),
        Arguments.of("?start=230217&end=230218", 230217, 230218, 1),
        Arguments.of("?start=0", 0, null, 230218),
        Arguments.of("?&end=230218", null, 230218, 230218),
        Arguments.of("?start=0&end=230218", 0, 230218, 230218),
        Arguments.of("?start=1&end=230218", 1, 230218, 230217),
        Arguments.of("?start=230217", 230217, null, 1),
        Arguments.of("?end=0", null, 0, 0));
  }

  @ParameterizedTest
  @MethodSource("startEndSuccess")
  void startEndSuccessCases(String query, Integer from, Integer to, int length) {
    Http.Response r = sequence(I_MD5 + query, "Accept", V1_PLAIN);
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.text()).isEqualTo(chromosomeI.substring(from == null ? 0 : from, to == null ? 230_218 : to));
    assertThat(r.header("Content-Length")).isEqualTo(String.valueOf(length));
  }

  /** test_sequence_range_success_cases: Range, first and last byte, status and Content-Length. */
  static Stream<Arguments> rangeSuccess() {
    return Stream.of(
        Arguments.of("bytes=10-19", 10, 19, 10),
        Arguments.of("bytes=10-230217", 10, 230217, 230208),
        Arguments.of("bytes=10-999999", 10, 999999, 230208),
        Arguments.of("bytes=0-230217", 0, 230217, 230218),
        Arguments.of("bytes=0-999999", 0, 999999, 230218),
        Arguments.of("bytes=0-0", 0, 0, 1),
        Arguments.of("bytes=230217-230217", 230217, 230217, 1));
  }

  @ParameterizedTest
  @MethodSource("rangeSuccess")
  void rangeSuccessCases(String range, int first, int last, int length) {
    Http.Response r = sequence(I_MD5, "Accept", V1_PLAIN, "Range", range);
    assertThat(r.status()).isEqualTo(206);
    assertThat(r.text()).isEqualTo(chromosomeI.substring(first, Math.min(last + 1, 230_218)));
    assertThat(r.header("Content-Length")).isEqualTo(String.valueOf(length));
  }

  /** test_sequence_circular: phiX174 across its origin; bases and lengths are the suite's literals. */
  static Stream<Arguments> circular() {
    return Stream.of(
        Arguments.of("?start=5374&end=5", "ATCCAACCTGCAGAGTT", 17),
        Arguments.of("?start=5374&end=0", "ATCCAACCTGCA", 12),
        Arguments.of("?start=5380&end=25", "CCTGCAGAGTTTTATCGCTTCCATGACGCAG", 31));
  }

  @ParameterizedTest
  @MethodSource("circular")
  void circularCases(String query, String bases, int length) {
    Http.Response r = sequence(NC_MD5 + query, "Accept", V1_PLAIN);
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.text()).isEqualTo(bases);
    assertThat(r.header("Content-Length")).isEqualTo(String.valueOf(length));
  }

  /**
   * test_sequence_start_end_errors, test_sequence_range_errors and test_sequence_circular_support_true_errors
   * (this server supports circular sequences): id, query, Range header (or none), status.
   */
  static Stream<Arguments> errors() {
    List<Arguments> a = new ArrayList<>();
    a.add(Arguments.of(I_MD5, "?start=abc&end=20", null, 400));
    a.add(Arguments.of(I_MD5, "?start=-10&end=-29", null, 400));
    a.add(Arguments.of(I_MD5, "?start=abc", null, 400));
    a.add(Arguments.of(NC_MD5, "?start=67&end=5387", null, 416));
    a.add(Arguments.of(NC_MD5, "?start=5386&end=5375", null, 416));
    a.add(Arguments.of(NC_MD5, "?start=5386&end=5386", null, 416));
    a.add(Arguments.of(NC_MD5, "?start=5386&end=5", null, 416));
    for (String bad : List.of("units=20-30", "bytes=ab-19", "bytes=-10--19", "bytes=10--19", "bytes=-10-",
        "bytes==10-19")) {
      a.add(Arguments.of(I_MD5, "", bad, 400));
    }
    for (String outside : List.of("bytes=5200-19", "bytes=59-50", "bytes=5385-5382", "bytes=5387-5391",
        "bytes=5386-5387", "bytes=9999-99999")) {
      a.add(Arguments.of(NC_MD5, "", outside, 416));
    }
    a.add(Arguments.of(I_MD5, "?start=220218&end=671", null, 416));
    return a.stream();
  }

  @ParameterizedTest
  @MethodSource("errors")
  void errorCases(String id, String query, String range, int status) {
    Http.Response r = range == null ? sequence(id + query, "Accept", V1_PLAIN)
        : sequence(id + query, "Accept", V1_PLAIN, "Range", range);
    assertThat(r.status()).as(id + query + " " + range).isEqualTo(status);
  }

  // -- metadata endpoint (metadata_algorithms.py) --

  @Test
  void metadataCases() throws IOException {
    Http.Response r = sequence(I_MD5 + "/metadata", "Accept", V1_JSON);
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.header("Content-Type")).isEqualTo("application/vnd.ga4gh.refget.v1.0.0+json;charset=us-ascii");
    JsonNode meta = JSON.readTree(r.text()).get("metadata");
    assertThat(meta.get("md5").asText()).isEqualTo(I_MD5);
    assertThat(meta.get("trunc512").asText()).isEqualTo(I_TRUNC512);
    assertThat(meta.get("length").asInt()).isEqualTo(230_218);
    assertThat(meta.get("aliases").isArray()).isTrue();
    assertThat(sequence(I_MD5 + "/metadata").status()).isEqualTo(200);
    assertThat(sequence(I_TRUNC512 + "/metadata", "Accept", V1_JSON).status()).isEqualTo(200);
    assertThat(sequence(NC_MD5 + "/metadata", "Accept", V1_JSON).status()).isEqualTo(200);
    assertThat(sequence("some1111garbage1111ID/metadata", "Accept", V1_JSON).status()).isEqualTo(404);
    assertThat(sequence(I_MD5 + "/metadata", "Accept", "embl/some_json").status()).isEqualTo(406);
  }

  // -- service-info (info_algorithms.py, in refget 2.0's form) --

  @Test
  void serviceInfoCases() throws IOException {
    Http.Response r = Http.get(base + "sequence/service-info", "Accept", V1_JSON);
    assertThat(r.status()).isEqualTo(200);
    assertThat(Http.get(base + "sequence/service-info").status()).isEqualTo(200);
    // v2 answers GA4GH service-info (its own media type) with the suite's keys under "refget"
    assertThat(r.header("Content-Type")).startsWith("application/vnd.ga4gh.refget.v2.0.0+json");
    JsonNode info = JSON.readTree(r.text());
    assertThat(info.at("/refget/circular_supported").asBoolean()).isTrue();
    assertThat(info.at("/refget/algorithms").isArray()).isTrue();
    assertThat(info.at("/refget").has("subsequence_limit")).isTrue();
    assertThat(info.at("/type/version").asText()).isEqualTo("2.0.0");
  }
}
