package org.dasgrid.webapp.ga4gh;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.dasgrid.webapp.Http;
import org.dasgrid.webapp.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * htsget v1.3 variants against bcftools: tickets for random regions are followed as a client does, the blocks
 * concatenated, and the result must be a valid bgzipped VCF (tabix indexes it, bcftools reads it) whose records
 * in the region are exactly those {@code bcftools view -r} finds in the source's file, for an in-memory VCF
 * source (the bundled CEU cohort, bgzipped), a tabix-backed one (the same file) and a generated plain-text VCF
 * spanning many blocks (with long deletions, and END= records).
 */
class HtsgetIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long URL_BYTES = 48 * 1024;
  @TempDir static Path dir;
  static TestServer server;
  static String htsget;

  @BeforeAll
  static void start() throws IOException {
    Files.copy(TestServer.example("ceu_exon.vcf.gz"), dir.resolve("ceu.vcf.gz"));
    Files.copy(TestServer.example("ceu_exon.vcf.gz"), dir.resolve("ceutbx.vcf.gz"));
    HtsgetClient.run(dir, "tabix", "-p", "vcf", "ceutbx.vcf.gz");
    generate(dir.resolve("gen.vcf"), 20261126);
    // small URLs, so that the test files' slices come as several
    Files.writeString(dir.resolve("dasgrid.yaml"), """
        server:
          exportDir: cache
          htsgetUrlBytes: %d
        sources:
          - {id: ceu, format: vcf, path: ceu.vcf.gz, genotypes: true}
          - {id: ceutbx, format: tabix, path: ceutbx.vcf.gz}
          - {id: gen, format: vcf, path: gen.vcf}
          - {id: notvcf, format: gff3, path: notvcf.gff3}
        """.formatted(URL_BYTES));
    Files.writeString(dir.resolve("notvcf.gff3"), "##gff-version 3\n1\tX\tgene\t100\t200\t.\t+\t.\tID=g1\n");
    // the oracle: the same records, bgzipped and indexed by the tools themselves
    HtsgetClient.run(dir, "bgzip", "-k", "gen.vcf");
    HtsgetClient.run(dir, "tabix", "-p", "vcf", "gen.vcf.gz");
    HtsgetClient.run(dir, "tabix", "-p", "vcf", "ceu.vcf.gz");
    server = TestServer.start(dir.resolve("dasgrid.yaml"));
    htsget = server.base() + "/htsget";
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  /** A sorted VCF: 3 contigs, 4 samples, SNVs, MNVs, deletions up to 3 kb and symbolic deletions with END. */
  static void generate(Path file, long seed) throws IOException {
    Random r = new Random(seed);
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
      w.write("##fileformat=VCFv4.2\n");
      for (String c : List.of("1", "2", "X")) {
        w.write("##contig=<ID=" + c + ",length=5000000>\n");
      }
      w.write("##INFO=<ID=END,Number=1,Type=Integer,Description=\"End\">\n");
      w.write("##ALT=<ID=DEL,Description=\"Deletion\">\n");
      w.write("##FORMAT=<ID=GT,Number=1,Type=String,Description=\"Genotype\">\n");
      w.write("#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tS1\tS2\tS3\tS4\n");
      for (String c : List.of("1", "2", "X")) {
        int pos = 1;
        for (int i = 0; i < 12_000; i++) {
          pos += 1 + r.nextInt(300);
          String ref = "A";
          String alt = "G";
          String info = ".";
          int kind = r.nextInt(100);
          if (kind < 3) {
            ref = "A" + "C".repeat(r.nextInt(3000));
            alt = "A";
          } else if (kind < 5) {
            alt = "<DEL>";
            info = "END=" + (pos + 1 + r.nextInt(5000));
          } else if (kind < 10) {
            ref = "AC";
            alt = "GT";
          }
          String[] gt = {"0/0", "0/1", "1/1", "./."};
          w.write(c + "\t" + pos + "\tv" + c + "_" + i + "\t" + ref + "\t" + alt + "\t50\tPASS\t" + info + "\tGT");
          for (int s = 0; s < 4; s++) {
            w.write("\t" + gt[r.nextInt(4)]);
          }
          w.write("\n");
        }
      }
    }
  }

  static Stream<Arguments> sources() {
    return Stream.of(Arguments.of("ceu", "ceu.vcf.gz"), Arguments.of("ceutbx", "ceutbx.vcf.gz"),
        Arguments.of("gen", "gen.vcf.gz"));
  }

  @ParameterizedTest
  @MethodSource("sources")
  void randomRegionsHoldExactlyTheRecordsBcftoolsFinds(String source, String oracle) throws IOException {
    List<String[]> sites = new ArrayList<>();
    for (String line : HtsgetClient.run(dir, "bcftools", "query", "-f", "%CHROM\t%POS\n", oracle).split("\n")) {
      sites.add(line.split("\t"));
    }
    Random random = new Random(source.hashCode());
    int total = sites.size();
    for (int i = 0; i < 12; i++) {
      String[] site = sites.get(random.nextInt(total));
      long start = Math.max(0, Long.parseLong(site[1]) - 1 - random.nextInt(20_000));
      long end = start + 1 + random.nextInt(i % 3 == 0 ? 400_000 : 30_000);
      String region = site[0] + ":" + (start + 1) + "-" + end;
      JsonNode ticket = HtsgetClient.ticket(Http.get(htsget + "/variants/" + source + "?format=VCF&referenceName="
          + site[0] + "&start=" + start + "&end=" + end));
      Path got = dir.resolve(source + "-" + i + ".vcf.gz");
      Files.write(got, HtsgetClient.follow(ticket));
      // tabix indexes only valid, sorted BGZF; bcftools reads all of it
      HtsgetClient.run(dir, "tabix", "-f", "-p", "vcf", got.getFileName().toString());
      String all = HtsgetClient.run(dir, "bcftools", "view", "-H", got.getFileName().toString());
      String inRegion = HtsgetClient.run(dir, "bcftools", "view", "-H", "-r", region, got.getFileName().toString());
      String expected = HtsgetClient.run(dir, "bcftools", "view", "-H", "-r", region, oracle);
      assertThat(inRegion).as("%s %s", source, region).isEqualTo(expected);
      long records = all.lines().count();
      long wanted = expected.lines().count();
      assertThat(records).as("records beyond %s (whole blocks only)", region).isGreaterThanOrEqualTo(wanted);
      if (source.equals("gen") && end - start <= 30_000) {
        // a few blocks' worth of neighbours, not the file
        assertThat(records - wanted).as("neighbours of %s", region).isLessThan(total / 4);
      }
      assertThat(header(got.getFileName().toString())).isEqualTo(header(oracle));
    }
  }

  @Test
  void theWholeFileAndAPostOfSeveralRegions() throws IOException {
    JsonNode whole = HtsgetClient.ticket(Http.get(htsget + "/variants/gen.vcf"));
    Path got = dir.resolve("whole.vcf.gz");
    Files.write(got, HtsgetClient.follow(whole));
    assertThat(HtsgetClient.run(dir, "bcftools", "view", "-H", "whole.vcf.gz"))
        .isEqualTo(HtsgetClient.run(dir, "bcftools", "view", "-H", "gen.vcf.gz"));

    String body = """
        {"format": "VCF", "regions": [{"referenceName": "2", "start": 100000, "end": 160000},
          {"referenceName": "chrX", "start": 20000, "end": 25000}, {"referenceName": "1", "start": 1000000}]}""";
    JsonNode posted = HtsgetClient.ticket(Http.method("POST", htsget + "/variants/gen", body,
        "Content-Type", "application/json"));
    Files.write(dir.resolve("posted.vcf.gz"), HtsgetClient.follow(posted));
    HtsgetClient.run(dir, "tabix", "-f", "-p", "vcf", "posted.vcf.gz");
    for (String region : List.of("2:100001-160000", "X:20001-25000", "1:1000001-5000000")) {
      assertThat(HtsgetClient.run(dir, "bcftools", "view", "-H", "-r", region, "posted.vcf.gz")).as(region)
          .isEqualTo(HtsgetClient.run(dir, "bcftools", "view", "-H", "-r", region, "gen.vcf.gz"));
    }
  }

  /**
   * A slice larger than a URL may ask for comes as several body URLs, each at most that many bytes (whole
   * blocks: each starts with a BGZF header), together the slice without gap or overlap; a POST of two regions
   * on two contigs, adjacent in the file (one slice over the contig boundary), too.
   */
  @Test
  void largeSlicesComeAsSeveralUrls() throws IOException {
    JsonNode whole = HtsgetClient.ticket(Http.get(htsget + "/variants/gen"));
    List<long[]> ranges = bodyRanges(whole);
    assertThat(ranges.size()).as("body URLs of the whole file").isGreaterThan(5);
    for (int i = 0; i < ranges.size(); i++) {
      long[] r = ranges.get(i);
      assertThat(r[1] - r[0]).as("URL %d", i).isPositive().isLessThanOrEqualTo(URL_BYTES);
      if (i > 0) {
        assertThat(r[0]).as("URL %d starts where %d ends", i, i - 1).isEqualTo(ranges.get(i - 1)[1]);
      }
    }
    for (JsonNode u : whole.get("urls")) {
      if (!u.get("url").asText().startsWith("data:")) {
        byte[] piece = Http.get(u.get("url").asText()).body();
        assertThat(Arrays.copyOf(piece, 4)).as("a BGZF block starts %s", u)
            .containsExactly((byte) 0x1f, (byte) 0x8b, (byte) 8, (byte) 4);
      }
    }

    String body = """
        {"format": "VCF", "regions": [{"referenceName": "1", "start": 1200000},
          {"referenceName": "2", "start": 0, "end": 600000}]}""";
    JsonNode posted = HtsgetClient.ticket(Http.method("POST", htsget + "/variants/gen", body,
        "Content-Type", "application/json"));
    assertThat(bodyRanges(posted).size()).isGreaterThan(2);
    Files.write(dir.resolve("two.vcf.gz"), HtsgetClient.follow(posted));
    HtsgetClient.run(dir, "tabix", "-f", "-p", "vcf", "two.vcf.gz");
    String regions = "1:1200001-5000000,2:1-600000";
    String expected = HtsgetClient.run(dir, "bcftools", "view", "-H", "-r", regions, "gen.vcf.gz");
    assertThat(expected.lines().map(l -> l.substring(0, l.indexOf('\t'))).distinct()).containsExactly("1", "2");
    assertThat(HtsgetClient.run(dir, "bcftools", "view", "-H", "-r", regions, "two.vcf.gz")).isEqualTo(expected);
    // nothing from elsewhere: whole blocks add only neighbours (a block holds ~1,000 records here); tabix's
    // bins may add the block of a deletion crossing a 1 Mb boundary beyond the region, as the spec allows
    String sites = HtsgetClient.run(dir, "bcftools", "query", "-f", "%CHROM\t%POS\n", "two.vcf.gz");
    long extra = sites.lines().count() - expected.lines().count();
    assertThat(extra).isLessThan(3_000);
    for (String line : sites.split("\n")) {
      String[] f = line.split("\t");
      assertThat(f[0].equals("1") && Integer.parseInt(f[1]) > 800_000 || f[0].equals("2")).as(line).isTrue();
    }
  }

  /** The {@code [start, end)} byte ranges of a ticket's body URLs, in ticket order. */
  private static List<long[]> bodyRanges(JsonNode ticket) {
    List<long[]> out = new ArrayList<>();
    Pattern range = Pattern.compile("[?&]start=(\\d+)&end=(\\d+)");
    for (JsonNode u : ticket.get("urls")) {
      String url = u.get("url").asText();
      if (url.startsWith("data:")) {
        continue;
      }
      assertThat(url).contains("/htsget/blocks/");
      Matcher m = range.matcher(url);
      assertThat(m.find()).as(url).isTrue();
      out.add(new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))});
    }
    return out;
  }

  @Test
  void headerClassGivesTheHeaderOnly() throws IOException {
    JsonNode t = HtsgetClient.ticket(Http.get(htsget + "/variants/ceu?class=header"));
    for (JsonNode u : t.get("urls")) {
      assertThat(u.get("class").asText()).isEqualTo("header");
      assertThat(u.get("url").asText()).startsWith("data:");
    }
    Files.write(dir.resolve("header.vcf.gz"), HtsgetClient.follow(t));
    assertThat(HtsgetClient.run(dir, "bcftools", "view", "-H", "header.vcf.gz")).isEmpty();
    assertThat(header("header.vcf.gz")).isEqualTo(header("ceu.vcf.gz")).contains("#CHROM");
  }

  /** The header lines of a bgzipped VCF as written (bcftools -h would add contigs from an index). */
  static String header(String file) {
    return HtsgetClient.run(dir, "bgzip", "-dc", file).lines().filter(l -> l.startsWith("#"))
        .reduce("", (a, b) -> a + b + "\n");
  }

  @Test
  void aRegionWithoutRecordsIsAValidEmptyVcf() throws IOException {
    JsonNode t = HtsgetClient.ticket(Http.get(htsget + "/variants/ceu?referenceName=22&start=0&end=10"));
    Files.write(dir.resolve("empty.vcf.gz"), HtsgetClient.follow(t));
    assertThat(HtsgetClient.run(dir, "bcftools", "view", "-H", "empty.vcf.gz")).isEmpty();
  }

  static Stream<Arguments> errors() {
    return Stream.of(
        Arguments.of("/variants/ceu?format=BCF", 400, "UnsupportedFormat"),
        Arguments.of("/variants/ceu?format=BAM", 400, "UnsupportedFormat"),
        Arguments.of("/variants/ceu?referenceName=nosuch", 404, "NotFound"),
        Arguments.of("/variants/nosuch", 404, "NotFound"),
        Arguments.of("/variants/notvcf", 404, "NotFound"),
        Arguments.of("/variants/ceu?start=10", 400, "InvalidInput"),
        Arguments.of("/variants/ceu?referenceName=1&start=x", 400, "InvalidInput"),
        Arguments.of("/variants/ceu?referenceName=1&start=20&end=10", 400, "InvalidRange"),
        Arguments.of("/variants/ceu?class=body", 400, "InvalidInput"),
        Arguments.of("/variants/ceu?class=header&referenceName=1", 400, "InvalidInput"),
        Arguments.of("/blocks/ceu/000000000000000000000000?start=0&end=10", 404, "NotFound"),
        Arguments.of("/reads/ceu", 404, "NotFound"));
  }

  @ParameterizedTest
  @MethodSource("errors")
  void errorsInTheSpecsShape(String path, int status, String error) throws IOException {
    Http.Response r = Http.get(htsget + path);
    assertThat(r.status()).as(path).isEqualTo(status);
    JsonNode e = JSON.readTree(r.text()).get("htsget");
    assertThat(e.get("error").asText()).isEqualTo(error);
    assertThat(e.get("message").asText()).isNotBlank();
  }

  /** htsget's error table: parameters that do not adhere to the spec are InvalidInput, named in the message. */
  @Test
  void unknownParametersAreInvalidInputNamingThem() throws IOException {
    for (String[] c : new String[][] {
        {"GET", "/variants/ceu?refName=chr1", null, "'refName'"},
        {"GET", "/variants/ceu?referenceName=1&begin=5", null, "'begin'"},
        {"GET", "/variants/ceu?class=header&fields=CHROM", null, "class=header"},
        {"GET", "/variants/ceu?tags=AF,DP&notags=DP", null, "'DP'"},
        {"POST", "/variants/ceu", "{\"regions\": [{\"referenceName\": \"1\"}], \"region\": 5}", "'region'"},
        {"POST", "/variants/ceu", "{\"regions\": [{\"refName\": \"1\"}]}", "'refName'"},
        {"POST", "/variants/ceu?referenceName=1", "{}", "referenceName=1"}}) {
      Http.Response r = c[0].equals("GET") ? Http.get(htsget + c[1])
          : Http.method("POST", htsget + c[1], c[2], "Content-Type", "application/json");
      assertThat(r.status()).as(c[1]).isEqualTo(400);
      JsonNode e = JSON.readTree(r.text()).get("htsget");
      assertThat(e.get("error").asText()).as(c[1]).isEqualTo("InvalidInput");
      assertThat(e.get("message").asText()).as(c[1]).contains(c[3]);
    }
    assertThat(JSON.readTree(Http.get(htsget + "/variants/ceu?refName=chr1").text()).at("/htsget/message").asText())
        .contains("format, class, referenceName, start, end, fields, tags, notags");
    // the spec's own parameters are still taken (fields/tags/notags have no effect on VCF)
    assertThat(Http.get(htsget + "/variants/ceu?referenceName=1&fields=QNAME&tags=AF&notags=DP").status())
        .isEqualTo(200);
  }

  @Test
  void postErrors() throws IOException {
    for (String[] c : new String[][] {
        {"not json", "InvalidInput"}, {"{\"format\": \"BCF\"}", "UnsupportedFormat"},
        {"{\"regions\": [{\"start\": 5}]}", "InvalidInput"},
        {"{\"regions\": [{\"referenceName\": \"1\", \"start\": 9, \"end\": 2}]}", "InvalidRange"},
        {"{\"regions\": [{\"referenceName\": \"nosuch\"}]}", "NotFound"}}) {
      Http.Response r = Http.method("POST", htsget + "/variants/ceu", c[0], "Content-Type", "application/json");
      assertThat(JSON.readTree(r.text()).at("/htsget/error").asText()).as(c[0]).isEqualTo(c[1]);
    }
  }

  @Test
  void serviceInfo() throws IOException {
    JsonNode info = JSON.readTree(Http.get(htsget + "/variants/service-info").text());
    assertThat(info.at("/type/artifact").asText()).isEqualTo("htsget");
    assertThat(info.at("/type/version").asText()).isEqualTo("1.3.0");
    assertThat(info.at("/htsget/datatype").asText()).isEqualTo("variants");
    assertThat(info.at("/htsget/formats").toString()).isEqualTo("[\"VCF\"]");
    assertThat(info.at("/htsget/fieldsParameterEffective").asBoolean(true)).isFalse();
    assertThat(info.at("/htsget/tagsParametersEffective").asBoolean(true)).isFalse();
  }

  @Test
  void referenceAliasesApply() throws IOException {
    String a = Arrays.toString(HtsgetClient.follow(HtsgetClient.ticket(
        Http.get(htsget + "/variants/ceu?referenceName=chr17&start=0&end=50000000"))));
    String b = Arrays.toString(HtsgetClient.follow(HtsgetClient.ticket(
        Http.get(htsget + "/variants/ceu?referenceName=17&start=0&end=50000000"))));
    assertThat(a).isEqualTo(b);
  }

  @Test
  void theCopiesLiveInTheOneStoreOfExportsAndAreNoFiles() throws IOException {
    JsonNode ticket = HtsgetClient.ticket(Http.get(htsget + "/variants/gen?referenceName=2"));
    assertThat(HtsgetClient.follow(ticket)).isNotEmpty();
    // server.exportDir (cache/ beside the config): {source}/{version}/{source}.blocks.vcf.gz with its index
    List<Path> copies;
    try (Stream<Path> files = Files.walk(dir.resolve("cache/gen"))) {
      copies = files.filter(p -> p.getFileName().toString().startsWith("gen.blocks.vcf.gz")).sorted().toList();
    }
    assertThat(copies).extracting(p -> p.getFileName().toString())
        .containsExactly("gen.blocks.vcf.gz", "gen.blocks.vcf.gz.hdr", "gen.blocks.vcf.gz.tbi");
    // the folder is the source's version and the writers' edition ({version}.e{edition}, docs/architecture.md)
    String folder = copies.get(0).getParent().getFileName().toString();
    String version = JSON.readTree(Http.get(server.base() + "/api/sources/gen").text()).path("version").asText();
    assertThat(folder).matches(java.util.regex.Pattern.quote(version) + "\\.e[0-9]+");
    // the same records as the file, as bgzip would hold them
    assertThat(HtsgetClient.run(dir, "bcftools", "view", "-H", dir.relativize(copies.get(0)).toString()))
        .isEqualTo(HtsgetClient.run(dir, "bcftools", "view", "-H", "gen.vcf.gz"));
    // htsget's copy is not a browser export
    assertThat(Http.get(server.base() + "/files/gen/gen.blocks.vcf.gz").status()).isEqualTo(404);
  }
}
