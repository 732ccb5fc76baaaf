package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code gene=} over HTTP on the bundled CEU cohort (NCBI36) with a genes GFF3 written here: genes whose spans
 * are drawn (fixed seed) around the file's own sites, named {@code chrN} where the VCF says {@code N}. The
 * names (TP53, BRCA2, ...) are placeholders at made-up places on this assembly, which is all a test needs.
 * Checked: a gene's answer is its span's answer (rows byte for byte; variants, samples, count, analytics,
 * inheritance, Beacon {@code geneId}); the span reported is the one awk reads from the GFF3; {@code /count}
 * equals bcftools counting the carriers of each allele in {@code view -r SPAN}; and every mistake's status.
 */
class GeneQueryIT {
  static final ObjectMapper JSON = new ObjectMapper();
  static final Path CEU = TestServer.root().resolve("webapp/src/main/resources/examples/data/ceu_exon.vcf.gz");
  static final Path SHEET = TestServer.root().resolve("webapp/src/main/resources/examples/data/ceu_exon.samples.tsv");
  @TempDir static Path dir;
  static TestServer server;
  static Path gff;
  static Path split;
  /** Each gene written: name → its GFF3 line's attributes. */
  static final Map<String, String> GENES = new LinkedHashMap<>();

  @BeforeAll
  static void start() throws Exception {
    Files.copy(CEU, dir.resolve("ceu.vcf.gz"));
    // the bundled sheet with NA12878 affected, so that the dominant and compound het patterns have rows to find
    Files.write(dir.resolve("ceu.samples.tsv"), Files.readAllLines(SHEET).stream()
        .map(l -> l.startsWith("NA12878\t") ? l.replace("\tunknown\tCEPH1463", "\taffected\tCEPH1463") : l)
        .toList());
    gff = dir.resolve("genes.gff3");
    Files.writeString(gff, genesFile(sites()));
    // a malformed genes file: the source serves, its gene queries say why they cannot
    Files.writeString(dir.resolve("broken.gff3"), "##gff-version 3\nchr1\tx\tgene\t10\t5\t.\t+\t.\tID=g1\n");
    Files.writeString(dir.resolve("dasgrid.yaml"), """
        sources:
          - id: cohort
            format: vcf
            path: ceu.vcf.gz
            genotypes: true
            samples: ceu.samples.tsv
            genes: genes.gff3
          - id: broken
            format: vcf
            path: ceu.vcf.gz
            genotypes: true
            genes: broken.gff3
          - id: plain
            format: vcf
            path: ceu.vcf.gz
            genotypes: true
        """);
    server = TestServer.start(dir.resolve("dasgrid.yaml"));
    // bcftools sees one ALT allele per record, as the API does; a copy of its own, indexed, since the header has
    // no ##contig lines and bcftools takes the contigs from the index
    Path oracle = Files.copy(CEU, dir.resolve("oracle.vcf.gz"));
    run("tabix", "-f", "-p", "vcf", oracle.toString());
    split = dir.resolve("split.vcf.gz");
    run("bcftools", "norm", "-m-", "-Oz", "-o", split.toString(), oracle.toString());
    run("bcftools", "index", "-t", split.toString());
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  /** The CEU sites, by contig in file order. */
  static Map<String, List<Integer>> sites() throws Exception {
    Map<String, List<Integer>> out = new LinkedHashMap<>();
    for (String line : run("bcftools", "query", "-f", "%CHROM\\t%POS\\n", CEU.toString())) {
      String[] f = line.split("\t");
      out.computeIfAbsent(f[0], k -> new ArrayList<>()).add(Integer.parseInt(f[1]));
    }
    return out;
  }

  /**
   * Genes around runs of sites: TP53 (with a versioned Ensembl ID and an alias), BRCA2, MULTI (one name on two
   * contigs), twelve more at random, and ONY on chrY, which the cohort does not have.
   */
  static String genesFile(Map<String, List<Integer>> sites) {
    Random rnd = new Random(18);
    List<String> contigs = new ArrayList<>(sites.keySet());
    StringBuilder b = new StringBuilder("##gff-version 3\n");
    gene(b, "TP53", "ID=gene:ENSG00000141510.16;Name=TP53;Alias=P53,LFS1", "17", sites, rnd);
    gene(b, "BRCA2", "ID=gene:ENSG00000139618.15;Name=BRCA2;Alias=FANCD1", "13", sites, rnd);
    gene(b, "MULTI", "ID=multi-a;Name=MULTI", "2", sites, rnd);
    gene(b, "MULTI", "ID=multi-b;Name=MULTI", "3", sites, rnd);
    for (int i = 1; i <= 12; i++) {
      gene(b, "G" + i, "ID=gene" + i + ";Name=G" + i, contigs.get(rnd.nextInt(contigs.size())), sites, rnd);
    }
    // WIDE: all of chr1's sites, where the trio has rows of each parent's (compound het)
    List<Integer> one = sites.get("1");
    b.append("chr1\tmade\tgene\t").append(one.get(0)).append('\t').append(one.get(one.size() - 1))
        .append("\t.\t+\t.\tID=wide;Name=WIDE\n");
    GENES.put("WIDE", "ID=wide;Name=WIDE");
    b.append("chrY\tmade\tgene\t100\t200\t.\t+\t.\tID=ony;Name=ONY\n");
    GENES.put("ONY", "ID=ony;Name=ONY");
    return b.toString();
  }

  private static void gene(StringBuilder b, String name, String attributes, String contig,
      Map<String, List<Integer>> sites, Random rnd) {
    List<Integer> pos = sites.get(contig);
    int from = rnd.nextInt(pos.size());
    int to = Math.min(pos.size() - 1, from + rnd.nextInt(12));
    int start = Math.max(1, pos.get(from) - rnd.nextInt(500));
    int end = pos.get(to) + rnd.nextInt(500);
    b.append("chr").append(contig).append("\tmade\tgene\t").append(start).append('\t').append(end)
        .append("\t.\t+\t.\t").append(attributes).append('\n');
    GENES.merge(name, attributes, (a, c) -> a + "|" + c);
  }

  static String base() {
    return server.base();
  }

  static JsonNode get(int status, String pathAndQuery) throws IOException {
    Http.Response r = Http.get(base() + pathAndQuery);
    assertThat(r.status()).as("%s: %s", pathAndQuery, r.text()).isEqualTo(status);
    return JSON.readTree(r.text());
  }

  /** The segment= arguments a gene's answer says it used. */
  static String segmentsOf(JsonNode answer) {
    StringBuilder s = new StringBuilder();
    for (JsonNode g : answer.get("genes")) {
      if (!g.get("segment").isNull()) {
        s.append("&segment=").append(g.get("segment").asText());
      }
    }
    return s.toString();
  }

  /** The answer without what may differ between two requests for the same rows: timings, the genes named. */
  static String rest(JsonNode answer) {
    ObjectNode o = answer.deepCopy();
    o.remove(List.of("elapsed_ms", "elapsed_db_ms", "genes"));
    return o.toString();
  }

  /** The rows of a variants answer as the server sent them. */
  static String rows(String body) {
    int from = body.indexOf("{\"variants\":[");
    int to = body.lastIndexOf("],\"count\":");
    assertThat(from).as(body).isZero();
    assertThat(to).as(body).isPositive();
    return body.substring(from, to);
  }

  @TestFactory
  List<DynamicTest> aGenesAnswerIsItsSpansAnswer() {
    Map<String, Integer> nonEmpty = new java.util.concurrent.ConcurrentHashMap<>();
    List<DynamicTest> tests = new ArrayList<>();
    for (String gene : GENES.keySet()) {
      for (String query : List.of("variants?zygosity=any", "variants?zygosity=het&stats=true", "count?zygosity=hom",
          "samples?zygosity=any", "variants?zygosity=any&limit=2")) {
        tests.add(DynamicTest.dynamicTest(gene + " " + query, () -> {
          String path = "/genotypes/cohort/" + query;
          Http.Response byGene = Http.get(base() + path + "&gene=" + gene.toLowerCase());
          assertThat(byGene.status()).as(byGene.text()).isEqualTo(200);
          JsonNode g = JSON.readTree(byGene.text());
          assertThat(g.get("genes")).isNotEmpty();
          String segments = segmentsOf(g);
          if (segments.isEmpty()) { // ONY: on no contig of the cohort
            assertThat(g.get(g.has("count") ? "count" : "variants").asInt()).isZero();
            return;
          }
          Http.Response bySpan = Http.get(base() + path + segments);
          assertThat(bySpan.status()).as(bySpan.text()).isEqualTo(200);
          assertThat(rest(g)).isEqualTo(rest(JSON.readTree(bySpan.text())));
          nonEmpty.merge(query, g.has("count") ? g.get("count").asInt() : g.get("variants").asInt(), Integer::sum);
          if (query.startsWith("variants")) {
            assertThat(rows(byGene.text())).isEqualTo(rows(bySpan.text()));
          }
        }));
      }
    }
    tests.add(DynamicTest.dynamicTest("some of these answers have rows", () ->
        assertThat(nonEmpty.values()).allMatch(n -> n > 0)));
    return tests;
  }

  @Test
  void theSpanReportedIsTheOneAwkReadsFromTheGff3AndTheSegmentIsItInTheCohortsNames() throws Exception {
    for (String gene : GENES.keySet()) {
      JsonNode answer = get(200, "/genotypes/cohort/count?gene=" + gene);
      List<String> awk = run("awk", "-F", "\t", "-v", "n=Name=" + gene + ";",
          "$3 == \"gene\" && index($9 \";\", n) > 0 { print $1 \":\" $4 \",\" $5 }", gff.toString());
      List<String> spans = new ArrayList<>();
      for (JsonNode g : answer.get("genes")) {
        spans.add(g.get("span").asText());
        assertThat(g.get("name").asText()).isEqualTo(gene);
        assertThat(g.get("query").asText()).isEqualTo(gene);
        if (!g.get("segment").isNull()) {
          assertThat("chr" + g.get("segment").asText()).isEqualTo(g.get("span").asText());
        }
      }
      assertThat(spans).as(gene).isEqualTo(awk);
    }
  }

  @Test
  void countEqualsBcftoolsCountingCarriersInTheSpan() throws Exception {
    long total = 0;
    for (String gene : GENES.keySet()) {
      JsonNode answer = get(200, "/genotypes/cohort/count?gene=" + gene + "&zygosity=any");
      long carried = 0;
      for (JsonNode g : answer.get("genes")) {
        if (g.get("segment").isNull()) {
          continue;
        }
        String region = g.get("segment").asText().replace(',', '-');
        // a site counts when some sample's call is complete and carries the allele (contract section 4)
        for (String line : run("bcftools", "query", "-r", region, "--regions-overlap", "1", "-f",
            "[%GT\\t]\\n", split.toString())) {
          boolean any = false;
          for (String gt : line.split("\t")) {
            any |= !gt.contains(".") && gt.matches(".*\\b1\\b.*");
          }
          carried += any ? 1 : 0;
        }
      }
      assertThat(answer.get("variants").asLong()).as(gene).isEqualTo(carried);
      total += carried;
    }
    assertThat(total).isPositive();
  }

  @Test
  void namesIdsAndAliasesFindTheSameGene() throws IOException {
    String byName = rest(get(200, "/genotypes/cohort/count?gene=TP53"));
    for (String other : List.of("tp53", "ENSG00000141510", "ensg00000141510.16", "p53", "LFS1")) {
      assertThat(rest(get(200, "/genotypes/cohort/count?gene=" + other))).as(other).isEqualTo(byName);
    }
    JsonNode two = get(200, "/genotypes/cohort/count?gene=TP53,BRCA2");
    assertThat(two.get("genes")).extracting(g -> g.get("name").asText()).containsExactly("TP53", "BRCA2");
    assertThat(two.get("variants").asInt()).isEqualTo(get(200, "/genotypes/cohort/count?gene=TP53")
        .get("variants").asInt() + get(200, "/genotypes/cohort/count?gene=BRCA2").get("variants").asInt());
  }

  @ParameterizedTest
  @ValueSource(strings = {
    "/genotypes/cohort/variants?gene=TP53,NOSUCH1,nosuch2|404|unknown genes: NOSUCH1, nosuch2",
    "/genotypes/cohort/count?gene=NOSUCH|404|unknown gene: NOSUCH",
    "/genotypes/cohort/count?gene=TP53&segment=17|400|gene= and segment=",
    "/genotypes/cohort/count?gene=|400|empty gene name",
    "/genotypes/plain/count?gene=TP53|400|has no gene annotation",
    "/genotypes/broken/count?gene=TP53|503|broken.gff3:2:",
    "/genotypes/cohort/inheritance?mode=denovo&family=CEPH1463&gene=NOSUCH|404|unknown gene: NOSUCH",
    "/genotypes/cohort/inheritance?mode=denovo&family=CEPH1463&gene=TP53&segment=17|400|gene= and segment=",
  })
  void mistakesAreNamedWithTheirStatus(String row) throws IOException {
    String[] p = row.split("\\|");
    JsonNode error = get(Integer.parseInt(p[1]), p[0]);
    assertThat(error.at("/error/message").asText()).contains(p[2]);
  }

  @Test
  void aBrokenGenesFileCostsOnlyTheGeneQueries() throws IOException {
    assertThat(rest(get(200, "/genotypes/broken/count?segment=17"))).isEqualTo(
        rest(get(200, "/genotypes/cohort/count?segment=17")));
  }

  @Test
  void inheritanceByGeneIsInheritanceOverItsSpan() throws IOException {
    int rows = 0;
    for (String mode : List.of("denovo", "dominant", "recessive")) {
      for (String gene : List.of("TP53", "MULTI", "G1", "G2", "WIDE")) {
        String q = "/genotypes/cohort/inheritance?mode=" + mode + "&family=CEPH1463";
        JsonNode g = get(200, q + "&gene=" + gene);
        JsonNode s = get(200, q + segmentsOf(g));
        assertThat(g.get("variants")).as(mode + " " + gene).isEqualTo(s.get("variants"));
        rows += g.get("variants").size();
      }
    }
    assertThat(rows).as("rows found by gene").isPositive();
    // compound het: each gene a region of its own, its hits named by the gene; the same rows as by segment
    String q = "/genotypes/cohort/inheritance?mode=compound_het&family=CEPH1463";
    JsonNode ch = get(200, q + "&gene=WIDE,TP53");
    assertThat(ch.get("variants")).isNotEmpty();
    JsonNode bySegment = get(200, q + segmentsOf(ch));
    assertThat(ch.get("variants").size()).isEqualTo(bySegment.get("variants").size());
    for (int i = 0; i < ch.get("variants").size(); i++) {
      ObjectNode row = ch.get("variants").get(i).deepCopy();
      ObjectNode other = bySegment.get("variants").get(i).deepCopy();
      assertThat(row.remove("gene").asText()).isIn("WIDE", "TP53");
      other.remove("gene");
      assertThat(row).isEqualTo(other);
    }
  }

  @Test
  void beaconGeneIdCountsWhatARangeQueryOverTheSpanCounts() throws IOException {
    for (String gene : List.of("TP53", "BRCA2", "G4", "G5")) {
      JsonNode api = get(200, "/genotypes/cohort/count?gene=" + gene);
      String[] seg = api.at("/genes/0/segment").asText().split("[:,]");
      JsonNode byGene = get(200, "/beacon/v2/g_variants?requestedGranularity=count&datasetIds=cohort&geneId="
          + gene);
      // Beacon ranges are 0-based, end exclusive
      JsonNode byRange = get(200, "/beacon/v2/g_variants?requestedGranularity=count&datasetIds=cohort"
          + "&referenceName=" + seg[0] + "&start=" + (Integer.parseInt(seg[1]) - 1) + "&end=" + seg[2]);
      assertThat(byGene.at("/responseSummary/numTotalResults").asLong()).as(gene)
          .isEqualTo(byRange.at("/responseSummary/numTotalResults").asLong())
          .isEqualTo(api.get("variants").asLong());
    }
    Http.Response unknown = Http.get(base() + "/beacon/v2/g_variants?datasetIds=cohort&geneId="
        + URLEncoder.encode("NOSUCH", StandardCharsets.UTF_8));
    assertThat(unknown.status()).isEqualTo(404);
    assertThat(unknown.text()).contains("unknown gene: NOSUCH");
    assertThat(Http.get(base() + "/beacon/v2/g_variants?datasetIds=plain&geneId=TP53").status()).isEqualTo(501);
    assertThat(Http.get(base() + "/beacon/v2/g_variants?geneId=TP53&referenceName=17").status()).isEqualTo(400);
  }

  @TestFactory
  List<DynamicTest> theGenotypeDocsGeneExamplesWork() throws IOException {
    Path home = Files.createDirectories(dir.resolve("docs-home"));
    DocsExamplesIT.prepareCurl(home);
    List<DynamicTest> tests = new ArrayList<>();
    for (DocsExamplesIT.Example ex : DocsExamplesIT.examples(TestServer.root().resolve("docs/genotypes.md"))) {
      if (ex.needs().equals("genes")) {
        tests.add(DynamicTest.dynamicTest(ex.name(), () ->
            DocsExamplesIT.run(ex, ex.command().replace("http://localhost:8080", base()), home)));
      }
    }
    assertThat(tests).as("docs/genotypes.md has gene= examples (# needs: genes)").isNotEmpty();
    return tests;
  }

  static List<String> run(String... command) throws Exception {
    Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as("%s (is it installed? .ci/run installs bcftools)", String.join(" ", command))
        .isZero();
    return out.isEmpty() ? List.of() : List.of(out.split("\n"));
  }
}
