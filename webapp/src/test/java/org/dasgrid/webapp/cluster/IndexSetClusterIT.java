package org.dasgrid.webapp.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.dasgrid.webapp.TestServer;
import org.dasgrid.webapp.cluster.ClusterIT.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Contract section 10 across cluster shards (issue 30, "a cluster IT with a multi-VCF source sharded over two
 * nodes"): a generated cohort cut into two VCFs (chr1-chr3 and chr4-chrX) is one source whose {@code path:} lists
 * both, served from the heap ({@code list}), from the index set {@code index --vcf A --vcf B --out set.dgi} wrote
 * ({@code set}), and from that set checked on first use ({@code lazy}), each sharded over two nodes with a shard
 * that crosses the VCFs (n1: chr1-chr4, n2: chr4-chrX). Whatever node is asked, variants, samples and counts over
 * both VCFs' contigs, genes, every page of a paged walk, DAS features and Beacon answer as a single node serving
 * the one VCF {@code bcftools concat} made of the two; and the variant rows are bcftools' own alleles, AC and AN.
 */
class IndexSetClusterIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> IDS = List.of("list", "set", "lazy");
  @TempDir static Path dir;
  private static TwinCluster cluster;
  private static List<String> bases;
  private static String singleBase;

  @BeforeAll
  static void start() throws Exception {
    CohortVcf.write(dir.resolve("gen.vcf"), 500, 31);
    split(dir.resolve("gen.vcf"), Map.of("a.vcf", List.of("chr1", "chr2", "chr3"),
        "b.vcf", List.of("chr4", "chr5", "chr6", "chrX")));
    run("bgzip", "-f", "a.vcf");
    run("bgzip", "-f", "b.vcf");
    run("bcftools", "concat", "-Oz", "-o", "whole.vcf.gz", "a.vcf.gz", "b.vcf.gz");
    run("bcftools", "index", "-t", "whole.vcf.gz");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    assertThat(run(java, "-Xmx512m", "-jar", TestServer.root().resolve("webapp/target/dasgrid.jar").toString(), "index", "--vcf", "a.vcf.gz", "--vcf", "b.vcf.gz", "--out", "set.dgi", "--threads", "2"))
        .contains("an index set: 2 pieces");
    Files.writeString(dir.resolve("genes.gff3"), "##gff-version 3\n"
        + "chr2\tt\tgene\t20000\t60000\t.\t+\t.\tID=g2;Name=TWO\n"
        + "chr5\tt\tgene\t30000\t90000\t.\t-\t.\tID=g5;Name=FIVE\n");
    String server = "server: {rateLimit: {enabled: false}, maxFeaturesPerResponse: 100000}\n";
    StringBuilder single = new StringBuilder("sources:\n");
    for (String id : IDS) {
      single.append("  - {id: ").append(id).append(", format: vcf, path: whole.vcf.gz, genotypes: true,"
          + " genes: genes.gff3}\n");
    }
    String sources = "sources:\n"
        + "  - {id: list, format: vcf, path: [a.vcf.gz, b.vcf.gz], genotypes: true, genes: genes.gff3}\n"
        + "  - {id: set, format: vcf, path: [a.vcf.gz, b.vcf.gz], genotypes: true, genes: genes.gff3,"
        + " genotypeIndex: set.dgi}\n"
        + "  - {id: lazy, format: vcf, path: [a.vcf.gz, b.vcf.gz], genotypes: true, genes: genes.gff3,"
        + " genotypeIndex: set.dgi, options: {genotypeIndexCheck: first-use}}\n";
    StringBuilder shards = new StringBuilder();
    for (String id : IDS) {
      shards.append("- {source: ").append(id).append(", contigs: [chr1, chr2, chr3, chr4], node: n1}\n")
          .append("- {source: ").append(id).append(", contigs: [chr4, chr5, chr6, chrX], node: n2}\n");
    }
    cluster = TwinCluster.start(dir, single + server, sources + server, List.of("n1", "n2"), 5000,
        shards.toString());
    singleBase = cluster.singleBase();
    bases = cluster.baseList();
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  /** Writes each contig's records to the file {@code files} names, with the header and every contig declared. */
  private static void split(Path vcf, Map<String, List<String>> files) throws IOException {
    StringBuilder header = new StringBuilder();
    Map<String, StringBuilder> out = new LinkedHashMap<>();
    files.keySet().forEach(f -> out.put(f, new StringBuilder()));
    for (String line : Files.readAllLines(vcf)) {
      if (line.startsWith("##fileformat")) {
        header.append(line).append('\n');
        CohortVcf.CONTIGS.forEach(c -> header.append("##contig=<ID=").append(c).append(">\n"));
      } else if (line.startsWith("#")) {
        header.append(line).append('\n');
      } else {
        String contig = line.substring(0, line.indexOf('\t'));
        files.forEach((f, contigs) -> {
          if (contigs.contains(contig)) {
            out.get(f).append(line).append('\n');
          }
        });
      }
    }
    for (var e : out.entrySet()) {
      Files.writeString(dir.resolve(e.getKey()), header.toString() + e.getValue());
    }
  }

  /** Runs a command in the test's folder; its output, asserting exit 0. */
  private static String run(String... command) throws Exception {
    Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(300, TimeUnit.SECONDS)).as("%s timed out", List.of(command)).isTrue();
    assertThat(p.exitValue()).as("%s: %s", List.of(command), out).isZero();
    return out;
  }

  private static String anyNode(Random r) {
    return bases.get(r.nextInt(bases.size()));
  }

  @Test
  void eachNodeLoadsItsShardOfTheVcfList() {
    for (String n : List.of("n1", "n2")) {
      assertThat(cluster.node(n).output()).as(n).contains("loaded set: ").contains("loaded lazy: ")
          .contains("loaded list: ").contains("this node's shard: ").doesNotContain("FAILED");
    }
  }

  @Test
  void randomGenotypeQueriesAtEitherNodeAnswerAsTheConcatenatedVcf() throws Exception {
    List<String> samples = new ArrayList<>();
    for (int s = 0; s < CohortVcf.SAMPLES; s++) {
      samples.add(String.format("G%03d", s));
    }
    Random r = new Random(17);
    int rows = 0;
    for (int q = 0; q < 150; q++) {
      StringBuilder query = new StringBuilder("/genotypes/").append(IDS.get(q % IDS.size())).append('/')
          .append(List.of("variants", "samples", "count").get(r.nextInt(3))).append('?');
      for (int k = 0, m = 1 + r.nextInt(3); k < m; k++) {
        int start = 10_000 + r.nextInt(100_000);
        query.append(k > 0 ? "&" : "").append("segment=").append(CohortVcf.CONTIGS.get(r.nextInt(7)))
            .append(r.nextInt(3) == 0 ? "" : ":" + start + "," + (start + r.nextInt(60_000)));
      }
      query.append("&zygosity=").append(List.of("het", "hom", "any").get(r.nextInt(3)));
      if (r.nextInt(3) == 0) {
        query.append("&samples=").append(samples.get(r.nextInt(samples.size()))).append(',')
            .append(samples.get(r.nextInt(samples.size())));
      }
      if (r.nextInt(4) == 0) {
        query.append("&limit=").append(r.nextInt(30));
      }
      Answer want = ClusterIT.answer(singleBase, query.toString());
      assertThat(want.status()).as("%s: %s", query, want.body()).isEqualTo(200);
      assertThat(ClusterIT.answer(anyNode(r), query.toString())).as("%s", query).isEqualTo(want);
      rows += want.body().contains("\"variants\":[{") || want.body().contains("\"samples\":[{") ? 1 : 0;
    }
    assertThat(rows).isGreaterThan(50);
  }

  /** The oracle without DasGrid: bcftools' alleles with their AC and AN over the whole cohort. */
  @Test
  void variantRowsAreBcftoolsAllelesWithTheirAcAndAn() throws Exception {
    Random r = new Random(5);
    for (String region : List.of("chr1", "chr3:20000,70000", "chr4", "chr6:50000,90000", "chrX")) {
      String bcfRegion = region.replace(',', '-');
      String out = run("bash", "-c", "bcftools view -Ou -r " + bcfRegion + " whole.vcf.gz"
          + " | bcftools +fill-tags -Ou -- -t AC,AN"
          + " | bcftools query -f '%CHROM\\t%POS\\t%REF\\t%ALT\\t%AC\\t%AN[\\t%GT]\\n'");
      List<String> expected = new ArrayList<>();
      for (String line : out.split("\n")) {
        if (line.isBlank()) {
          continue;
        }
        String[] f = line.split("\t");
        String[] alts = f[3].split(",");
        String[] acs = f[4].split(",");
        for (int a = 0; a < alts.length; a++) {
          if (Integer.parseInt(acs[a]) > 0 && carried(f, a + 1)) {
            expected.add(String.join(" ", f[0], f[1], f[2], alts[a], acs[a], f[5]));
          }
        }
      }
      assertThat(expected).as(region).hasSizeGreaterThan(20);
      // the ALT alleles of one record come in the order of their sequence (bcftools: the record's order)
      expected.sort(java.util.Comparator.comparingInt((String row) -> Integer.parseInt(row.split(" ")[1]))
          .thenComparing(row -> row.split(" ")[3]));
      for (String id : IDS) {
        String base = anyNode(r);
        JsonNode doc = JSON.readTree(ClusterIT.answer(base, "/genotypes/" + id + "/variants?segment=" + region
            + "&zygosity=any").body());
        List<String> got = new ArrayList<>();
        doc.get("variants").forEach(v -> got.add(String.join(" ", v.get("chrom").asText(), v.get("pos").asText(),
            v.get("ref").asText(), v.get("alt").asText(), v.get("ac").asText(), v.get("an").asText())));
        assertThat(got).as("%s %s via %s", id, region, base).isEqualTo(expected);
        JsonNode count = JSON.readTree(ClusterIT.answer(base, "/genotypes/" + id + "/count?segment=" + region
            + "&zygosity=any").body());
        assertThat(count.get("variants").asInt()).as("%s %s count", id, region).isEqualTo(expected.size());
      }
    }
  }

  /**
   * Whether a sample of the bcftools row {@code f} (its genotypes from column 7) carries ALT {@code allele} in a
   * het or hom call, the rows a {@code zygosity=any} answer lists (a partial call such as {@code ./1} is neither).
   */
  private static boolean carried(String[] f, int allele) {
    for (int i = 6; i < f.length; i++) {
      String[] calls = f[i].split("[/|]");
      boolean called = true;
      boolean has = false;
      for (String c : calls) {
        called &= !c.equals(".");
        has |= c.equals(String.valueOf(allele));
      }
      if (called && has) {
        return true;
      }
    }
    return false;
  }

  @Test
  void genesOverBothVcfsAnswerAsTheConcatenatedVcf() throws Exception {
    for (String id : IDS) {
      for (String q : List.of("variants?gene=TWO,FIVE&zygosity=any", "count?gene=FIVE,TWO&zygosity=het",
          "samples?gene=TWO,FIVE&zygosity=hom", "variants?gene=FIVE&zygosity=any&limit=5")) {
        String query = "/genotypes/" + id + "/" + q;
        Answer want = ClusterIT.answer(singleBase, query);
        assertThat(want.status()).as("%s: %s", query, want.body()).isEqualTo(200);
        for (String base : bases) {
          assertThat(ClusterIT.answer(base, query)).as("%s via %s", query, base).isEqualTo(want);
        }
      }
    }
  }

  /** Every page through alternating nodes, followed by its cursor, is the single node's page; together, its whole answer. */
  @Test
  void pagedWalksAcrossTheVcfsThroughEitherNodeEqualTheWholeAnswer() throws Exception {
    for (String id : IDS) {
      String q = "/genotypes/" + id + "/variants?segment=chr2&segment=chr4&segment=chrX&zygosity=any";
      JsonNode whole = JSON.readTree(ClusterIT.answer(singleBase, q).body()).get("variants");
      assertThat(whole.size()).isGreaterThan(100);
      for (int page : List.of(13, 150)) {
        List<JsonNode> rows = new ArrayList<>();
        String cursor = null;
        int n = 0;
        do {
          String pq = q + "&limit=" + page + (cursor == null ? "" : "&cursor=" + cursor);
          Answer got = ClusterIT.answer(bases.get(n % 2), pq);
          assertThat(got).as(pq).isEqualTo(ClusterIT.answer(singleBase, pq));
          JsonNode body = JSON.readTree(got.body());
          body.get("variants").forEach(rows::add);
          cursor = body.has("next") ? java.net.URLEncoder.encode(body.get("next").asText(), StandardCharsets.UTF_8)
              : null;
          n++;
        } while (cursor != null && n < 1000);
        assertThat(JSON.valueToTree(rows).toString()).as("%s by %d", q, page).isEqualTo(whole.toString());
      }
    }
  }

  /**
   * A Beacon answer as JSON (its request summary echoes the arguments in the order each node parsed them); a DAS
   * answer without its segment's version (a digest of the source's files: the list here, the one VCF there).
   */
  private static Object comparable(String query, Answer a) throws IOException {
    return query.startsWith("/das/") ? a.body().replaceAll(" version=\"[0-9a-f]+\"", "")
        : JSON.readTree(a.body());
  }

  @Test
  void beaconAndDasFeaturesAnswerAsTheConcatenatedVcf() throws Exception {
    Random r = new Random(3);
    int found = 0;
    for (String id : IDS) {
      for (String contig : List.of("chr2", "chr5", "chrX")) {
        int start = 10_000 + r.nextInt(60_000);
        for (String q : List.of(
            "/beacon/v2/g_variants?datasetIds=" + id + "&referenceName=" + contig + "&start=" + start + "&end="
                + (start + 20_000) + "&requestedGranularity=count",
            "/beacon/v2/g_variants?datasetIds=" + id + "&referenceName=" + contig + "&start=" + start + "&end="
                + (start + 5_000) + "&requestedGranularity=record&limit=20",
            "/das/" + id + "/features?segment=" + contig + ":" + start + "," + (start + 8_000))) {
          Answer want = ClusterIT.answer(singleBase, q);
          assertThat(want.status()).as("%s: %s", q, want.body()).isEqualTo(200);
          for (String base : bases) {
            Answer got = ClusterIT.answer(base, q);
            assertThat(got.status()).as("%s via %s", q, base).isEqualTo(200);
            assertThat(comparable(q, got)).as("%s via %s", q, base).isEqualTo(comparable(q, want));
          }
          found += want.body().contains("\"resultsCount\":0") || !want.body().contains("resultsCount")
              && !want.body().contains("<FEATURE ") ? 0 : 1;
        }
      }
    }
    assertThat(found).isGreaterThan(10);
  }
}
