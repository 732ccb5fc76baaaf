package org.dasgrid.perf.gatling;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.during;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.regex;
import static io.gatling.javaapi.core.CoreDsl.repeat;
import static io.gatling.javaapi.core.CoreDsl.responseTimeInMillis;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;
import static org.dasgrid.perf.gatling.Report.f;
import static org.dasgrid.perf.gatling.Report.row;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Dnaerys query shapes against the genotype API ({@code /genotypes/{source}/variants|samples|count},
 * contract section 4) on GRCh38 coordinates: TP53 and BRCA2 variants het or hom with limit 100, all hom, one
 * SNP, an 11-gene mitochondrial panel, a virtual cohort of 2 samples, the samples carrying het/hom/any
 * variants in TP53 and in TP53 + BRCA2 (also as an NDJSON stream), and a count. Each shape is sent by one
 * closed-loop user ({@code genotype.requests}, 200) for latency, then all shapes mixed by {@code
 * genotype.users} (4) users for {@code genotype.seconds} (5) for throughput. Reports HTTP p50/p95/p99, the
 * server's {@code elapsed_db_ms} p50, and with {@code genotype.vcf=PATH} (bgzipped, indexed) the time of
 * the equivalent {@code bcftools} command on that file as the baseline.
 *
 * <p>The source is {@code genotype.source}, or else the first source answering the genotype API; when there
 * is none the simulation says so and skips (one health request, so the run still passes), but a named
 * source that does not answer fails the run. Contig names (17 or chr17, MT or chrM) follow the source's
 * entry points; {@code genotype.samples=S1,S2} overrides the virtual cohort (default: the first two samples
 * carrying anything in TP53).
 */
public class GenotypeQueries extends Simulation {
  private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([^\"]+)\"");
  private static final Pattern SEGMENT = Pattern.compile("<SEGMENT[^>]*\\sid=\"([^\"]+)\"");
  private static final Pattern SAMPLE = Pattern.compile("\"sample\"\\s*:\\s*\"([^\"]+)\"");
  private static final String DB_MS = "\"elapsed_db_ms\"\\s*:\\s*([0-9.]+)";
  /** The 11 protein-coding mitochondrial genes of the Dnaerys panel (rCRS coordinates). */
  private static final int[][] MITO_GENES = {{3307, 4262}, {4470, 5511}, {5904, 7445}, {7586, 8269},
      {8366, 8572}, {8527, 9207}, {9207, 9990}, {10059, 10404}, {10470, 10766}, {10760, 12137}, {12337, 14148}};

  private final Target target = Target.fromSystemProperties();
  private final int requests = target.intProp("genotype.requests", 200, 2);
  private final int users = target.intProp("genotype.users", 4, 2);
  private final int seconds = target.intProp("genotype.seconds", 5, 0);
  private final Optional<String> source;
  private final List<Shape> shapes = new ArrayList<>();
  private final List<Row> rows = new ArrayList<>();
  private StepStats mixed;

  /** One query shape; {@code bcftools} is the equivalent command with {@code VCF} for the file, or null. */
  private record Shape(String name, String path, boolean ndjson, String bcftools) {}

  private record Row(Shape shape, StepStats stats, StepStats.Samples dbMicros) {}

  public GenotypeQueries() {
    source = findSource();
    if (source.isEmpty()) {
      System.out.println("GenotypeQueries: no genotype source at " + target.base
          + " (none of its sources answers /genotypes/{source}/count); skipping. Name one with -Dgenotype.source=ID.");
      setUp(scenario("genotypes-skipped").exec(http("health").get("/health/live").check(status().is(200)))
              .injectOpen(atOnceUsers(1)))
          .protocols(target.protocol())
          .assertions(global().failedRequests().count().is(0L));
      return;
    }
    defineShapes(source.get());
    List<PopulationBuilder> steps = new ArrayList<>();
    for (Shape sh : shapes) {
      Row r = new Row(sh, new StepStats(target, 1), new StepStats.Samples());
      rows.add(r);
      steps.add(scenario(sh.name())
          .exec(session -> r.stats().begin(session))
          .exec(repeat(requests).on(exec(request(sh)).exec(session -> record(r.stats(), r.dbMicros(), session))))
          .exec(session -> r.stats().end(session))
          .injectOpen(atOnceUsers(1)));
    }
    mixed = new StepStats(target, users);
    StepStats.Samples ignored = new StepStats.Samples();
    AtomicInteger next = new AtomicInteger();
    ChainBuilder any = exec(session -> session.set("shape", Math.floorMod(next.getAndIncrement(), shapes.size())));
    for (int i = 0; i < shapes.size(); i++) {
      int k = i;
      any = any.doIf(session -> session.getInt("shape") == k).then(exec(request(shapes.get(k))));
    }
    any = any.exec(session -> record(mixed, ignored, session));
    steps.add(scenario("mixed")
        .exec(session -> mixed.begin(session))
        .exec(seconds == 0 ? repeat(shapes.size()).on(any) : during(Duration.ofSeconds(seconds)).on(any))
        .exec(session -> mixed.end(session))
        .injectOpen(atOnceUsers(users)));
    setUp(Steps.sequence(steps))
        .protocols(target.protocol())
        .assertions(global().failedRequests().count().is(0L));
  }

  private HttpRequestActionBuilder request(Shape sh) {
    return http(sh.name()).get(sh.path())
        .header("Accept", sh.ndjson() ? "application/x-ndjson" : "application/json")
        .check(responseTimeInMillis().saveAs("rt"), status().is(200), regex(DB_MS).optional().saveAs("db"));
  }

  private static Session record(StepStats stats, StepStats.Samples db, Session session) {
    if (session.contains("db") && !session.isFailed()) {
      db.add((int) Math.round(Double.parseDouble(session.getString("db")) * 1000));
    }
    return stats.record(session.remove("db"), 1);
  }

  /** {@code genotype.source}, else the first source whose genotype API answers. */
  private Optional<String> findSource() {
    String named = System.getProperty("genotype.source", "");
    if (!named.isBlank()) {
      int status = target.get("/genotypes/" + named + "/count?segment=17:7661779,7687538&zygosity=any", false)
          .map(r -> r.statusCode()).orElse(-1);
      if (status != 200 && status != 400) { // 400: a contig named otherwise; still a genotype source
        throw new IllegalStateException("genotype.source " + named + " does not answer the genotype API at "
            + target.base + " (GET /genotypes/" + named + "/count gave " + status + ")");
      }
      return Optional.of(named);
    }
    String ready = target.get("/health/ready", false).map(r -> new String(r.body(), StandardCharsets.UTF_8))
        .orElse("");
    Matcher m = ID.matcher(ready);
    while (m.find()) {
      String id = m.group(1);
      int status = target.get("/genotypes/" + id + "/count?segment=17:7661779,7687538&zygosity=any", false)
          .map(r -> r.statusCode()).orElse(-1);
      if (status == 200 || status == 400) { // 400: a genotype source naming its contigs otherwise (chr17)
        return Optional.of(id);
      }
    }
    return Optional.empty();
  }

  private void defineShapes(String id) {
    Set<String> contigs = new LinkedHashSet<>();
    target.get("/das/" + id + "/entry_points", false).ifPresent(r -> {
      Matcher m = SEGMENT.matcher(new String(r.body(), StandardCharsets.UTF_8));
      while (m.find()) {
        contigs.add(m.group(1));
      }
    });
    String c17 = contigs.contains("chr17") && !contigs.contains("17") ? "chr17" : "17";
    String c13 = contigs.contains("chr13") && !contigs.contains("13") ? "chr13" : "13";
    if (!contigs.isEmpty() && !(contigs.contains(c17) && contigs.contains(c13))) {
      throw new IllegalStateException("genotype source " + id + " has no chromosome 17 and 13 (TP53, BRCA2) "
          + "among its entry points " + contigs + "; the Dnaerys shapes need a GRCh38 cohort covering them");
    }
    String mt = contigs.stream().filter(c -> c.equals("MT") || c.equals("chrM") || c.equals("M")).findFirst()
        .orElse(null);
    String tp53 = c17 + ":7661779,7687538";
    String brca2 = c13 + ":32315508,32400268";
    String rTp53 = c17 + ":7661779-7687538";
    String rBrca2 = c13 + ":32315508-32400268";
    String base = "/genotypes/" + id + "/";
    String het = "-i 'GT=\"het\"'";
    String hom = "-i 'GT=\"AA\"'";
    String alt = "-i 'GT=\"alt\"'";
    add("tp53-het-100", base + "variants?segment=" + tp53 + "&zygosity=het&limit=100", false,
        "bcftools view -H -r " + rTp53 + " " + het + " VCF | head -n 100");
    add("tp53-hom-100", base + "variants?segment=" + tp53 + "&zygosity=hom&limit=100", false,
        "bcftools view -H -r " + rTp53 + " " + hom + " VCF | head -n 100");
    add("brca2-het-100", base + "variants?segment=" + brca2 + "&zygosity=het&limit=100", false,
        "bcftools view -H -r " + rBrca2 + " " + het + " VCF | head -n 100");
    add("brca2-hom-100", base + "variants?segment=" + brca2 + "&zygosity=hom&limit=100", false,
        "bcftools view -H -r " + rBrca2 + " " + hom + " VCF | head -n 100");
    add("tp53-hom-all", base + "variants?segment=" + tp53 + "&zygosity=hom", false,
        "bcftools view -H -r " + rTp53 + " " + hom + " VCF");
    add("brca2-hom-all", base + "variants?segment=" + brca2 + "&zygosity=hom", false,
        "bcftools view -H -r " + rBrca2 + " " + hom + " VCF");
    add("snp", base + "variants?segment=" + c17 + ":7674220,7674220&zygosity=any", false,
        "bcftools view -H -r " + c17 + ":7674220 " + alt + " VCF");
    if (mt != null) {
      StringBuilder segs = new StringBuilder();
      StringBuilder regions = new StringBuilder();
      for (int[] g : MITO_GENES) {
        segs.append(segs.length() == 0 ? "" : "&").append("segment=").append(mt).append(':').append(g[0]).append(',')
            .append(g[1]);
        regions.append(regions.length() == 0 ? "" : ",").append(mt).append(':').append(g[0]).append('-').append(g[1]);
      }
      add("mito-panel", base + "variants?" + segs + "&zygosity=any", false,
          "bcftools view -H -r " + regions + " " + alt + " VCF");
    }
    List<String> cohort = cohort(base, tp53);
    if (cohort.size() == 2) {
      String s = String.join(",", cohort);
      add("cohort2-tp53-any", base + "variants?segment=" + tp53 + "&zygosity=any&samples=" + s, false,
          "bcftools view -H -r " + rTp53 + " -s " + s + " " + alt + " VCF");
    } else {
      System.out.println("GenotypeQueries: no two samples carry anything in TP53; the virtual-cohort shape is "
          + "left out (set -Dgenotype.samples=S1,S2)");
    }
    for (String z : List.of("het", "hom", "any")) {
      String filter = z.equals("het") ? het : z.equals("hom") ? hom : alt;
      add("samples-tp53-" + z, base + "samples?segment=" + tp53 + "&zygosity=" + z, false,
          "bcftools query -r " + rTp53 + " " + filter + " -f '[%SAMPLE\\n]' VCF | sort -u");
    }
    String both = base + "samples?segment=" + tp53 + "&segment=" + brca2 + "&zygosity=any";
    String bothCmd = "bcftools query -r " + rTp53 + "," + rBrca2 + " " + alt + " -f '[%SAMPLE\\n]' VCF | sort -u";
    add("samples-tp53-brca2-any", both, false, bothCmd);
    add("samples-tp53-brca2-any-ndjson", both, true, bothCmd);
    add("count-tp53-any", base + "count?segment=" + tp53 + "&zygosity=any", false,
        "bcftools view -H -r " + rTp53 + " " + alt + " VCF | wc -l");
  }

  private void add(String name, String path, boolean ndjson, String bcftools) {
    shapes.add(new Shape(name, path, ndjson, bcftools));
  }

  private List<String> cohort(String base, String tp53) {
    String given = System.getProperty("genotype.samples", "");
    if (!given.isBlank()) {
      return Arrays.stream(given.split(",")).map(String::trim).limit(2).toList();
    }
    List<String> found = new ArrayList<>();
    target.get(base + "samples?segment=" + tp53 + "&zygosity=any&limit=2", false).ifPresent(r -> {
      Matcher m = SAMPLE.matcher(new String(r.body(), StandardCharsets.UTF_8));
      while (m.find() && found.size() < 2) {
        found.add(m.group(1));
      }
    });
    return found;
  }

  @Override
  public void before() {
    System.out.println("GenotypeQueries on " + target.describe() + source.map(s -> ", genotype source " + s)
        .orElse(""));
  }

  @Override
  public void after() {
    Report report = new Report("GenotypeQueries", target);
    if (source.isEmpty()) {
      report.line("Skipped: no genotype source at " + target.base + ".");
      report.publish();
      return;
    }
    Optional<Path> vcf = Optional.ofNullable(System.getProperty("genotype.vcf")).filter(s -> !s.isBlank())
        .map(Path::of);
    int runs = Integer.getInteger("genotype.bcftoolsRuns", target.smoke ? 1 : 5);
    report.heading("Genotype queries on source " + source.get() + ": 1 closed-loop user per shape, " + requests
        + " requests each" + vcf.map(v -> "; baseline bcftools on " + v + " (median of " + runs + ")").orElse(""));
    List<List<String>> table = new ArrayList<>();
    for (Row r : rows) {
      StepStats s = r.stats();
      double p50 = s.latencies().percentile(50);
      double bcf = vcf.map(v -> bcftoolsMs(r.shape().bcftools(), v, runs)).orElse(Double.NaN);
      table.add(row(r.shape().name(), s.ok() + s.failed(), f(s.perSecond(), 0), f(p50, 0),
          f(s.latencies().percentile(95), 0), f(s.latencies().percentile(99), 0),
          f(r.dbMicros().percentile(50) / 1000.0, 3), s.failed(), f(bcf, 1),
          Double.isNaN(bcf) ? "-" : Report.ratio(bcf, Math.max(p50, 0.5))));
    }
    report.table(1, List.of("shape", "requests", "queries/s", "p50 ms", "p95 ms", "p99 ms", "elapsed_db_ms p50",
        "failed", "bcftools ms", "bcftools / ours"), table);
    report.line("\nMixed: " + users + " users, all shapes in turn, " + (seconds == 0 ? "one round" : seconds + " s")
        + ": " + f(mixed.perSecond(), 0) + " queries/s, p50 " + f(mixed.latencies().percentile(50), 0) + " ms, p99 "
        + f(mixed.latencies().percentile(99), 0) + " ms, server CPU " + f(mixed.cpuPercent(), 0) + " %, failed "
        + mixed.failed() + ".");
    report.line("(HTTP times are Gatling's whole-ms response times; a p50 under 1 ms shows as 0 or 1. Ratios "
        + "divide by max(p50, 0.5 ms).)");
    report.publish();
  }

  /** Median wall time of a bcftools command line (run by bash), or NaN if it fails. */
  private static double bcftoolsMs(String command, Path vcf, int runs) {
    String line = command.replace("VCF", "'" + vcf.toAbsolutePath() + "'");
    double[] t = new double[runs];
    try {
      for (int i = 0; i < runs; i++) {
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder("bash", "-o", "pipefail", "-c", line + " > /dev/null")
            .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        int rc = p.waitFor();
        t[i] = (System.nanoTime() - t0) / 1e6;
        if (rc != 0 && rc != 141) { // 141: head closed the pipe early, as intended
          return Double.NaN;
        }
      }
    } catch (IOException e) {
      return Double.NaN;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Double.NaN;
    }
    Arrays.sort(t);
    return t[runs / 2];
  }
}
