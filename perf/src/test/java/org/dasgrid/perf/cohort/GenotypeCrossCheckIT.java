package org.dasgrid.perf.cohort;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.dasgrid.webapp.EmbeddedServer;
import org.dasgrid.webapp.ServerOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The genotype API against bcftools (Debian {@code bcftools}, installed by {@code .ci/run}): on a generated
 * cohort (120 samples × 20,000 records with multi-allelic sites, no-calls, partial calls and haploid chrX,
 * chrY and chrM calls) and on the real 1000 Genomes CEU exon file, 320 random queries (regions, het/hom/any,
 * virtual cohorts, limits). For each, bcftools computes on the split file ({@code bcftools norm -m-}):
 * {@code view -r REGIONS -s SAMPLES | query} for the rows and their AC/AN (recomputed for the samples), and
 * {@code query -i 'GT="het"'} / {@code 'GT="AA" | GT="A"'} (per-sample or) for the het and hom-alt samples of each row.
 * Variants (every field), samples and counts over HTTP must equal what follows from those. Each file is also
 * served from its genotype index file ({@code genotypeIndex:}) and checked the same way.
 */
class GenotypeCrossCheckIT {
  static final ObjectMapper JSON = new ObjectMapper();
  static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  @TempDir static Path dir;
  static EmbeddedServer server;
  static Dataset cohort;
  static Dataset ceu;
  /** The same files served from their genotype index files ({@code genotypeIndex:}). */
  static Dataset cohortIndexed;
  static Dataset ceuIndexed;

  /** A source as bcftools sees it: its split file, samples, contig order and record positions. */
  record Dataset(String id, Path split, List<String> samples, List<String> contigs, Map<String, int[]> positions) {}

  /** One split record: its fields and what bcftools says about it. */
  record Row(String chrom, int pos, String id, String ref, String alt, int ac, int an, int order,
      List<String> het, List<String> hom) {
    String key() {
      return chrom + ":" + pos + ":" + ref + ":" + alt;
    }
  }

  @BeforeAll
  static void prepare() throws Exception {
    Path generated = dir.resolve("cohort.vcf.gz");
    CohortGenerator.Summary s = new CohortGenerator(
        new CohortGenerator.Options(120, 20_000, 7, generated, 5)).generate(new PrintStream(new ByteArrayOutputStream()));
    assertThat(s.multiAllelicSites()).isGreaterThan(100);
    assertThat(s.missingCalls()).isGreaterThan(1000);
    assertThat(s.partialCalls()).isGreaterThan(100);
    assertThat(s.haploidCalls()).isGreaterThan(10_000);
    Path real = dir.resolve("ceu.vcf.gz");
    Files.copy(root().resolve("datasources/src/test/resources/data/CEU_Exon.vcf.gz"), real);
    for (String id : List.of("cohort", "ceu")) {
      org.dasgrid.datasources.vcf.VcfGenotypeIndexer.build(dir.resolve(id + ".vcf.gz"), dir.resolve(id + ".dgi"),
          org.dasgrid.core.source.LoadMonitor.NONE);
    }
    Files.writeString(dir.resolve("dasgrid.yaml"), String.join("\n",
        "server: {maxFeaturesPerResponse: 10000000}", "sources:",
        "  - {id: cohort, format: vcf, path: cohort.vcf.gz, genotypes: true}",
        "  - {id: ceu, format: vcf, path: ceu.vcf.gz, genotypes: true}",
        "  - {id: cohortidx, format: vcf, path: cohort.vcf.gz, genotypes: true, genotypeIndex: cohort.dgi}",
        "  - {id: ceuidx, format: vcf, path: ceu.vcf.gz, genotypes: true, genotypeIndex: ceu.dgi}", ""));
    server = EmbeddedServer.start(ServerOptions.defaults().withPort(0).withBind("127.0.0.1").withWarmupSeconds(0)
        .withConfig(dir.resolve("dasgrid.yaml")), new PrintStream(new ByteArrayOutputStream()));
    cohort = dataset("cohort", generated);
    ceu = dataset("ceu", real);
    cohortIndexed = new Dataset("cohortidx", cohort.split(), cohort.samples(), cohort.contigs(), cohort.positions());
    ceuIndexed = new Dataset("ceuidx", ceu.split(), ceu.samples(), ceu.contigs(), ceu.positions());
    assertThat(server.awaitLoaded(60, TimeUnit.SECONDS)).isTrue();
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  static Path root() {
    String r = System.getProperty("dasgrid.root");
    return (r != null ? Path.of(r) : Path.of("..")).toAbsolutePath().normalize();
  }

  static Dataset dataset(String id, Path vcf) {
    Path split = dir.resolve(id + ".split.vcf.gz");
    // an index lets bcftools take contigs from it when the header has no ##contig lines (the CEU file)
    run("tabix", "-f", "-p", "vcf", vcf.toString());
    run("bcftools", "norm", "-m-", "-Oz", "-o", split.toString(), vcf.toString());
    run("bcftools", "index", "-t", split.toString());
    List<String> samples = lines(run("bcftools", "query", "-l", split.toString()));
    Map<String, List<Integer>> pos = new LinkedHashMap<>();
    for (String line : lines(run("bcftools", "query", "-f", "%CHROM\t%POS\n", split.toString()))) {
      String[] c = line.split("\t");
      pos.computeIfAbsent(c[0], k -> new ArrayList<>()).add(Integer.parseInt(c[1]));
    }
    Map<String, int[]> positions = new LinkedHashMap<>();
    pos.forEach((k, v) -> positions.put(k, v.stream().mapToInt(Integer::intValue).toArray()));
    return new Dataset(id, split, samples, List.copyOf(positions.keySet()), positions);
  }

  @Test
  void generatedCohortAnswersLikeBcftools() throws Exception {
    crossCheck(cohort, 170, 20260);
  }

  @Test
  void realCeuExonCohortAnswersLikeBcftools() throws Exception {
    crossCheck(ceu, 150, 1000);
  }

  @Test
  void generatedCohortFromItsIndexAnswersLikeBcftools() throws Exception {
    crossCheck(cohortIndexed, 170, 20260);
  }

  @Test
  void realCeuExonCohortFromItsIndexAnswersLikeBcftools() throws Exception {
    crossCheck(ceuIndexed, 150, 1000);
  }

  /** A random query: segments (as API text and as a bcftools region list), samples, zygosity, limit. */
  record Query(List<String> segments, List<String> regions, List<String> samples, String zygosity, Integer limit) {
    String apiArgs() {
      StringBuilder sb = new StringBuilder();
      for (String s : segments) {
        sb.append(sb.length() == 0 ? "" : "&").append("segment=").append(s);
      }
      sb.append("&zygosity=").append(zygosity);
      if (!samples.isEmpty()) {
        sb.append("&samples=").append(String.join(",", samples));
      }
      return sb.toString();
    }
  }

  static Query randomQuery(Dataset d, Random rnd) {
    List<String> segments = new ArrayList<>();
    List<String> regions = new ArrayList<>();
    int n = rnd.nextInt(4) == 0 ? 2 + rnd.nextInt(2) : 1;
    for (int k = 0; k < n; k++) {
      double u = rnd.nextDouble();
      if (d.id().startsWith("cohort") && u < 0.4) {
        Grch38.Region dense = List.of(Grch38.TP53, Grch38.BRCA2, Grch38.MITO).get(rnd.nextInt(3));
        int len = 1 + (int) Math.pow(dense.length(), rnd.nextDouble());
        int start = dense.start() + rnd.nextInt(Math.max(1, dense.length() - len));
        add(segments, regions, dense.contig(), start, start + len);
      } else if (u < 0.5) {
        String contig = d.contigs().get(rnd.nextInt(d.contigs().size()));
        segments.add(contig);
        regions.add(contig);
      } else {
        String contig = d.contigs().get(rnd.nextInt(d.contigs().size()));
        int[] p = d.positions().get(contig);
        int anchor = p[rnd.nextInt(p.length)];
        int len = (int) Math.pow(2_000_000, rnd.nextDouble());
        int start = Math.max(1, anchor - rnd.nextInt(len + 1));
        add(segments, regions, contig, start, start + len);
      }
    }
    List<String> samples = new ArrayList<>();
    double s = rnd.nextDouble();
    if (s < 0.3) {
      for (int k = 1 + rnd.nextInt(3); k > 0; k--) {
        samples.add(d.samples().get(rnd.nextInt(d.samples().size())));
      }
    } else if (s < 0.6) {
      double share = 0.1 + 0.7 * rnd.nextDouble();
      d.samples().stream().filter(x -> rnd.nextDouble() < share).forEach(samples::add);
    }
    samples = new ArrayList<>(new java.util.LinkedHashSet<>(samples));
    String zygosity = List.of("het", "hom", "any").get(rnd.nextInt(3));
    Integer limit = rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(60) : null;
    return new Query(segments, regions, samples, zygosity, limit);
  }

  static void add(List<String> segments, List<String> regions, String contig, int start, int stop) {
    segments.add(contig + ":" + start + "," + stop);
    regions.add(contig + ":" + start + "-" + stop);
  }

  void crossCheck(Dataset d, int queries, long seed) throws Exception {
    Random rnd = new Random(seed);
    int nonEmpty = 0;
    for (int q = 0; q < queries; q++) {
      Query query = randomQuery(d, rnd);
      String what = d.id() + " query " + q + ": " + query;
      List<String> chosen = query.samples().isEmpty() ? d.samples() : query.samples();
      List<Row> rows = oracle(d, query, chosen);
      boolean het = !query.zygosity().equals("hom");
      boolean hom = !query.zygosity().equals("het");
      List<Row> matching = rows.stream().filter(r -> het && !r.het().isEmpty() || hom && !r.hom().isEmpty()).toList();
      nonEmpty += matching.isEmpty() ? 0 : 1;

      String args = query.apiArgs();
      JsonNode variants = get(d, "variants", args + (query.limit() == null ? "" : "&limit=" + query.limit()));
      List<String> expected = capped(matching.stream().map(GenotypeCrossCheckIT::json).toList(), query.limit());
      List<String> actual = new ArrayList<>();
      variants.get("variants").forEach(v -> actual.add(v.toString()));
      assertThat(actual).as(what).containsExactlyElementsOf(expected);

      Map<String, int[]> tally = new LinkedHashMap<>();
      for (String sample : d.samples()) {
        if (chosen.contains(sample)) {
          tally.put(sample, new int[2]);
        }
      }
      for (Row r : rows) {
        r.het().forEach(x -> tally.get(x)[0]++);
        r.hom().forEach(x -> tally.get(x)[1]++);
      }
      List<String> expectedSamples = tally.entrySet().stream()
          .filter(e -> het && e.getValue()[0] > 0 || hom && e.getValue()[1] > 0)
          .map(e -> "{\"sample\":\"" + e.getKey() + "\",\"het\":" + e.getValue()[0] + ",\"hom\":" + e.getValue()[1] + "}")
          .toList();
      JsonNode samples = get(d, "samples", args + (query.limit() == null ? "" : "&limit=" + query.limit()));
      List<String> actualSamples = new ArrayList<>();
      samples.get("samples").forEach(v -> actualSamples.add(v.toString()));
      assertThat(actualSamples).as(what).containsExactlyElementsOf(capped(expectedSamples, query.limit()));

      JsonNode count = get(d, "count", args);
      assertThat(List.of(count.get("variants").asLong(), count.get("het").asLong(), count.get("hom").asLong(),
          count.get("samples").asLong())).as(what).containsExactly((long) matching.size(),
          matching.stream().mapToLong(r -> r.het().size()).sum(), matching.stream().mapToLong(r -> r.hom().size()).sum(),
          (long) expectedSamples.size());
    }
    assertThat(nonEmpty).as("queries with a non-empty answer").isGreaterThan(queries / 3);
  }

  static List<String> capped(List<String> all, Integer limit) {
    return limit == null ? all : all.subList(0, Math.min(all.size(), limit));
  }

  /** The contract's JSON for a row, built here from bcftools' numbers. */
  static String json(Row r) {
    String af = r.an() == 0 ? "null" : JSON.valueToTree((double) r.ac() / r.an()).toString();
    String id = r.id().equals(".") ? "null" : "\"" + r.id() + "\"";
    return "{\"chrom\":\"" + r.chrom() + "\",\"pos\":" + r.pos() + ",\"ref\":\"" + r.ref() + "\",\"alt\":\"" + r.alt()
        + "\",\"id\":" + id + ",\"het\":" + r.het().size() + ",\"hom\":" + r.hom().size() + ",\"ac\":" + r.ac()
        + ",\"an\":" + r.an() + ",\"af\":" + af + "}";
  }

  /** The split records in the regions, for the chosen samples, in the contract's order. */
  static List<Row> oracle(Dataset d, Query q, List<String> chosen) {
    String regions = String.join(",", q.regions());
    String samples = String.join(",", chosen);
    String split = d.split().toString();
    // the three bcftools runs are independent: start them together and collect their outputs
    List<Process> table = start(
        List.of("bcftools", "view", "-r", regions, "-s", samples, split),
        List.of("bcftools", "query", "-f", "%CHROM\t%POS\t%ID\t%REF\t%ALT\t%INFO/AC\t%INFO/AN\n"));
    List<Process> hets = start(carriers(split, regions, samples, "GT=\"het\""));
    List<Process> homs = start(carriers(split, regions, samples, "GT=\"AA\" | GT=\"A\""));
    Map<String, List<String>> het = bySample(finish(hets));
    Map<String, List<String>> hom = bySample(finish(homs));
    List<Row> rows = new ArrayList<>();
    Set<String> keys = new HashSet<>();
    for (String line : lines(finish(table))) {
      String[] c = line.split("\t");
      Row probe = new Row(c[0], Integer.parseInt(c[1]), c[2], c[3], c[4], 0, 0, 0, null, null);
      assertThat(keys.add(probe.key())).as("unique split record %s", probe.key()).isTrue();
      rows.add(new Row(c[0], probe.pos(), c[2], c[3], c[4], Integer.parseInt(c[5]), Integer.parseInt(c[6]),
          rows.size(), het.getOrDefault(probe.key(), List.of()), hom.getOrDefault(probe.key(), List.of())));
    }
    rows.sort(Comparator.<Row>comparingInt(r -> d.contigs().indexOf(r.chrom())).thenComparingInt(Row::pos)
        .thenComparing(Row::alt).thenComparing(Row::ref).thenComparingInt(Row::order));
    return rows;
  }

  /** A bcftools run listing, per split record, the chosen samples whose GT passes a per-sample filter. */
  static List<String> carriers(String split, String regions, String samples, String filter) {
    return List.of("bcftools", "query", "-r", regions, "-s", samples, "-i", filter,
        "-f", "%CHROM:%POS:%REF:%ALT[\t%SAMPLE]\n", split);
  }

  static Map<String, List<String>> bySample(String text) {
    Map<String, List<String>> out = new HashMap<>();
    for (String line : lines(text)) {
      String[] c = line.split("\t");
      out.put(c[0], Arrays.asList(c).subList(1, c.length));
    }
    return out;
  }

  static JsonNode get(Dataset d, String endpoint, String args) throws IOException, InterruptedException {
    URI uri = URI.create(server.localUrl() + "/genotypes/" + d.id() + "/" + endpoint + "?" + args);
    HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as("%s: %s", uri, r.body()).isEqualTo(200);
    return JSON.readTree(r.body());
  }

  static List<String> lines(String text) {
    return text.isEmpty() ? List.of() : Arrays.stream(text.split("\n")).filter(l -> !l.isEmpty())
        .collect(Collectors.toList());
  }

  static String run(String... command) {
    return finish(start(List.of(command)));
  }

  @SafeVarargs
  static List<Process> start(List<String>... commands) {
    try {
      List<ProcessBuilder> builders = new ArrayList<>();
      for (List<String> c : commands) {
        builders.add(new ProcessBuilder(c));
      }
      return ProcessBuilder.startPipeline(builders);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run bcftools (apt-get install bcftools): " + e.getMessage(), e);
    }
  }

  /** The last process's output, once every process of the pipeline has exited with 0. */
  static String finish(List<Process> pipeline) {
    try {
      byte[] out = pipeline.get(pipeline.size() - 1).getInputStream().readAllBytes();
      for (Process p : pipeline) {
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as("%s (apt-get install bcftools): %s", p.info().commandLine().orElse("bcftools"), err)
            .isZero();
      }
      return new String(out, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
