package org.dasgrid.perf.cohort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dasgrid.perf.cohort.GenotypeCrossCheckIT.lines;
import static org.dasgrid.perf.cohort.GenotypeCrossCheckIT.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Writer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.dasgrid.webapp.EmbeddedServer;
import org.dasgrid.webapp.ServerOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The analytics of {@code variants} ({@code stats=true}, {@code cases=}) against PLINK 1.9 ({@code --hardy},
 * {@code --assoc}; Debian {@code plink1.9}) and bcftools ({@code +fill-tags -t HWE}), on a generated cohort
 * (120 × 20,000 with no-calls, partial calls and multi-allelic sites) and the real 1000 Genomes CEU exon file,
 * for the whole cohort and random virtual cohorts and case sets. The tools read the split file ({@code
 * bcftools norm -m-}, each record's ID set to CHROM:POS:REF:ALT so their rows can be matched), autosomes only
 * (PLINK treats X, Y and MT by sex). Counts must be equal; p-values, F and odds ratios equal to the tools'
 * printed precision (PLINK: 4 significant digits; bcftools: 6, within one unit of the last, as its arithmetic
 * strays there; {@code HardyWeinbergTest} checks against exact arithmetic to 1e-9). The association checks use a copy of the
 * generated cohort without partial calls ({@code ./1}), which PLINK counts as missing and the API (as bcftools)
 * counts by their called allele.
 */
class CohortStatsCrossCheckIT {
  static final ObjectMapper JSON = new ObjectMapper();
  static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  static final Pattern PARTIAL = Pattern.compile("(?<=\t)(?:\\.[/|][0-9]+|[0-9]+[/|]\\.)(?=[\t\n:])");
  @TempDir static Path dir;
  static EmbeddedServer server;
  static Data cohort;
  static Data whole;
  static Data ceu;

  /** A served source and its split, renamed file as the tools read it. */
  record Data(String id, Path split, List<String> samples, List<String> autosomes) {}

  @BeforeAll
  static void prepare() throws Exception {
    Path generated = dir.resolve("cohort.vcf.gz");
    new CohortGenerator(new CohortGenerator.Options(120, 20_000, 7, generated, 5))
        .generate(new PrintStream(new ByteArrayOutputStream()));
    Path whole = dir.resolve("whole.vcf");
    withoutPartialCalls(generated, whole);
    Path real = dir.resolve("ceu.vcf.gz");
    Files.copy(GenotypeCrossCheckIT.root().resolve("datasources/src/test/resources/data/CEU_Exon.vcf.gz"), real);
    Files.writeString(dir.resolve("dasgrid.yaml"), String.join("\n",
        "server: {maxFeaturesPerResponse: 10000000, maxSegmentsPerRequest: 1000}", "sources:",
        "  - {id: cohort, format: vcf, path: cohort.vcf.gz, genotypes: true}",
        "  - {id: whole, format: vcf, path: whole.vcf, genotypes: true}",
        "  - {id: ceu, format: vcf, path: ceu.vcf.gz, genotypes: true}", ""));
    server = EmbeddedServer.start(ServerOptions.defaults().withPort(0).withBind("127.0.0.1")
        .withConfig(dir.resolve("dasgrid.yaml")), new PrintStream(new ByteArrayOutputStream()));
    CohortStatsCrossCheckIT.cohort = data("cohort", generated);
    run("bgzip", "-k", "-f", whole.toString());
    CohortStatsCrossCheckIT.whole = data("whole", Path.of(whole + ".gz"));
    ceu = data("ceu", real);
    assertThat(server.awaitLoaded(60, TimeUnit.SECONDS)).isTrue();
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  /** Copies a gzipped VCF with every partial call ({@code ./1}, {@code 0|.}) made a no-call. */
  static void withoutPartialCalls(Path from, Path to) throws IOException {
    try (BufferedReader in = new BufferedReader(new InputStreamReader(
            new GZIPInputStream(Files.newInputStream(from)), StandardCharsets.UTF_8));
        Writer out = Files.newBufferedWriter(to)) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        out.write(line.startsWith("#") ? line : PARTIAL.matcher(line + "\n").replaceAll("./.").strip());
        out.write('\n');
      }
    }
  }

  static Data data(String id, Path vcf) {
    run("tabix", "-f", "-p", "vcf", vcf.toString());
    Path split = dir.resolve(id + ".split.vcf.gz");
    Path named = dir.resolve(id + ".named.vcf.gz");
    run("bcftools", "norm", "-m-", "-Oz", "-o", split.toString(), vcf.toString());
    run("bcftools", "annotate", "--set-id", "%CHROM:%POS:%REF:%FIRST_ALT", "-Oz", "-o", named.toString(),
        split.toString());
    run("bcftools", "index", "-t", named.toString());
    List<String> samples = lines(run("bcftools", "query", "-l", named.toString()));
    List<String> autosomes = new ArrayList<>();
    for (String c : lines(run("bcftools", "query", "-f", "%CHROM\n", named.toString()))) {
      String bare = c.startsWith("chr") ? c.substring(3) : c;
      if (bare.matches("[0-9]+") && !autosomes.contains(c)) {
        autosomes.add(c);
      }
    }
    return new Data(id, named, samples, autosomes);
  }

  @Test
  void hweAndMissingOfTheGeneratedCohortAreThoseOfPlinkAndBcftools() throws Exception {
    checkHardy(cohort, 11);
  }

  @Test
  void hweAndMissingOfTheCeuExonCohortAreThoseOfPlinkAndBcftools() throws Exception {
    checkHardy(ceu, 12);
  }

  @Test
  void assocOfTheGeneratedCohortIsThatOfPlink() throws Exception {
    checkAssoc(whole, 21);
  }

  @Test
  void assocOfTheCeuExonCohortIsThatOfPlink() throws Exception {
    checkAssoc(ceu, 22);
  }

  /** The whole cohort and three random virtual cohorts: every row's counts, missing, HWE p and F. */
  void checkHardy(Data d, long seed) throws Exception {
    Random rnd = new Random(seed);
    List<List<String>> cohorts = new ArrayList<>();
    cohorts.add(List.of());
    for (int k = 0; k < 3; k++) {
      cohorts.add(subset(d.samples(), 10 + rnd.nextInt(d.samples().size() - 20), rnd));
    }
    int checked = 0;
    for (List<String> chosen : cohorts) {
      List<String> samples = chosen.isEmpty() ? d.samples() : chosen;
      Map<String, String[]> plink = plink(d, samples, List.of("--hardy"), "hwe", 1);
      Map<String, String> fillTags = fillTagsHwe(d, samples);
      Map<String, JsonNode> ours = rows(d, chosen, "&stats=true");
      for (Map.Entry<String, String[]> e : plink.entrySet()) {
        String[] p = e.getValue(); // CHR SNP TEST A1 A2 GENO O(HET) E(HET) P
        String[] geno = p[5].split("/");
        int homAlt = Integer.parseInt(geno[0]);
        int het = Integer.parseInt(geno[1]);
        int homRef = Integer.parseInt(geno[2]);
        JsonNode v = ours.get(e.getKey());
        if (homAlt + het == 0) {
          assertThat(v).as("%s: no carrier among the samples, so no row", e.getKey()).isNull();
          continue;
        }
        assertThat(v).as("%s in %s", e.getKey(), d.id()).isNotNull();
        String what = d.id() + " " + e.getKey() + " " + samples.size() + " samples";
        assertThat(v.get("hom").asInt()).as(what).isEqualTo(homAlt);
        assertThat(v.get("het").asInt()).as(what).isEqualTo(het);
        assertThat(samples.size() - v.get("missing").asInt() - het - homAlt).as(what).isEqualTo(homRef);
        assertPrinted(v.get("hwe_p").asDouble(), p[8], what + " plink P");
        // bcftools' own arithmetic strays from the exact value (HardyWeinbergTest) in its 6th digit at times
        assertPrinted(v.get("hwe_p").asDouble(), fillTags.get(e.getKey()), 1, what + " bcftools HWE");
        double expectedF = 1 - Double.parseDouble(p[6]) / Double.parseDouble(p[7]);
        if (v.get("f").isNull()) {
          assertThat(homAlt == 0 && het == 0 || homRef == 0 && het == 0).as(what + " f null").isTrue();
        } else {
          assertThat(v.get("f").asDouble()).as(what + " f").isCloseTo(expectedF,
              org.assertj.core.data.Offset.offset(2e-3 * Math.max(1, Math.abs(expectedF))));
          double n = het + homAlt + homRef;
          double q = (2.0 * homAlt + het) / (2 * n);
          assertThat(v.get("f").asDouble()).as(what + " f from counts")
              .isCloseTo(1 - het / (2 * q * (1 - q) * n), org.assertj.core.data.Offset.offset(1e-12));
        }
        checked++;
      }
      assertThat(ours.keySet()).as("rows PLINK does not list").isSubsetOf(plink.keySet());
    }
    assertThat(checked).isGreaterThan(d.id().equals("ceu") ? 1000 : 10_000);
  }

  /** Random case sets, the controls the rest of the cohort or a random subset: case/control af, p and OR. */
  void checkAssoc(Data d, long seed) throws Exception {
    Random rnd = new Random(seed);
    int checked = 0;
    for (int k = 0; k < 3; k++) {
      List<String> shuffled = new ArrayList<>(d.samples());
      Collections.shuffle(shuffled, rnd);
      int nCases = 5 + rnd.nextInt(d.samples().size() / 2);
      List<String> cases = shuffled.subList(0, nCases);
      boolean explicitControls = k == 2;
      List<String> controls = explicitControls
          ? shuffled.subList(nCases, nCases + (d.samples().size() - nCases) / 2)
          : shuffled.subList(nCases, shuffled.size());
      Path pheno = dir.resolve(d.id() + ".pheno");
      Set<String> caseSet = new HashSet<>(cases);
      Set<String> controlSet = new HashSet<>(controls);
      List<String> lines = new ArrayList<>();
      for (String s : d.samples()) {
        lines.add(s + " " + s + " " + (caseSet.contains(s) ? 2 : controlSet.contains(s) ? 1 : -9));
      }
      Files.write(pheno, lines);
      Map<String, String[]> plink = plink(d, d.samples(), List.of("--assoc", "--pheno", pheno.toString(),
          "--allow-no-sex"), "assoc", 1);
      String args = "&cases=" + String.join(",", cases)
          + (explicitControls ? "&controls=" + String.join(",", controls) : "");
      Map<String, JsonNode> ours = rows(d, List.of(), args);
      for (Map.Entry<String, String[]> e : plink.entrySet()) {
        String[] p = e.getValue(); // CHR SNP BP A1 F_A F_U A2 CHISQ P OR
        JsonNode v = ours.get(e.getKey());
        if (v == null) {
          continue; // no carrier in the whole cohort
        }
        String what = d.id() + " " + e.getKey() + " " + cases.size() + " cases";
        JsonNode c = v.get("cases");
        JsonNode u = v.get("controls");
        if (explicitControls && (c.get("an").asInt() == 0 || u.get("an").asInt() == 0)
            || p[4].equals("NA")) {
          assertThat(v.get("assoc_p").isNull() || p[8].equals("NA")).as(what).isTrue();
          continue;
        }
        assertPrinted(c.get("af").asDouble(), p[4], what + " F_A");
        assertPrinted(u.get("af").asDouble(), p[5], what + " F_U");
        if (p[8].equals("NA")) {
          assertThat(v.get("assoc_p").isNull()).as(what + " P NA").isTrue();
        } else {
          assertPrinted(v.get("assoc_p").asDouble(), p[8], what + " P");
        }
        if (p[9].equals("NA") || p[9].equals("inf")) {
          assertThat(v.get("odds_ratio").isNull()).as(what + " OR " + p[9]).isTrue();
        } else {
          assertPrinted(v.get("odds_ratio").asDouble(), p[9], what + " OR");
        }
        checked++;
      }
    }
    assertThat(checked).isGreaterThan(d.id().equals("ceu") ? 1000 : 10_000);
  }

  /** Ours equals PLINK's or bcftools' printed number to its last printed digit. */
  static void assertPrinted(double ours, String printed, String what) {
    assertPrinted(ours, printed, 0.5, what);
  }

  /** Ours within {@code units} of the last printed digit of the tool's number. */
  static void assertPrinted(double ours, String printed, double units, String what) {
    assertThat(printed).as(what + ": the tool printed nothing").isNotNull();
    String mantissa = printed.toLowerCase().split("e")[0].replace("-", "").replace(".", "");
    int digits = mantissa.replaceFirst("^0+", "").length();
    double theirs = Double.parseDouble(printed);
    if (theirs == 0) {
      assertThat(Math.abs(ours)).as(what).isLessThan(1e-300);
      return;
    }
    double unit = Math.pow(10, Math.floor(Math.log10(Math.abs(theirs))) - Math.max(1, digits) + 1);
    assertThat(Math.abs(ours - theirs)).as("%s: ours %s, printed %s", what, ours, printed)
        .isLessThanOrEqualTo(unit * units * (1 + 1e-9) + Math.ulp(theirs) * 4);
  }

  /** PLINK's rows (split on blanks) on the autosomes for the samples, by their SNP (CHROM:POS:REF:ALT). */
  static Map<String, String[]> plink(Data d, List<String> samples, List<String> command, String ext, int idColumn)
      throws IOException {
    Path keep = dir.resolve(d.id() + ".keep");
    Files.write(keep, samples.stream().map(s -> s + " " + s).toList());
    String out = dir.resolve(d.id() + "." + ext + "out").toString();
    List<String> cmd = new ArrayList<>(List.of("plink1.9", "--vcf", d.split().toString(), "--double-id",
        "--allow-extra-chr", "--vcf-half-call", "m", "--keep-allele-order", "--autosome", "--keep", keep.toString(),
        "--out", out));
    cmd.addAll(command);
    run(cmd.toArray(String[]::new));
    Map<String, String[]> rows = new HashMap<>();
    Set<String> twice = new HashSet<>();
    List<String> text = Files.readAllLines(Path.of(out + "." + ext));
    for (String line : text.subList(1, text.size())) {
      String[] f = line.strip().split("\\s+");
      if (rows.put(f[idColumn], f) != null) {
        twice.add(f[idColumn]);
      }
    }
    twice.forEach(rows::remove); // duplicate records cannot be matched one to one
    return rows;
  }

  /** {@code bcftools +fill-tags -t HWE} of the samples, by CHROM:POS:REF:ALT. */
  static Map<String, String> fillTagsHwe(Data d, List<String> samples) throws IOException {
    Path list = dir.resolve(d.id() + ".samples");
    Files.write(list, samples);
    Path sub = dir.resolve(d.id() + ".sub.vcf.gz");
    run("bcftools", "view", "-S", list.toString(), "-Oz", "-o", sub.toString(), d.split().toString());
    Path tagged = dir.resolve(d.id() + ".hwe.vcf.gz");
    run("bcftools", "+fill-tags", sub.toString(), "-Oz", "-o", tagged.toString(), "--", "-t", "HWE");
    Map<String, String> out = new HashMap<>();
    for (String line : lines(run("bcftools", "query", "-f", "%ID\t%INFO/HWE\n", tagged.toString()))) {
      String[] f = line.split("\t");
      out.put(f[0], f[1]);
    }
    return out;
  }

  /** Our rows on the autosomes for the chosen samples (all when empty), by CHROM:POS:REF:ALT. */
  static Map<String, JsonNode> rows(Data d, List<String> chosen, String extra) throws Exception {
    StringBuilder args = new StringBuilder("zygosity=any");
    for (String c : d.autosomes()) {
      args.append("&segment=").append(c);
    }
    if (!chosen.isEmpty()) {
      args.append("&samples=").append(String.join(",", chosen));
    }
    args.append(extra);
    HttpRequest req = HttpRequest.newBuilder(URI.create(server.localUrl() + "/genotypes/" + d.id() + "/variants"))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .POST(HttpRequest.BodyPublishers.ofString(args.toString())).build();
    HttpResponse<String> r = HTTP.send(req, HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    Map<String, JsonNode> out = new HashMap<>();
    Set<String> twice = new HashSet<>();
    for (JsonNode v : JSON.readTree(r.body()).get("variants")) {
      String key = v.get("chrom").asText() + ":" + v.get("pos").asInt() + ":" + v.get("ref").asText() + ":"
          + v.get("alt").asText();
      if (out.put(key, v) != null) {
        twice.add(key);
      }
    }
    twice.forEach(out::remove);
    return out;
  }

  static List<String> subset(List<String> all, int n, Random rnd) {
    List<String> copy = new ArrayList<>(all);
    Collections.shuffle(copy, rnd);
    return List.copyOf(copy.subList(0, n));
  }
}
