package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32C;
import java.util.zip.GZIPOutputStream;
import org.dasgrid.core.access.Tokens;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One VCF served both ways — loaded into the heap and from its index file ({@code genotypeIndex:}) — answers
 * random queries (regions, het/hom/any, virtual cohorts, limits, NDJSON; and analytics: statistics, cases,
 * filters, paged walks to the end) with the same bytes but for the
 * timings, on a generated cohort (plain gzip; multi-allelic sites, missing and partial calls, haploid chrX,
 * chrY and chrM calls, triploid calls, a symbolic deletion, IDs that need escaping) and on the bundled CEU
 * file (bgzip). Indexes are built by the {@code index} command; truncated, corrupt, other-version, stale and
 * absent indexes leave their source unavailable with a message naming the file while the others serve; a
 * reload serves a rebuilt index.
 */
class GenotypeIndexIT {
  static final String ADMIN = "index-it-admin";
  @TempDir static Path dir;
  static TestServer server;
  static List<String> samples = new ArrayList<>();
  static List<String> cohortRegions = new ArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    writeCohort(dir.resolve("cohort.vcf.gz"), 150, 4000, 11);
    Files.copy(TestServer.example("ceu_exon.vcf.gz"), dir.resolve("ceu.vcf.gz"));
    assertThat(index("cohort.vcf.gz", "cohort.dgi")).contains("indexed 4,000 records");
    assertThat(index("ceu.vcf.gz", "ceu.dgi")).contains("indexed 1,348 records");
    for (String bad : List.of("truncated", "corrupt", "version")) {
      Files.copy(dir.resolve("cohort.dgi"), dir.resolve(bad + ".dgi"));
    }
    try (RandomAccessFile f = new RandomAccessFile(dir.resolve("truncated.dgi").toFile(), "rw")) {
      f.setLength(f.length() / 2);
    }
    byte[] b = Files.readAllBytes(dir.resolve("corrupt.dgi"));
    b[b.length / 3] ^= 0x01;
    Files.write(dir.resolve("corrupt.dgi"), b);
    b = Files.readAllBytes(dir.resolve("version.dgi"));
    ByteBuffer h = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    h.putInt(8, 99);
    CRC32C crc = new CRC32C();
    crc.update(b, 0, 60);
    h.putInt(60, (int) crc.getValue());
    Files.write(dir.resolve("version.dgi"), b);
    // stale: the index of an earlier version of the VCF
    writeCohort(dir.resolve("stale.vcf.gz"), 20, 300, 1);
    assertThat(index("stale.vcf.gz", "stale.dgi")).contains("indexed 300 records");
    writeCohort(dir.resolve("stale.vcf.gz"), 20, 300, 2);
    writeCohort(dir.resolve("reload.vcf.gz"), 20, 300, 3);
    assertThat(index("reload.vcf.gz", "reload.dgi")).contains("indexed 300 records");
    Files.writeString(dir.resolve("dasgrid.yaml"), """
        server:
          maxFeaturesPerResponse: 100000
          adminTokens: ["%s"]
        sources:
          - {id: cohort, format: vcf, path: cohort.vcf.gz, genotypes: true}
          - {id: cohortidx, format: vcf, path: cohort.vcf.gz, genotypes: true, genotypeIndex: cohort.dgi}
          - {id: ceu, format: vcf, path: ceu.vcf.gz, genotypes: true}
          - {id: ceuidx, format: vcf, path: ceu.vcf.gz, genotypes: true, genotypeIndex: ceu.dgi}
          - {id: truncated, format: vcf, path: cohort.vcf.gz, genotypes: true, genotypeIndex: truncated.dgi}
          - {id: corrupt, format: vcf, path: cohort.vcf.gz, genotypes: true, genotypeIndex: corrupt.dgi}
          - {id: version, format: vcf, path: cohort.vcf.gz, genotypes: true, genotypeIndex: version.dgi}
          - {id: stale, format: vcf, path: stale.vcf.gz, genotypes: true, genotypeIndex: stale.dgi}
          - {id: absent, format: vcf, path: cohort.vcf.gz, genotypes: true, genotypeIndex: absent.dgi}
          - {id: reload, format: vcf, path: reload.vcf.gz, genotypes: true, genotypeIndex: reload.dgi}
          - {id: cohortseq, format: vcf, path: cohort.vcf.gz, genotypes: true, sequence: cohort.fa}
          - {id: cohortidxseq, format: vcf, path: cohort.vcf.gz, genotypes: true, genotypeIndex: cohort.dgi,
             sequence: cohort.fa}
        """.formatted(Tokens.hash(ADMIN)));
    writeFasta(dir.resolve("cohort.fa"), 1234, 12);
    server = TestServer.start(dir.resolve("dasgrid.yaml"));
  }

  /** A reference FASTA of chr1 (shorter than its ##contig length, as an excerpt is), 60 bases a line. */
  static void writeFasta(Path file, int length, long seed) throws IOException {
    Random rnd = new Random(seed);
    StringBuilder sb = new StringBuilder(">chr1\n");
    for (int i = 0; i < length; i++) {
      sb.append("ACGT".charAt(rnd.nextInt(4)));
      if (i % 60 == 59 || i == length - 1) {
        sb.append('\n');
      }
    }
    Files.writeString(file, sb);
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  /** Runs the index command in this JVM; returns its console output. */
  static String index(String vcf, String out) {
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    PrintStream ps = new PrintStream(console, true, StandardCharsets.UTF_8);
    int status = IndexCommand.run(new String[] {"--vcf", dir.resolve(vcf).toString(), "--out",
        dir.resolve(out).toString()}, ps, ps);
    String text = console.toString(StandardCharsets.UTF_8);
    assertThat(status).as(text).isZero();
    return text;
  }

  /**
   * A random cohort: chr1 and chr2 declared (chr2 without length), chrX (males haploid), chrY and chrM
   * (haploid, undeclared); multi-allelic sites, ./., ./1, triploid calls, a symbolic deletion with END, and
   * IDs with a quote or a non-ASCII letter.
   */
  static void writeCohort(Path file, int sampleCount, int siteCount, long seed) throws IOException {
    Random rnd = new Random(seed);
    StringBuilder sb = new StringBuilder();
    sb.append("##fileformat=VCFv4.2\n##contig=<ID=chr1,length=248956422>\n##contig=<ID=chr2>\n");
    sb.append("##contig=<ID=chrX,length=156040895>\n");
    sb.append("##INFO=<ID=END,Number=1,Type=Integer,Description=\"End\">\n");
    sb.append("##FORMAT=<ID=GT,Number=1,Type=String,Description=\"Genotype\">\n");
    sb.append("#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT");
    List<String> names = new ArrayList<>();
    for (int s = 0; s < sampleCount; s++) {
      names.add("S" + s);
      sb.append('\t').append("S").append(s);
    }
    sb.append('\n');
    if (seed == 11) {
      samples = names;
    }
    String[] contigs = {"chr1", "chr2", "chrX", "chrY", "chrM"};
    String[] bases = {"A", "C", "G", "T"};
    int perContig = siteCount / contigs.length;
    for (int c = 0; c < contigs.length; c++) {
      int pos = 10_000;
      for (int i = 0; i < perContig; i++) {
        pos += 1 + rnd.nextInt(400);
        String ref = bases[rnd.nextInt(4)] + (rnd.nextInt(6) == 0 ? "GT" : "");
        List<String> alts = new ArrayList<>();
        int altCount = rnd.nextInt(7) == 0 ? 2 + rnd.nextInt(2) : 1;
        String info = ".";
        if (rnd.nextInt(200) == 0) {
          alts.add("<DEL>");
          info = "END=" + (pos + 3000);
        }
        while (alts.size() < altCount) {
          String alt = bases[rnd.nextInt(4)] + (rnd.nextInt(8) == 0 ? "A" : "");
          if (!alt.equals(ref) && !alts.contains(alt)) {
            alts.add(alt);
          }
        }
        String id = rnd.nextInt(3) == 0 ? "." : rnd.nextInt(50) == 0 ? "rs\"" + i : rnd.nextInt(50) == 0 ? "rsé" + i : "rs" + i;
        sb.append(contigs[c]).append('\t').append(pos).append('\t').append(id).append('\t').append(ref)
            .append('\t').append(String.join(",", alts)).append("\t.\tPASS\t").append(info).append("\tGT");
        double af = rnd.nextDouble() * rnd.nextDouble();
        boolean haploidContig = c >= 3;
        for (int s = 0; s < sampleCount; s++) {
          boolean haploid = haploidContig || c == 2 && s % 2 == 0;
          sb.append('\t').append(call(rnd, af, alts.size(), haploid));
        }
        sb.append('\n');
        if (c < 2 && i % 97 == 0) {
          cohortRegions.add(contigs[c] + ":" + Math.max(1, pos - rnd.nextInt(20_000)) + "," + (pos + rnd.nextInt(40_000)));
        }
      }
    }
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
      out.write(sb.toString().getBytes(StandardCharsets.UTF_8));
    }
  }

  static String call(Random rnd, double af, int alts, boolean haploid) {
    if (rnd.nextInt(40) == 0) {
      return haploid ? "." : rnd.nextInt(4) == 0 ? "./" + (1 + rnd.nextInt(alts)) : "./.";
    }
    String a1 = allele(rnd, af, alts);
    if (haploid) {
      return a1;
    }
    String call = a1 + (rnd.nextBoolean() ? "/" : "|") + allele(rnd, af, alts);
    return rnd.nextInt(300) == 0 ? call + "/" + allele(rnd, af, alts) : call;
  }

  static String allele(Random rnd, double af, int alts) {
    return rnd.nextDouble() < af ? String.valueOf(1 + rnd.nextInt(alts)) : "0";
  }

  /** The body without its timings (and the cluster-free answer has no other varying part). */
  static String untimed(Http.Response r) {
    return r.text().replaceAll("\"elapsed(_db)?_ms\":[0-9.eE-]+", "T");
  }

  static String randomArgs(Random rnd, List<String> regions, List<String> cohort) {
    StringBuilder q = new StringBuilder();
    int n = 1 + (rnd.nextInt(4) == 0 ? 1 : 0);
    for (int k = 0; k < n; k++) {
      q.append(k == 0 ? "" : "&").append("segment=").append(regions.get(rnd.nextInt(regions.size())));
    }
    q.append("&zygosity=").append(List.of("het", "hom", "any").get(rnd.nextInt(3)));
    double u = rnd.nextDouble();
    if (u < 0.3) {
      q.append("&samples=").append(cohort.get(rnd.nextInt(cohort.size()))).append(',')
          .append(cohort.get(rnd.nextInt(cohort.size())));
    } else if (u < 0.5) {
      List<String> some = cohort.stream().filter(s -> rnd.nextInt(3) == 0).toList();
      if (!some.isEmpty()) {
        q.append("&samples=").append(String.join(",", some));
      }
    }
    if (rnd.nextInt(3) == 0) {
      q.append("&limit=").append(rnd.nextInt(40));
    }
    return q.toString();
  }

  void compareBothWays(String heap, String mapped, List<String> regions, List<String> cohort, int queries, long seed) {
    compareBothWays(server, heap, mapped, regions, cohort, queries, seed);
  }

  /** As above, on any server (GenotypeIndexSetIT compares a source of several VCFs with one of their concatenation). */
  static void compareBothWays(TestServer server, String heap, String mapped, List<String> regions, List<String> cohort,
      int queries, long seed) {
    Random rnd = new Random(seed);
    String base = server.base() + "/genotypes/";
    int nonEmpty = 0;
    for (int i = 0; i < queries; i++) {
      String args = randomArgs(rnd, regions, cohort);
      for (String query : List.of("variants", "samples", "count")) {
        String ndjson = rnd.nextInt(4) == 0 ? "application/x-ndjson" : "application/json";
        Http.Response a = Http.get(base + heap + "/" + query + "?" + args, "Accept", ndjson);
        Http.Response b = Http.get(base + mapped + "/" + query + "?" + args, "Accept", ndjson);
        assertThat(b.status()).as("%s %s", query, args).isEqualTo(a.status()).isEqualTo(200);
        assertThat(untimed(b)).as("%s %s", query, args).isEqualTo(untimed(a));
        nonEmpty += query.equals("variants") && !untimed(a).startsWith("{\"variants\":[]") ? 1 : 0;
      }
      // analytics (format 2 maps their parts too): statistics, cases, a filter, every page of a paged walk
      int first = rnd.nextInt(cohort.size() - 3);
      String analytics = args.replaceAll("&limit=[0-9]+", "") + "&stats=true"
          + (args.contains("samples=") ? "" : "&cases=" + String.join(",", cohort.subList(first, first + 3)))
          + List.of("", "&allelic=multiallelic", "&type=snv", "&af=0,0.1").get(rnd.nextInt(4))
          + "&limit=" + (1 + rnd.nextInt(25));
      // a filtered count (and one narrowed by a start bracket) answers the same both ways
      String filter = List.of("&allelic=multiallelic", "&type=snv", "&af=0,0.1", "&min_length=2").get(rnd.nextInt(4));
      String counted = args.replaceAll("&limit=[0-9]+", "") + filter
          + (rnd.nextBoolean() ? "" : "&start=1," + (1 + rnd.nextInt(200_000_000)));
      Http.Response ca = Http.get(base + heap + "/count?" + counted);
      Http.Response cb = Http.get(base + mapped + "/count?" + counted);
      assertThat(cb.status()).as("count %s", counted).isEqualTo(ca.status()).isEqualTo(200);
      assertThat(untimed(cb)).as("count %s", counted).isEqualTo(untimed(ca));
      String cursor = "";
      for (int page = 0; page < 1000; page++) {
        Http.Response a = Http.get(base + heap + "/variants?" + analytics + cursor);
        Http.Response b = Http.get(base + mapped + "/variants?" + analytics + cursor);
        assertThat(b.status()).as("%s", analytics + cursor).isEqualTo(a.status()).isEqualTo(200);
        assertThat(untimed(b)).as("%s", analytics + cursor).isEqualTo(untimed(a));
        java.util.regex.Matcher next = java.util.regex.Pattern.compile("\"next\":\"([^\"]+)\"").matcher(a.text());
        if (!next.find()) {
          break;
        }
        cursor = "&cursor=" + java.net.URLEncoder.encode(next.group(1), StandardCharsets.UTF_8);
      }
    }
    assertThat(nonEmpty).isGreaterThan(queries / 3);
  }

  @Test
  void generatedCohortAnswersTheSameFromItsIndex() {
    List<String> regions = new ArrayList<>(cohortRegions);
    regions.addAll(List.of("chrX", "chrY", "chrM", "chr2", "chrM:1,12000", "chrY:10000,60000"));
    compareBothWays("cohort", "cohortidx", regions, samples, 120, 5);
  }

  @Test
  void ceuAnswersTheSameFromItsIndex() {
    List<String> regions = new ArrayList<>();
    for (int c = 1; c <= 22; c++) {
      regions.add(String.valueOf(c));
    }
    regions.addAll(List.of("1:1105366,1200000", "17:3360000,3390000", "2:1,50000000", "19:1,20000000"));
    List<String> ceuSamples = new ArrayList<>();
    for (String s : Http.get(server.base() + "/genotypes/ceu/samples?segment=1&segment=2&segment=17&zygosity=any")
        .text().split("\"sample\":\"")) {
      if (!s.startsWith("{")) {
        ceuSamples.add(s.substring(0, s.indexOf('"')));
      }
    }
    assertThat(ceuSamples).hasSizeGreaterThan(40);
    compareBothWays("ceu", "ceuidx", regions, ceuSamples, 80, 6);
  }

  /**
   * {@code genotypes: true} with a {@code sequence:} FASTA serves both, loaded or indexed: the genotype answers
   * are those of the source without the FASTA, and the sequence is the FASTA's.
   */
  @Test
  void aVcfSourceWithItsReferenceFastaServesGenotypesAndSequence() throws IOException {
    List<String> regions = new ArrayList<>(cohortRegions);
    regions.addAll(List.of("chrX", "chr2", "chrM:1,12000"));
    compareBothWays("cohort", "cohortseq", regions, samples, 15, 7);
    compareBothWays("cohort", "cohortidxseq", regions, samples, 15, 8);
    String fasta = Files.readString(dir.resolve("cohort.fa")).replaceAll(">chr1|\\s", "");
    for (String id : List.of("cohortseq", "cohortidxseq")) {
      Http.Response seq = Http.get(server.das() + "/" + id + "/sequence?segment=chr1:61,180");
      assertThat(seq.status()).as(id).isEqualTo(200);
      assertThat(seq.text().replaceAll("(?s).*<SEQUENCE[^>]*>|</SEQUENCE>.*|\\s", ""))
          .as(id).isEqualToIgnoringCase(fasta.substring(60, 180));
      assertThat(Http.get(server.base() + "/api/sources/" + id).text()).as(id)
          .contains("\"genotypes\":true", "\"sequence\":true");
    }
  }

  @Test
  void indexedSourceListsTheSameReferences() {
    for (String[] pair : new String[][] {{"cohort", "cohortidx"}, {"ceu", "ceuidx"}}) {
      String a = Http.get(server.das() + "/" + pair[0] + "/entry_points").text();
      String b = Http.get(server.das() + "/" + pair[1] + "/entry_points").text();
      assertThat(b.replace(pair[1], pair[0])).isEqualTo(a);
    }
  }

  /**
   * An index changes where the calls live, not what the source serves: DAS features (XML, and JSON as the home
   * page's genome view asks for them), types, a feature by id and the GFF3 export are the same with and
   * without it; the export has one feature per ALT allele of the VCF, as bcftools lists them.
   */
  @Test
  void indexedSourceServesTheSameSitesExportAndView() throws Exception {
    String[][] pairs = {{"cohort", "cohortidx", "cohort.vcf.gz", "chr1:10000,300000", "chrM"},
        {"ceu", "ceuidx", "ceu.vcf.gz", "1:1105366,1200000", "17:3360000,3390000"}};
    for (String[] p : pairs) {
      String heap = p[0];
      String mapped = p[1];
      for (String segment : List.of(p[3], p[4])) {
        for (String query : List.of("features?segment=" + segment, "features?format=json&segment=" + segment,
            "types", "types?segment=" + segment)) {
          String a = Http.get(server.das() + "/" + heap + "/" + query).text();
          String b = Http.get(server.das() + "/" + mapped + "/" + query).text();
          assertThat(b.replace(mapped, heap)).as("%s %s", mapped, query).isEqualTo(a);
        }
      }
      String gff3 = exportText(heap);
      assertThat(exportText(mapped).replace(mapped, heap)).as(mapped).isEqualTo(gff3);
      long features = gff3.lines().filter(l -> !l.isEmpty() && !l.startsWith("#")).count();
      long alts = bcftoolsAlts(dir.resolve(p[2]));
      assertThat(features).as(mapped).isEqualTo(alts).isGreaterThan(1000);
      String id = gff3.lines().filter(l -> l.contains("Name=rs")).findFirst()
          .map(l -> l.replaceAll(".*Name=(rs[0-9]+).*", "$1")).orElse(null);
      if (id != null) {
        String a = Http.get(server.das() + "/" + heap + "/features?feature_id=" + id).text();
        assertThat(Http.get(server.das() + "/" + mapped + "/features?feature_id=" + id).text()
            .replace(mapped, heap)).isEqualTo(a).contains(id);
      }
    }
  }

  private static String exportText(String source) throws IOException {
    Http.Response r = Http.get(server.base() + "/files/" + source + "/" + source + ".gff3.gz");
    assertThat(r.status()).as(source).isEqualTo(200);
    try (java.util.zip.GZIPInputStream in =
        new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(r.body()))) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** The ALT alleles of a VCF as bcftools reads them (records without an ALT have none). */
  private static long bcftoolsAlts(Path vcf) throws Exception {
    Process p = new ProcessBuilder("bcftools", "query", "-f", "%ALT\\n", vcf.toString())
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as("bcftools query %s", vcf).isZero();
    return out.lines().filter(l -> !l.equals(".")).mapToLong(l -> l.split(",").length).sum();
  }

  @Test
  void badIndexesLeaveTheirSourceUnavailableAndOthersServe() {
    String console = server.console();
    assertThat(console).contains("FAILED truncated: truncated.dgi: truncated:");
    assertThat(console).contains("FAILED corrupt: corrupt.dgi: corrupt: checksum mismatch in");
    assertThat(console).contains("FAILED version: version.dgi: index format version 99, this server reads versions 3 to 5 (rebuild the index");
    assertThat(console).contains("FAILED stale: stale.dgi: stale: the VCF is not the file it was built from");
    assertThat(console).contains("FAILED absent: absent.dgi: not found");
    for (String id : List.of("truncated", "corrupt", "version", "stale", "absent")) {
      Http.Response r = Http.get(server.base() + "/genotypes/" + id + "/count?segment=chr1&zygosity=any");
      assertThat(r.status()).as(id).isEqualTo(503);
      assertThat(r.header("Retry-After")).as(id).isNull(); // failed until fixed and reloaded, not loading
      assertThat(r.text()).as(id).contains(id + ".dgi");
    }
    assertThat(Http.get(server.base() + "/genotypes/cohortidx/count?segment=chr1").status()).isEqualTo(200);
    assertThat(Http.get(server.base() + "/health/ready").text()).contains("\"state\":\"failed\"");
  }

  @Test
  void reloadServesARebuiltIndex() throws Exception {
    String before = untimed(Http.get(server.base() + "/genotypes/reload/count?segment=chr1"));
    writeCohort(dir.resolve("reload.vcf.gz"), 20, 300, 4);
    Http.Response stale = Http.method("POST", server.base() + "/admin/reload/reload", "",
        "Authorization", "Bearer " + ADMIN);
    assertThat(stale.text()).contains("stale");
    index("reload.vcf.gz", "reload.dgi");
    Http.Response r = Http.method("POST", server.base() + "/admin/reload/reload", "",
        "Authorization", "Bearer " + ADMIN);
    assertThat(r.text()).contains("\"status\":\"reloaded\"");
    String after = untimed(Http.get(server.base() + "/genotypes/reload/count?segment=chr1"));
    assertThat(after).isNotEqualTo(before).startsWith("{\"variants\":");
  }
}
