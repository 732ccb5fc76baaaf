package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The genotype JSON API over HTTP on a small VCF written here: answer shapes, NDJSON, timings in body and
 * Server-Timing, streaming of large answers, POSTed sample lists, and every bad input with its status and a
 * JSON error (never a stack trace). bcftools cross-checks live in the perf module's GenotypeCrossCheckIT.
 */
class GenotypeApiIT {
  static final ObjectMapper JSON = new ObjectMapper();
  static final int SITES = 3000;
  @TempDir static Path dir;
  static TestServer server;
  static String base;

  @BeforeAll
  static void start() throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add("##fileformat=VCFv4.2");
    lines.add("##contig=<ID=chr17,length=83257441>");
    lines.add("##contig=<ID=chrY,length=57227415>");
    lines.add("##FORMAT=<ID=GT,Number=1,Type=String,Description=\"Genotype\">");
    lines.add("#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tA\tB\tC\tD");
    for (int i = 0; i < SITES; i++) {
      // A is het everywhere, B hom every 3rd site, C missing, D 0/0
      lines.add("chr17\t" + (7_661_779 + i * 5) + "\trs" + i + "\tC\tT\t.\tPASS\t.\tGT\t0|1\t"
          + (i % 3 == 0 ? "1/1" : "0/0") + "\t./.\t0/0");
    }
    lines.add("chrY\t2786855\t.\tG\tA,T\t.\tPASS\t.\tGT\t1\t2\t.\t0");
    Files.write(dir.resolve("cohort.vcf"), lines);
    Files.writeString(dir.resolve("dasgrid.yaml"), String.join("\n",
        "server:", "  maxSegmentsPerRequest: 4", "  maxFeaturesPerResponse: 2500", "sources:",
        "  - {id: cohort, format: vcf, path: cohort.vcf, genotypes: true}",
        "  - {id: sites, format: vcf, path: cohort.vcf}", ""));
    server = TestServer.start(dir.resolve("dasgrid.yaml"));
    base = server.base() + "/genotypes";
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static JsonNode json(Http.Response r) throws IOException {
    return JSON.readTree(r.text());
  }

  @Test
  void variantsCarryTheContractFieldsAndTimings() throws IOException {
    Http.Response r = Http.get(base + "/cohort/variants?segment=17:7661779,7661790&zygosity=hom");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.header("Content-Type")).startsWith("application/json");
    assertThat(r.header("Access-Control-Allow-Origin")).isEqualTo("*");
    JsonNode body = json(r);
    assertThat(body.get("count").asInt()).isEqualTo(1);
    JsonNode v = body.get("variants").get(0);
    assertThat(v.toString()).isEqualTo("{\"chrom\":\"chr17\",\"pos\":7661779,\"ref\":\"C\",\"alt\":\"T\",\"id\":\"rs0\","
        + "\"het\":1,\"hom\":1,\"ac\":3,\"an\":6,\"af\":0.5}");
    assertThat(List.of(body.fieldNames().next())).containsExactly("variants");
    assertTimings(r, body);
  }

  /** The sample-level answers end with the timings too (JSON: last fields; NDJSON: the closing line's). */
  @Test
  void sampleLevelAnswersCarryTheTimings() throws IOException {
    String seg = "segment=chr17:7661779,7661840";
    for (String q : List.of("/cohort/kinship?samples=A,B", "/cohort/hom-ref?" + seg, "/cohort/sample-counts?" + seg)) {
      Http.Response r = Http.get(base + q);
      assertThat(r.status()).as(q).isEqualTo(200);
      JsonNode body = json(r);
      List<String> fields = new ArrayList<>();
      body.fieldNames().forEachRemaining(fields::add);
      assertThat(fields.subList(fields.size() - 2, fields.size())).as(q).containsExactly("elapsed_db_ms", "elapsed_ms");
      assertTimings(r, body);
      Http.Response nd = Http.get(base + q, "Accept", "application/x-ndjson");
      List<String> lines = nd.text().lines().toList();
      assertTimings(nd, JSON.readTree(lines.get(lines.size() - 1)));
    }
    Http.Response score = Http.method("POST", base + "/cohort/score", "rs0 T 1.5\nrs3 T 0.5\n");
    assertThat(score.status()).isEqualTo(200);
    JsonNode body = json(score);
    assertThat(body.get("matched").asInt()).isEqualTo(2);
    assertTimings(score, body);
  }

  /**
   * A weights file's mistakes a new user makes, each a 400 in plain JSON saying what happened: a multipart upload
   * ({@code curl -F}), a variant named twice (both lines), a single line read as a header.
   */
  @Test
  void weightsMistakesAreSaidPlainly() throws Exception {
    String boundary = "------------------------d74496d66958873e";
    Http.Response form = Http.method("POST", base + "/cohort/score", "--" + boundary + "\r\n"
        + "Content-Disposition: form-data; name=\"file\"; filename=\"w.txt\"\r\n"
        + "Content-Type: text/plain\r\n\r\nrs0 T 1.5\r\n--" + boundary + "--\r\n",
        "Content-Type", "multipart/form-data; boundary=" + boundary);
    assertThat(form.status()).isEqualTo(400);
    assertThat(json(form).at("/error/message").asText()).contains(
        "multipart form upload (curl -F); send the file as the raw body: curl --data-binary @w.txt");
    Http.Response twice = Http.method("POST", base + "/cohort/score", "rs0 T 1.5\nrs3 T 0.5\nrs0 T 1.5\n");
    assertThat(twice.status()).isEqualTo(400);
    assertThat(json(twice).at("/error/message").asText())
        .isEqualTo("weights:3: variant 'rs0' is also on line 1; give each variant once (plink refuses duplicate "
            + "IDs too)");
    Http.Response header = Http.method("POST", base + "/cohort/score", "rs0 T 1,5\n");
    assertThat(header.status()).isEqualTo(400);
    assertThat(json(header).at("/error/message").asText())
        .startsWith("weights:1: no weights: the first line ('rs0 T 1,5') was read as a header");
  }

  /** The Server-Timing header of a buffered answer repeats the body's two timings. */
  static void assertTimings(Http.Response r, JsonNode summary) {
    Matcher m = Pattern.compile("elapsed_db;dur=([0-9.]+), elapsed;dur=([0-9.]+)").matcher(r.header("Server-Timing"));
    assertThat(m.matches()).as(r.header("Server-Timing")).isTrue();
    assertThat(summary.get("elapsed_db_ms").asDouble()).isEqualTo(Double.parseDouble(m.group(1)));
    assertThat(summary.get("elapsed_ms").asDouble()).isEqualTo(Double.parseDouble(m.group(2)));
    assertThat(summary.get("elapsed_ms").asDouble()).isGreaterThanOrEqualTo(summary.get("elapsed_db_ms").asDouble());
  }

  @Test
  void samplesAndCountAgreeWithVariants() throws IOException {
    String q = "?segment=chr17:7661779,7661840&zygosity=any";
    JsonNode variants = json(Http.get(base + "/cohort/variants" + q));
    JsonNode samples = json(Http.get(base + "/cohort/samples" + q));
    JsonNode count = json(Http.get(base + "/cohort/count" + q));
    assertThat(variants.get("count").asInt()).isEqualTo(13);
    assertThat(samples.get("samples").toString())
        .isEqualTo("[{\"sample\":\"A\",\"het\":13,\"hom\":0},{\"sample\":\"B\",\"het\":0,\"hom\":5}]");
    assertThat(count.toString()).startsWith("{\"variants\":13,\"het\":13,\"hom\":5,\"samples\":2,\"elapsed_db_ms\":");
    JsonNode subset = json(Http.get(base + "/cohort/count?segment=chr17:7661779,7661840&samples=B,C&zygosity=het"));
    assertThat(subset.get("variants").asInt()).isZero();
  }

  @Test
  void haploidCallsCountAsHomAndMultiAllelicSitesAreSplit() throws IOException {
    JsonNode body = json(Http.get(base + "/cohort/variants?segment=Y&zygosity=hom"));
    assertThat(body.get("variants").toString()).isEqualTo(
        "[{\"chrom\":\"chrY\",\"pos\":2786855,\"ref\":\"G\",\"alt\":\"A\",\"id\":null,\"het\":0,\"hom\":1,\"ac\":1,\"an\":3,"
            + "\"af\":0.3333333333333333},{\"chrom\":\"chrY\",\"pos\":2786855,\"ref\":\"G\",\"alt\":\"T\",\"id\":null,"
            + "\"het\":0,\"hom\":1,\"ac\":1,\"an\":3,\"af\":0.3333333333333333}]");
  }

  @Test
  void ndjsonStreamsOneObjectPerLineAndASummary() throws IOException {
    Http.Response r = Http.get(base + "/cohort/samples?segment=17&zygosity=any", "Accept", "application/x-ndjson");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.header("Content-Type")).startsWith("application/x-ndjson");
    String[] lines = r.text().split("\n");
    assertThat(lines).hasSize(3);
    assertThat(json(lines[0]).get("sample").asText()).isEqualTo("A");
    JsonNode summary = json(lines[2]);
    assertThat(summary.get("count").asInt()).isEqualTo(2);
    assertTimings(r, summary);
  }

  static JsonNode json(String s) throws IOException {
    return JSON.readTree(s);
  }

  @Test
  void largeAnswersStreamCompressedWithLimitsAndSegments() throws IOException {
    Http.Response r = Http.get(base + "/cohort/variants?segment=17:1,7671779&segment=17:7671780,7700000&limit=2400",
        "Accept", "application/x-ndjson", "Accept-Encoding", "gzip");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.header("Content-Encoding")).isEqualTo("gzip");
    String[] lines = r.text().split("\n");
    assertThat(lines).hasSize(2401);
    assertThat(json(lines[2399]).get("id").asText()).isEqualTo("rs2399");
    assertThat(json(lines[2400]).get("count").asInt()).isEqualTo(2400);
    assertThat(r.header("Server-Timing")).startsWith("elapsed_db;dur=");
  }

  @Test
  void postedFormBodiesCarryLongSampleLists() throws IOException {
    Http.Response r = Http.method("POST", base + "/cohort/count?segment=17", "samples=B&zygosity=hom",
        "Content-Type", "application/x-www-form-urlencoded");
    assertThat(json(r).get("variants").asInt()).isEqualTo(1000);
  }

  static Stream<Arguments> badRequests() {
    return Stream.of(
        bad("/cohort/variants?segment=17&zygosity=maybe", 400, "zygosity must be het, hom or any, not 'maybe'"),
        bad("/cohort/samples?segment=17&zygosity=", 400, "zygosity must be"),
        bad("/cohort/variants?segment=17&samples=A,Nobody", 400, "unknown sample: Nobody"),
        bad("/cohort/count?segment=17&samples=", 400, "empty sample name"),
        bad("/cohort/variants?segment=17:x,y", 400, "malformed segment '17:x,y'"),
        bad("/cohort/variants?segment=17:20,10", 400, "start 20 is after stop 10"),
        bad("/cohort/variants?segment=", 400, "empty segment"),
        bad("/cohort/variants?segment=17:0,10", 400, "coordinates start at 1"),
        bad("/cohort/variants?segment=chr99:1,10", 400, "unknown reference 'chr99'"),
        bad("/cohort/variants?zygosity=het", 400, "at least one segment"),
        bad("/cohort/variants?" + "segment=17:1,2&".repeat(5), 400, "5 segments requested; at most 4"),
        bad("/cohort/variants?segment=17&limit=-3", 400, "limit must be a whole number"),
        bad("/cohort/variants?segment=17", 400, "more than 2500 variants match; add limit=N"),
        bad("/cohort/variants?segment=17&zygote=het", 400, "unknown argument 'zygote'"),
        bad("/cohort/variants?segment=%ZZ", 400, "percent-encoding"),
        bad("/nosuch/variants?segment=17", 404, "unknown data source 'nosuch'"),
        bad("/sites/variants?segment=17", 404, "data source 'sites' has no genotypes"),
        bad("/cohort/genotypes?segment=17", 404, "unknown genotype query 'genotypes'"),
        bad("/cohort", 404, "no such resource"),
        bad("/", 404, "no such resource"),
        bad("/%3Cscript%3E/variants", 404, "no such resource"));
  }

  static Arguments bad(String pathAndQuery, int status, String message) {
    return Arguments.of(pathAndQuery, status, message);
  }

  @ParameterizedTest
  @MethodSource("badRequests")
  void badInputGetsItsStatusAndAJsonError(String pathAndQuery, int status, String message) throws IOException {
    Http.Response r = Http.raw(server.base(), "/genotypes" + pathAndQuery);
    assertThat(r.status()).isEqualTo(status);
    assertThat(r.header("Content-Type")).startsWith("application/json");
    JsonNode error = json(r).get("error");
    assertThat(error.get("status").asInt()).isEqualTo(status);
    assertThat(error.get("message").asText()).contains(message).doesNotContain("Exception", "\tat ", "<script>");
  }

  @Test
  void otherMethodsAre405() throws IOException {
    Http.Response r = Http.method("PUT", base + "/cohort/variants?segment=17", "x");
    assertThat(r.status()).isEqualTo(405);
    assertThat(json(r).get("error").get("message").asText()).contains("method PUT is not supported");
  }
}
