package org.dasgrid.perf.cohort;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.dasgrid.webapp.EmbeddedServer;
import org.dasgrid.webapp.ServerOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Beacon v2 {@code /g_variants} counts against bcftools, on a generated cohort (120 samples × 20,000 records
 * with multi-allelic sites, no-calls and partial calls) and on the real 1000 Genomes CEU exon file. bcftools
 * splits the file ({@code norm -m-}), selects the records ({@code -r} with {@code --regions-overlap 1} for
 * ranges, {@code 0} — POS inside — for positions and brackets) and keeps those some sample carries ({@code -i
 * 'GT="het" | GT="AA" | GT="A"'}, the genotype engine's {@code any}); the test only turns Beacon's 0-based
 * coordinates into bcftools' 1-based regions and compares REF/ALT and ends. Random sequence queries (an allele
 * of the file, or a neighbour), ranges (1 bp to 2 Mb, at both edges of a record), brackets, and SNP-typed
 * ranges ({@code TYPE="snp"}); on CEU, whose config lets Beacon show samples, each record's caseLevelData
 * against bcftools' het and hom samples.
 */
class BeaconCrossCheckIT {
  static final ObjectMapper JSON = new ObjectMapper();
  static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  static final String CARRIED = "GT=\"het\" | GT=\"AA\" | GT=\"A\"";
  @TempDir static Path dir;
  static EmbeddedServer server;
  static Split cohort;
  static Split ceu;

  /** A split file and its alleles (CHROM, POS, REF, ALT, one per line), as bcftools lists them. */
  record Split(String id, Path file, List<String[]> alleles) {}

  @BeforeAll
  static void prepare() throws Exception {
    Path generated = dir.resolve("cohort.vcf.gz");
    new CohortGenerator(new CohortGenerator.Options(120, 20_000, 7, generated, 5))
        .generate(new PrintStream(new ByteArrayOutputStream()));
    Path real = dir.resolve("ceu.vcf.gz");
    Files.copy(GenotypeCrossCheckIT.root().resolve("datasources/src/test/resources/data/CEU_Exon.vcf.gz"), real);
    Files.writeString(dir.resolve("dasgrid.yaml"), String.join("\n", "sources:",
        "  - {id: cohort, format: vcf, path: cohort.vcf.gz, genotypes: true}",
        "  - {id: ceu, format: vcf, path: ceu.vcf.gz, genotypes: true, options: {beaconCaseLevelData: \"true\"}}",
        ""));
    server = EmbeddedServer.start(ServerOptions.defaults().withPort(0).withBind("127.0.0.1")
        .withConfig(dir.resolve("dasgrid.yaml")), new PrintStream(new ByteArrayOutputStream()));
    cohort = split("cohort", generated);
    ceu = split("ceu", real);
    assertThat(server.awaitLoaded(60, TimeUnit.SECONDS)).isTrue();
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  static Split split(String id, Path vcf) {
    Path split = dir.resolve(id + ".split.vcf.gz");
    GenotypeCrossCheckIT.run("tabix", "-f", "-p", "vcf", vcf.toString());
    GenotypeCrossCheckIT.run("bcftools", "norm", "-m-", "-Oz", "-o", split.toString(), vcf.toString());
    GenotypeCrossCheckIT.run("bcftools", "index", "-t", split.toString());
    List<String[]> alleles = new ArrayList<>();
    for (String line : GenotypeCrossCheckIT.lines(GenotypeCrossCheckIT.run("bcftools", "query", "-f",
        "%CHROM\t%POS\t%REF\t%ALT\n", split.toString()))) {
      alleles.add(line.split("\t"));
    }
    return new Split(id, split, alleles);
  }

  @Test
  void generatedCohortCountsLikeBcftools() throws Exception {
    crossCheck(cohort, 200, 31);
  }

  @Test
  void realCeuCountsAndCarriersLikeBcftools() throws Exception {
    crossCheck(ceu, 200, 32);
    // every chromosome of the file, whole
    for (String chrom : new TreeSet<>(ceu.alleles().stream().map(a -> a[0]).toList())) {
      long expected = carried(ceu, chrom, 1).size();
      assertThat(count(ceu, "referenceName=" + chrom)).as(chrom).isEqualTo(expected);
    }
  }

  /** Carried alleles (CHROM, POS, REF, ALT) of a bcftools region; {@code overlap} 1 = by REF span, 0 = POS inside. */
  static List<String[]> carried(Split d, String region, int overlap) {
    return carried(d, region, overlap, CARRIED);
  }

  static List<String[]> carried(Split d, String region, int overlap, String filter) {
    List<String[]> out = new ArrayList<>();
    for (String line : GenotypeCrossCheckIT.lines(GenotypeCrossCheckIT.run("bcftools", "query", "-r", region,
        "--regions-overlap", "" + overlap, "-i", filter, "-f", "%CHROM\t%POS\t%REF\t%ALT\n", d.file().toString()))) {
      out.add(line.split("\t"));
    }
    return out;
  }

  static JsonNode beacon(Split d, String args) throws IOException, InterruptedException {
    URI uri = URI.create(server.localUrl() + "/beacon/v2/g_variants?datasetIds=" + d.id() + "&" + args);
    HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as("%s: %s", uri, r.body()).isEqualTo(200);
    return JSON.readTree(r.body());
  }

  static long count(Split d, String args) throws IOException, InterruptedException {
    return beacon(d, args + "&requestedGranularity=count").at("/responseSummary/numTotalResults").asLong();
  }

  void crossCheck(Split d, int queries, long seed) throws Exception {
    Random rnd = new Random(seed);
    int nonEmpty = 0;
    for (int k = 0; k < queries; k++) {
      String[] a = d.alleles().get(rnd.nextInt(d.alleles().size()));
      String chrom = a[0];
      int pos = Integer.parseInt(a[1]);
      String what;
      long expected;
      long got;
      switch (k % 4) {
        case 0 -> { // sequence query: this allele, or one base off
          int start0 = pos - 1 + (rnd.nextInt(4) == 0 ? rnd.nextInt(3) - 1 : 0);
          String ref = a[2];
          String alt = a[3];
          what = "referenceName=" + chrom + "&start=" + start0 + "&referenceBases=" + ref + "&alternateBases=" + alt;
          expected = carried(d, chrom + ":" + (start0 + 1) + "-" + (start0 + 1), 0).stream()
              .filter(x -> x[2].equals(ref) && x[3].equals(alt)).count();
          got = count(d, what);
          if (d == ceu && expected > 0) {
            checkCarriers(d, what, chrom, start0 + 1, ref, alt);
          }
        }
        case 1 -> { // range, with an edge on the record about half the time
          int len = 1 + (int) Math.pow(2_000_000, rnd.nextDouble());
          int start0 = switch (rnd.nextInt(4)) {
            case 0 -> pos - 1; // the range starts at the record
            case 1 -> pos; // ... just after it (a 1-base REF is then outside)
            case 2 -> Math.max(0, pos - 1 - len); // the range ends just before the record
            default -> Math.max(0, pos - 1 - rnd.nextInt(len));
          };
          int end0 = start0 + len;
          what = "referenceName=" + chrom + "&start=" + start0 + "&end=" + end0;
          expected = carried(d, chrom + ":" + (start0 + 1) + "-" + end0, 1).size();
          got = count(d, what);
        }
        case 2 -> { // bracket: start in [s0, s1], end in [e0, e1] (0-based, end exclusive, all inclusive bounds)
          int s0 = Math.max(0, pos - 1 - rnd.nextInt(2000));
          int s1 = pos - 1 + rnd.nextInt(2000);
          int e0 = s0 + rnd.nextInt(s1 - s0 + 2);
          int e1 = e0 + rnd.nextInt(4000);
          what = "referenceName=" + chrom + "&start=" + s0 + "," + s1 + "&end=" + e0 + "," + e1;
          expected = carried(d, chrom + ":" + (s0 + 1) + "-" + (s1 + 1), 0).stream().filter(x -> {
            long end0 = Long.parseLong(x[1]) - 1 + x[2].length();
            return end0 >= e0 && end0 <= e1;
          }).count();
          got = count(d, what);
        }
        default -> { // SNPs of a range, as bcftools types them
          int start0 = Math.max(0, pos - 1 - rnd.nextInt(500_000));
          int end0 = start0 + 1 + rnd.nextInt(1_000_000);
          what = "referenceName=" + chrom + "&start=" + start0 + "&end=" + end0 + "&variantType=SNP";
          expected = carried(d, chrom + ":" + (start0 + 1) + "-" + end0, 1, "(" + CARRIED + ") && TYPE=\"snp\"").size();
          got = count(d, what);
        }
      }
      assertThat(got).as("%s %s", d.id(), what).isEqualTo(expected);
      if (expected > 0) {
        nonEmpty++;
        if (k % 8 < 4) { // the record answer counts the same, and pages as many as asked
          JsonNode rec = beacon(d, what + "&requestedGranularity=record&limit=3");
          assertThat(rec.at("/response/resultSets/0/resultsCount").asLong()).as(what).isEqualTo(expected);
          assertThat((long) rec.at("/response/resultSets/0/results").size()).isEqualTo(Math.min(3, expected));
        }
      } else {
        assertThat(beacon(d, what).at("/responseSummary/exists").asBoolean()).as(what).isFalse();
      }
    }
    assertThat(nonEmpty).as("queries that found something").isGreaterThan(queries / 3);
  }

  /** caseLevelData of the allele's record: bcftools' het samples as heterozygous, hom-alt ones as homozygous. */
  static void checkCarriers(Split d, String what, String chrom, int pos, String ref, String alt) throws Exception {
    String region = chrom + ":" + pos + "-" + pos;
    Map<String, String> expected = new LinkedHashMap<>();
    for (String[] z : new String[][] {{"GT=\"het\"", "heterozygous"}, {"GT=\"AA\" | GT=\"A\"", "homozygous"}}) {
      for (String line : GenotypeCrossCheckIT.lines(GenotypeCrossCheckIT.run("bcftools", "query", "-r", region,
          "--regions-overlap", "0", "-i", z[0], "-f", "%REF\t%ALT[\t%SAMPLE]\n", d.file().toString()))) {
        String[] c = line.split("\t");
        if (c[0].equals(ref) && c[1].equals(alt)) {
          for (int i = 2; i < c.length; i++) {
            expected.put(c[i], z[1]);
          }
        }
      }
    }
    JsonNode rec = beacon(d, what + "&requestedGranularity=record");
    Map<String, String> got = new LinkedHashMap<>();
    for (JsonNode c : rec.at("/response/resultSets/0/results/0/caseLevelData")) {
      got.put(c.get("biosampleId").asText(), c.at("/zygosity/label").asText());
    }
    assertThat(got).as(what).isEqualTo(expected).isNotEmpty();
  }
}
