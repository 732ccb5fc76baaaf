package org.dasgrid.perf.cohort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.dasgrid.webapp.EmbeddedServer;
import org.dasgrid.webapp.ServerOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The sample-level genotype queries against the independent tools (Debian {@code plink1.9}, {@code plink2},
 * {@code bcftools +mendelian}; installed by {@code .ci/run}; a missing tool fails the test) on a generated
 * family cohort ({@link FamilyCohortGenerator}: 60 unrelated samples, 10 trios, 4 quads, 4 half-sibling
 * pairs, 30,000 biallelic SNVs, de novo and genotyping-error rates, haploid male chrX/chrY) served with its
 * sample sheet: sex-check F vs {@code plink1.9 --check-sex} (to plink's printed precision), KING-robust
 * kinship vs {@code plink2 --make-king-table} (1e-6; also served from an index with its sample-major calls), scores vs {@code plink1.9 --score} (sum and average,
 * matched/missing/mismatched), de novo calls vs the Mendelian errors {@code bcftools +mendelian} lists.
 */
class FamilyCrossCheckIT {
  static final ObjectMapper JSON = new ObjectMapper();
  static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  @TempDir static Path dir;
  static EmbeddedServer server;
  static List<String[]> sheet;
  static String swapped;

  @BeforeAll
  static void prepare() throws Exception {
    new FamilyCohortGenerator(new FamilyCohortGenerator.Options(60, 10, 4, 4, 30_000, 3, 0.0005, 0.0005, 300,
        dir)).generate();
    // the sheet as served: one sample's sex swapped, so sex-check has a mismatch to find
    List<String> lines = Files.readAllLines(dir.resolve("samples.tsv"));
    sheet = new ArrayList<>();
    for (int i = 1; i < lines.size(); i++) {
      sheet.add(lines.get(i).split("\t", -1));
    }
    String[] row = sheet.get(0);
    swapped = row[0];
    String wrong = row[1].equals("male") ? "female" : "male";
    lines.set(1, lines.get(1).replaceFirst("\t" + row[1] + "\t", "\t" + wrong + "\t"));
    Files.write(dir.resolve("served.tsv"), lines);
    Files.writeString(dir.resolve("dasgrid.yaml"), String.join("\n",
        "server: {maxFeaturesPerResponse: 1000000}", "sources:",
        "  - {id: fam, format: vcf, path: cohort.vcf.gz, genotypes: true, samples: served.tsv}",
        "  - {id: famsc, format: vcf, path: cohort.vcf.gz, genotypes: true, samples: served.tsv,"
            + " genotypeIndex: fam-sc.dgi}", ""));
    // the same cohort served from an index with its sample-major calls (index --sample-calls), which KING reads
    org.dasgrid.datasources.vcf.VcfGenotypeIndexer.build(dir.resolve("cohort.vcf.gz"), dir.resolve("fam-sc.dgi"),
        org.dasgrid.core.source.LoadMonitor.NONE, org.dasgrid.datasources.io.BlockInflater.intelOrJdk().inflater(), 2, true);
    server = EmbeddedServer.start(ServerOptions.defaults().withPort(0).withBind("127.0.0.1")
        .withConfig(dir.resolve("dasgrid.yaml")), new PrintStream(new ByteArrayOutputStream()));
    assertThat(server.awaitLoaded(120, TimeUnit.SECONDS)).isTrue();
    // plink's view: FID = IID = the sample, sexes from the true sheet, chrX's PARs split off as XY
    StringBuilder sexes = new StringBuilder();
    for (String[] r : sheet) {
      sexes.append(r[0]).append(' ').append(r[0]).append(' ').append(r[1].equals("male") ? 1 : 2).append('\n');
    }
    Files.writeString(dir.resolve("sex.txt"), sexes);
    tool("plink1.9", "--vcf", "cohort.vcf.gz", "--double-id", "--split-x", "b38", "no-fail", "--update-sex",
        "sex.txt", "--make-bed", "--out", "pl");
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void sexCheckMatchesPlinkCheckSex() throws Exception {
    tool("plink1.9", "--bfile", "pl", "--check-sex", "--out", "cs");
    Map<String, String[]> plink = new HashMap<>();
    List<String> out = Files.readAllLines(dir.resolve("cs.sexcheck"));
    for (String l : out.subList(1, out.size())) {
      String[] f = l.strip().split("\\s+");
      plink.put(f[1], f);
    }
    JsonNode answer = get("sex-check", "");
    assertThat(answer.get("assembly").asText()).isEqualTo("GRCh38");
    assertThat(answer.get("samples")).hasSize(sheet.size());
    int mismatches = 0;
    for (JsonNode s : answer.get("samples")) {
      String[] p = plink.get(s.get("sample").asText());
      double f = Double.parseDouble(p[5]);
      // plink prints four significant digits
      assertThat(s.get("f").asDouble()).as(s.toString()).isCloseTo(f, within(Math.max(1e-9, Math.abs(f) * 6e-4)));
      String inferred = switch (p[3]) {
        case "1" -> "male";
        case "2" -> "female";
        default -> "unknown";
      };
      assertThat(s.get("inferred").asText()).as(s.toString()).isEqualTo(inferred);
      if (s.get("mismatch").asBoolean()) {
        mismatches++;
        assertThat(s.get("sample").asText()).isEqualTo(swapped);
      }
    }
    assertThat(mismatches).isEqualTo(1);
    // thresholds: with female=male=1.01 nobody is male
    JsonNode strict = get("sex-check", "female=1&male=1&samples=" + swapped);
    assertThat(strict.get("samples").get(0).get("inferred").asText()).isIn("female", "unknown");
    assertThat(status("sex-check", "female=0.9&male=0.1")).isEqualTo(400);
  }

  /** From the VCF loaded in the heap ({@code fam}) and from an index with sample-major calls ({@code famsc}). */
  @ParameterizedTest
  @ValueSource(strings = {"fam", "famsc"})
  void kinshipMatchesPlink2MakeKingTable(String source) throws Exception {
    if (!Files.exists(dir.resolve("king.kin0"))) {
      tool("plink2", "--vcf", "cohort.vcf.gz", "--make-king-table", "--out", "king");
    }
    Map<String, String[]> plink = new HashMap<>();
    List<String> out = Files.readAllLines(dir.resolve("king.kin0"));
    for (String l : out.subList(1, out.size())) {
      String[] f = l.split("\t");
      plink.put(f[0] + "|" + f[1], f);
      plink.put(f[1] + "|" + f[0], f);
    }
    // the families and 20 unrelated samples: every pair among them
    List<String> chosen = new ArrayList<>();
    for (String[] r : sheet) {
      if (!r[0].startsWith("IND") || chosen.size() < 20) {
        chosen.add(r[0]);
      }
    }
    JsonNode answer = get(source, "kinship", "samples=" + String.join(",", chosen));
    assertThat(answer.get("pairs")).hasSize(chosen.size() * (chosen.size() - 1) / 2);
    for (JsonNode p : answer.get("pairs")) {
      String[] f = plink.get(p.get("a").asText() + "|" + p.get("b").asText());
      // plink2 2.00a3.5's all-pairs table counts one row more for a few pairs (14 of 7,875 here); the same run
      // restricted to the pair (--keep) counts what we count, as do bcftools' per-pair both-called rows
      long nsnp = Long.parseLong(f[2]);
      assertThat(p.get("variants").asLong()).as(p.toString()).isBetween(nsnp - 1, nsnp);
      double slack = 1e-6 + 1.0 / nsnp;
      assertThat(p.get("hethet").asDouble()).isCloseTo(Double.parseDouble(f[3]), within(slack));
      assertThat(p.get("ibs0").asDouble()).isCloseTo(Double.parseDouble(f[4]), within(slack));
      assertThat(p.get("kinship").asDouble()).as(p.toString()).isCloseTo(Double.parseDouble(f[5]), within(1e-6));
    }
    // a pair of samples not asked above, alone (the server probes their calls), then again (their call bits
    // kept): plink2's figures both times
    List<String> others = new ArrayList<>();
    for (String[] r : sheet) {
      if (!chosen.contains(r[0])) {
        others.add(r[0]);
      }
    }
    assertThat(others).hasSizeGreaterThan(1);
    for (int round = 0; round < 2; round++) {
      JsonNode p = get(source, "kinship", "samples=" + others.get(0) + "," + others.get(others.size() - 1)).get("pairs").get(0);
      String[] f = plink.get(p.get("a").asText() + "|" + p.get("b").asText());
      long nsnp = Long.parseLong(f[2]);
      assertThat(p.get("variants").asLong()).as(p.toString()).isBetween(nsnp - 1, nsnp);
      assertThat(p.get("kinship").asDouble()).as(p.toString()).isCloseTo(Double.parseDouble(f[5]), within(1e-6));
      assertThat(p.get("ibs0").asDouble()).isCloseTo(Double.parseDouble(f[4]), within(1e-6 + 1.0 / nsnp));
    }
    // the related pairs above 0.08, ranked: exactly the generator's first- and second-degree pairs
    JsonNode related = get(source, "kinship", "samples=" + String.join(",", chosen) + "&min_kinship=0.08");
    Set<String> truth = new HashSet<>();
    Map<String, Integer> degree = new HashMap<>();
    for (String l : Files.readAllLines(dir.resolve("truth.tsv"))) {
      String[] t = l.split("\t");
      if (t[0].equals("pair")) {
        truth.add(key(t[1], t[2]));
        degree.put(key(t[1], t[2]), Integer.parseInt(t[3]));
      }
    }
    Set<String> found = new HashSet<>();
    double last = Double.MAX_VALUE;
    for (JsonNode p : related.get("pairs")) {
      String k = key(p.get("a").asText(), p.get("b").asText());
      found.add(k);
      assertThat(p.get("kinship").asDouble()).isLessThanOrEqualTo(last);
      last = p.get("kinship").asDouble();
      if (degree.containsKey(k)) {
        assertThat(p.get("degree").asInt()).as(k).isEqualTo(degree.get(k));
      }
    }
    // parents of the same family are unrelated; siblings and parent-child pairs are in the truth
    assertThat(found).containsAll(truth);
    assertThat(found).hasSameSizeAs(truth);
  }

  static String key(String a, String b) {
    return a.compareTo(b) < 0 ? a + "|" + b : b + "|" + a;
  }

  @Test
  void scoresMatchPlinkScore() throws Exception {
    // plink matches by ID only: the CHROM:POS:REF:ALT lines get their rs IDs for it
    Map<String, String> ids = new HashMap<>();
    for (String l : run("bcftools", "query", "-f", "%CHROM:%POS:%REF:%ALT\t%ID\n",
        dir.resolve("cohort.vcf.gz").toString()).split("\n")) {
      String[] f = l.split("\t");
      ids.put(f[0], f[1]);
    }
    StringBuilder plinkWeights = new StringBuilder();
    for (String l : Files.readAllLines(dir.resolve("weights.txt"))) {
      String[] f = l.split("\t");
      plinkWeights.append(ids.getOrDefault(f[0], f[0])).append('\t').append(f[1]).append('\t').append(f[2]).append('\n');
    }
    Files.writeString(dir.resolve("weights.plink.txt"), plinkWeights);
    String log = tool("plink1.9", "--bfile", "pl", "--score", "weights.plink.txt", "1", "2", "3", "sum",
        "--out", "ssum");
    tool("plink1.9", "--bfile", "pl", "--score", "weights.plink.txt", "1", "2", "3", "--out", "savg");
    Map<String, String[]> sums = profile("ssum.profile");
    Map<String, String[]> avgs = profile("savg.profile");
    JsonNode answer = post("score", "", Files.readString(dir.resolve("weights.txt")));
    Matcher loaded = Pattern.compile("(\\d+) valid predictors loaded").matcher(log);
    assertThat(loaded.find()).as(log).isTrue();
    assertThat(answer.get("matched").asInt()).isEqualTo(Integer.parseInt(loaded.group(1)));
    Matcher skipped = Pattern.compile("(\\d+) due to variant ID\\s+mismatch, (\\d+) due\\s+to allele code mismatch")
        .matcher(log.replace('\n', ' '));
    assertThat(skipped.find()).as(log).isTrue();
    assertThat(answer.get("missing").asInt()).isEqualTo(Integer.parseInt(skipped.group(1)));
    assertThat(answer.get("mismatched").asInt()).isEqualTo(Integer.parseInt(skipped.group(2)));
    assertThat(answer.get("scores")).hasSize(sheet.size());
    for (JsonNode s : answer.get("scores")) {
      String[] sum = sums.get(s.get("sample").asText());
      String[] avg = avgs.get(s.get("sample").asText());
      assertThat(s.get("count").asLong()).isEqualTo(Long.parseLong(sum[3]));
      // plink prints six significant digits
      double ps = Double.parseDouble(sum[5]);
      double pa = Double.parseDouble(avg[5]);
      assertThat(s.get("sum").asDouble()).as(s.toString()).isCloseTo(ps, within(Math.abs(ps) * 6e-6 + 1e-9));
      assertThat(s.get("avg").asDouble()).as(s.toString()).isCloseTo(pa, within(Math.abs(pa) * 6e-6 + 1e-12));
    }
    // without mean imputation, plink's average is over CNT
    tool("plink1.9", "--bfile", "pl", "--score", "weights.plink.txt", "1", "2", "3", "no-mean-imputation", "--out",
        "snm");
    Map<String, String[]> plain = profile("snm.profile");
    JsonNode noImpute = post("score", "mean_impute=false", Files.readString(dir.resolve("weights.txt")));
    for (JsonNode s : noImpute.get("scores")) {
      double pa = Double.parseDouble(plain.get(s.get("sample").asText())[5]);
      assertThat(s.get("avg").asDouble()).as(s.toString()).isCloseTo(pa, within(Math.abs(pa) * 6e-6 + 1e-12));
      assertThat(s.get("avg").asDouble() * s.get("count").asLong()).isCloseTo(s.get("sum").asDouble(), within(1e-9));
    }
    // a malformed weights file: 400 naming line and column
    HttpResponse<String> bad = send("score", "", "rs1 A 0.5\nrs2 A heavy\n");
    assertThat(bad.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(bad.body()).get("error").get("message").asText())
        .isEqualTo("weights:2: column 3 (weight): 'heavy' is not a number");
  }

  static Map<String, String[]> profile(String file) throws IOException {
    Map<String, String[]> out = new HashMap<>();
    List<String> lines = Files.readAllLines(dir.resolve(file));
    for (String l : lines.subList(1, lines.size())) {
      String[] f = l.strip().split("\\s+");
      out.put(f[1], f);
    }
    return out;
  }

  @Test
  void deNovoCallsAreTheMendelianErrorsOfBcftoolsWithHomRefParents() throws Exception {
    int families = 0;
    int calls = 0;
    for (String[] r : sheet) {
      if (r[6].equals("0") || r[7].equals("0")) {
        continue;
      }
      String child = r[0];
      String family = r[5];
      // bcftools: the Mendelian-inconsistent autosomal sites of this trio where both parents are 0/0 and the
      // child carries the ALT
      String listed = finish(start(
          List.of("bcftools", "+mendelian", dir.resolve("cohort.vcf.gz").toString(), "-t",
              r[7] + "," + r[6] + "," + child, "-m", "x"),
          List.of("bcftools", "query", "-s", r[6] + "," + r[7] + "," + child, "-f", "%CHROM:%POS[\t%GT]\n")));
      Set<String> expected = new HashSet<>();
      for (String l : listed.split("\n")) {
        String[] f = l.split("\t");
        if (f.length == 4 && !f[0].startsWith("chrX") && !f[0].startsWith("chrY") && hom0(f[1]) && hom0(f[2])
            && f[3].contains("1") && !f[3].contains(".")) {
          expected.add(f[0]);
        }
      }
      JsonNode answer = get("inheritance", "mode=denovo&family=" + family);
      Set<String> found = new HashSet<>();
      for (JsonNode v : answer.get("variants")) {
        String chrom = v.get("chrom").asText();
        // bcftools' default rules are GRCh37's: chrX/chrY are compared on the autosomes only
        if (v.get("child").asText().equals(child) && !chrom.equals("chrX") && !chrom.equals("chrY")) {
          found.add(chrom + ":" + v.get("pos").asText());
          assertThat(v.get("genotypes").get(r[6]).asText()).isEqualTo("0/0");
          assertThat(v.get("genotypes").get(r[7]).asText()).isEqualTo("0/0");
        }
      }
      assertThat(found).as(child).isEqualTo(expected);
      families++;
      calls += found.size();
    }
    assertThat(families).isEqualTo(10 + 8 + 8);
    assertThat(calls).isGreaterThan(50);
    assertThat(status("inheritance", "mode=denovo&family=NOPE")).isEqualTo(400);
    assertThat(status("inheritance", "mode=sideways&family=TRIO001")).isEqualTo(400);
  }

  static boolean hom0(String gt) {
    return gt.equals("0/0") || gt.equals("0|0");
  }

  @Test
  void groupsOfTheSheetSelectSamplesAndStrataCountPerGroup() throws Exception {
    List<String> ceuNames = sheet.stream().filter(r -> r[2].equals("CEU")).map(r -> r[0]).toList();
    long ceu = ceuNames.size();
    assertThat(ceu).isGreaterThan(10);
    JsonNode byGroup = get("variants", "segment=chr1:1,30000000&samples=population:CEU&limit=100000");
    JsonNode byName = get("variants", "segment=chr1:1,30000000&samples=" + String.join(",", ceuNames)
        + "&limit=100000");
    assertThat(byGroup.get("variants")).isEqualTo(byName.get("variants"));
    assertThat(byGroup.get("variants").size()).isGreaterThan(100);
    assertThat(get("samples", "segment=chr1:1,5000000&samples=population:CEU,sex:male&limit=1000000")
        .get("samples").size()).isGreaterThan((int) ceu);
    JsonNode sc = get("sex-check", "samples=population:CEU");
    assertThat(sc.get("samples")).hasSize((int) ceu);
    JsonNode strata = get("strata", "segment=chr22:1,20000000&by=superpopulation,sex&limit=5");
    assertThat(strata.get("variants")).hasSize(5);
    JsonNode first = strata.get("variants").get(0);
    // the per-sex AN adds up to the whole cohort's, less no-calls
    int an = first.get("strata").get("sex:male").get("an").asInt() + first.get("strata").get("sex:female").get("an").asInt();
    assertThat(an).isBetween(2 * sheet.size() - 10, 2 * sheet.size());
    assertThat(status("count", "segment=chr1&samples=population:XYZ")).isEqualTo(400);
    assertThat(status("count", "segment=chr1&samples=tribe:CEU")).isEqualTo(400);
  }

  static String tool(String... command) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
    Process p;
    try {
      p = pb.start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + command[0] + " (apt-get install plink1.9 plink2 bcftools)", e);
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as("%s: %s", String.join(" ", command), out).isZero();
    return out;
  }

  static String run(String... command) {
    return GenotypeCrossCheckIT.run(command);
  }

  @SafeVarargs
  static List<Process> start(List<String>... commands) {
    return GenotypeCrossCheckIT.start(commands);
  }

  static String finish(List<Process> p) {
    return GenotypeCrossCheckIT.finish(p);
  }

  static JsonNode get(String endpoint, String args) throws IOException, InterruptedException {
    return get("fam", endpoint, args);
  }

  static JsonNode get(String source, String endpoint, String args) throws IOException, InterruptedException {
    URI uri = URI.create(server.localUrl() + "/genotypes/" + source + "/" + endpoint + "?" + args);
    HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as("%s: %s", uri, r.body()).isEqualTo(200);
    return JSON.readTree(r.body());
  }

  static int status(String endpoint, String args) throws IOException, InterruptedException {
    URI uri = URI.create(server.localUrl() + "/genotypes/fam/" + endpoint + "?" + args);
    return HTTP.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString()).statusCode();
  }

  static HttpResponse<String> send(String endpoint, String args, String body) throws IOException, InterruptedException {
    URI uri = URI.create(server.localUrl() + "/genotypes/fam/" + endpoint + "?" + args);
    return HTTP.send(HttpRequest.newBuilder(uri).header("Content-Type", "text/plain")
        .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
  }

  static JsonNode post(String endpoint, String args, String body) throws IOException, InterruptedException {
    HttpResponse<String> r = send(endpoint, args, body);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    return JSON.readTree(r.body());
  }
}
