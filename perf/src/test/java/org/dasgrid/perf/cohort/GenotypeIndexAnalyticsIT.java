package org.dasgrid.perf.cohort;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.datasources.vcf.VcfGenotypeIndexer;
import org.dasgrid.webapp.EmbeddedServer;
import org.dasgrid.webapp.ServerOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The analytics half of the index identity check ({@code GenotypeIndexIT} does the plain queries): one
 * generated annotated cohort ({@code CohortGenerator --annotate}: CSQ, numeric, per-ALT, string and flag INFO;
 * multi-allelic sites, no-calls and partial calls, haploid chrX/chrY/chrM calls) served loaded into the heap and
 * from its index file ({@code genotypeIndex:}), asked random analytics queries — {@code stats=true}, {@code
 * cases=}/{@code controls=}, {@code top=} by both p-values, REF/ALT/type/length/allelic/af filters, {@code
 * info.*} and {@code csq.*} filters, virtual cohorts — each page of a paged walk followed through its {@code
 * next} cursor to the end. Every answer must be the same bytes but for the timings.
 */
class GenotypeIndexAnalyticsIT {
  static final ObjectMapper JSON = new ObjectMapper();
  static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  static final List<String> REGIONS = List.of("chr17:7661779,7687538", "chr13:32315508,32400268", "chrX", "chrY",
      "chrM", "chr1:1,60000000", "chr2", "chr13", "chr17");
  static final List<String> FILTERS = List.of("info.SCORE=10,20", "info.SCORE=,5.5", "info.GNOMAD_AF=,0.001",
      "info.GNOMAD_AF=0.0001,0.01", "info.CLNSIG=Pathogenic|Likely_pathogenic", "info.DB=true", "info.DB=false",
      "csq.consequence=missense_variant", "csq.impact=HIGH|MODERATE", "csq.symbol=TP53,BRCA2",
      "csq.biotype=protein_coding", "type=snv", "type=insertion,deletion", "allelic=multiallelic",
      "allelic=biallelic", "af=0,0.05", "af=0.2,1", "ref=A,C", "min_length=2", "max_length=3");
  static final int SAMPLES = 150;
  @TempDir static Path dir;
  static EmbeddedServer server;

  @BeforeAll
  static void prepare() throws Exception {
    Path vcf = dir.resolve("annotated.vcf.gz");
    CohortGenerator.Summary s = new CohortGenerator(new CohortGenerator.Options(SAMPLES, 8000, 21, vcf, 5, true))
        .generate(new PrintStream(new ByteArrayOutputStream()));
    assertThat(s.multiAllelicSites()).isGreaterThan(50);
    assertThat(s.missingCalls()).isGreaterThan(1000);
    assertThat(s.partialCalls()).isGreaterThan(50);
    assertThat(s.haploidCalls()).isGreaterThan(10_000);
    VcfGenotypeIndexer.build(vcf, dir.resolve("annotated.dgi"), LoadMonitor.NONE);
    Files.writeString(dir.resolve("dasgrid.yaml"), String.join("\n",
        "server: {maxFeaturesPerResponse: 10000000, maxSegmentsPerRequest: 1000}", "sources:",
        "  - {id: heap, format: vcf, path: annotated.vcf.gz, genotypes: true}",
        "  - {id: mapped, format: vcf, path: annotated.vcf.gz, genotypes: true, genotypeIndex: annotated.dgi}",
        ""));
    server = EmbeddedServer.start(ServerOptions.defaults().withPort(0).withBind("127.0.0.1").withWarmupSeconds(0)
        .withConfig(dir.resolve("dasgrid.yaml")), new PrintStream(new ByteArrayOutputStream()));
    assertThat(server.awaitLoaded(60, TimeUnit.SECONDS)).isTrue();
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void analyticsAnswerTheSameFromTheIndex() throws Exception {
    Random rnd = new Random(31);
    int rows = 0;
    int pages = 0;
    for (int q = 0; q < 120; q++) {
      String args = randomArgs(rnd);
      boolean top = args.contains("&top=");
      String limit = top ? "" : "&limit=" + (1 + rnd.nextInt(rnd.nextBoolean() ? 5 : 200));
      String cursor = "";
      for (int guard = 0; guard < 10_000; guard++) {
        String query = args + limit + cursor;
        String heap = get("heap", query);
        String mapped = get("mapped", query);
        assertThat(untimed(mapped)).as(query).isEqualTo(untimed(heap));
        JsonNode answer = JSON.readTree(heap);
        rows += answer.get("variants").size();
        pages++;
        if (!answer.has("next")) {
          break;
        }
        cursor = "&cursor=" + URLEncoder.encode(answer.get("next").asText(), StandardCharsets.UTF_8);
      }
    }
    assertThat(rows).as("rows compared").isGreaterThan(2000);
    assertThat(pages).as("pages compared").isGreaterThan(200);
  }

  @Test
  void unpagedAnalyticsAnswerTheSameFromTheIndex() throws Exception {
    Random rnd = new Random(32);
    int nonEmpty = 0;
    for (int q = 0; q < 60; q++) {
      String query = randomArgs(rnd);
      String heap = untimed(get("heap", query));
      assertThat(untimed(get("mapped", query))).as(query).isEqualTo(heap);
      nonEmpty += heap.startsWith("{\"variants\":[]") ? 0 : 1;
    }
    assertThat(nonEmpty).isGreaterThan(30);
  }

  static String randomArgs(Random rnd) {
    StringBuilder q = new StringBuilder("segment=").append(REGIONS.get(rnd.nextInt(REGIONS.size())));
    if (rnd.nextInt(3) == 0) {
      q.append("&segment=").append(REGIONS.get(rnd.nextInt(REGIONS.size())));
    }
    q.append("&zygosity=").append(List.of("het", "hom", "any").get(rnd.nextInt(3)));
    List<String> chosen = new ArrayList<>();
    for (int s = 0; s < SAMPLES; s++) {
      chosen.add(CohortGenerator.sampleName(s));
    }
    if (rnd.nextInt(3) == 0) {
      chosen = pick(rnd, chosen, 20 + rnd.nextInt(80));
      q.append("&samples=").append(String.join(",", chosen));
    }
    if (rnd.nextBoolean()) {
      q.append("&stats=true");
    }
    boolean cases = rnd.nextBoolean();
    if (cases) {
      // cases and controls among the chosen samples, and apart
      List<String> shuffled = new ArrayList<>(chosen);
      java.util.Collections.shuffle(shuffled, rnd);
      int n = 3 + rnd.nextInt(shuffled.size() / 3);
      q.append("&cases=").append(String.join(",", shuffled.subList(0, n)));
      if (rnd.nextBoolean()) {
        q.append("&controls=").append(String.join(",", shuffled.subList(n, n + 3 + rnd.nextInt(n))));
      }
    }
    java.util.Set<String> keys = new java.util.HashSet<>();
    int filters = rnd.nextInt(3);
    for (int f = 0; f < filters; f++) {
      String filter = FILTERS.get(rnd.nextInt(FILTERS.size()));
      if (keys.add(filter.substring(0, filter.indexOf('=')))) {
        q.append('&').append(filter);
      }
    }
    if (rnd.nextInt(4) == 0) {
      q.append("&top=").append(1 + rnd.nextInt(30)).append("&by=")
          .append(cases && rnd.nextBoolean() ? "assoc_p" : "hwe_p");
    }
    return q.toString();
  }

  static List<String> pick(Random rnd, List<String> from, int n) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String s = from.get(rnd.nextInt(from.size()));
      if (!out.contains(s)) {
        out.add(s);
      }
    }
    out.sort(null);
    return out;
  }

  static String get(String source, String args) throws Exception {
    URI uri = URI.create(server.localUrl() + "/genotypes/" + source + "/variants?" + args.replace("|", "%7C"));
    HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as("%s: %s", uri, r.body()).isEqualTo(200);
    return r.body();
  }

  /** The body without its timings. */
  static String untimed(String body) {
    return body.replaceAll("\"elapsed(_db)?_ms\":[0-9.eE-]+", "T");
  }
}
