package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Contract section 10, many VCFs as one source: a generated cohort cut into three VCFs (chr1 + chr2, chrX,
 * chrY + chrM) is served from their list, in the heap and from an index set built by {@code index --vcf A --vcf B
 * --vcf C}, and must answer every query — variants, samples, counts, statistics, cases, filters, paged walks,
 * top-N across contigs, kinship, sex check, scores, per-sample counts — with the same bytes as one VCF holding
 * them all, made by {@code bcftools concat} (the independent oracle for the whole file); so must that one VCF's
 * index cut by the builder into pieces of about 20,000 calls (its long contigs in runs of positions). VCFs with other samples,
 * or a contig in two of them, are refused naming both files; a damaged or stale piece leaves the source
 * unavailable naming the piece.
 */
class GenotypeIndexSetIT {
  private static final String ADMIN = "index-set-admin";
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path dir;
  static TestServer server;
  static List<String> samples;
  static List<String> regions;

  @BeforeAll
  static void start() throws Exception {
    GenotypeIndexIT.writeCohort(dir.resolve("cohort.vcf.gz"), 150, 4000, 11);
    samples = List.copyOf(GenotypeIndexIT.samples);
    regions = new ArrayList<>(GenotypeIndexIT.cohortRegions);
    regions.addAll(List.of("chrX", "chrY", "chrM", "chr2", "chrM:1,12000", "chrY:10000,60000"));
    Map<String, String> pieceOf = Map.of("chr1", "a", "chr2", "a", "chrX", "b", "chrY", "c", "chrM", "c");
    split(dir.resolve("cohort.vcf.gz"), pieceOf);
    run("bcftools", "concat", "-Oz", "-o", dir.resolve("whole.vcf.gz").toString(), dir.resolve("a.vcf.gz").toString(),
        dir.resolve("b.vcf.gz").toString(), dir.resolve("c.vcf.gz").toString());
    assertThat(index("whole.dgi", "whole.vcf.gz")).contains("indexed 4,000 records");
    assertThat(index("set.dgi", "--threads", "2", "c.vcf.gz", "a.vcf.gz", "b.vcf.gz"))
        .contains("indexed 4,000 records").contains("an index set: 3 pieces");
    // one VCF cut by the builder into pieces of about 20,000 calls: long contigs in runs of positions
    assertThat(index("cut.dgi", "--piece-calls", "20000", "whole.vcf.gz")).contains("indexed 4,000 records")
        .containsPattern("an index set: [0-9]+ pieces");
    assertThat(Files.readString(dir.resolve("cut.dgi/set.json")))
        .containsPattern("\"chunks\" : \\[ \\{\\s+\"contig\" : \"chr1\"");
    // the same VCF read in ranges at once (its tabix index cut into ranges of at least 20 kB, two threads)
    Files.createDirectories(dir.resolve("ranges"));
    Files.copy(dir.resolve("whole.vcf.gz"), dir.resolve("ranges/whole.vcf.gz"));
    run("tabix", "-p", "vcf", dir.resolve("ranges/whole.vcf.gz").toString());
    assertThat(index("ranges/whole.dgi", "--threads", "2", "--range-bytes", "20000", "ranges/whole.vcf.gz"))
        .contains("indexed 4,000 records").containsPattern("an index set: [0-9]+ pieces").doesNotContain("note");
    assertThat(Files.readString(dir.resolve("ranges/whole.dgi/set.json"))).contains("whole.vcf.gz.r1.dgi");
    // a damaged piece and a stale one; a damaged piece to repair
    for (String bad : List.of("damaged", "stale", "repair")) {
      Files.createDirectories(dir.resolve(bad));
      for (String name : List.of("a", "b", "c")) {
        Files.copy(dir.resolve(name + ".vcf.gz"), dir.resolve(bad).resolve(name + ".vcf.gz"));
      }
      assertThat(index(bad + "/set.dgi", bad + "/a.vcf.gz", bad + "/b.vcf.gz", bad + "/c.vcf.gz")).contains("3 pieces");
    }
    flipAByte(dir.resolve("damaged/set.dgi/0001-b.vcf.gz.dgi"));
    Files.copy(dir.resolve("repair/set.dgi/0001-b.vcf.gz.dgi"), dir.resolve("repair/pristine-piece"));
    flipAByte(dir.resolve("repair/set.dgi/0001-b.vcf.gz.dgi"));
    Files.copy(dir.resolve("a.vcf.gz"), dir.resolve("stale/c.vcf.gz"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    // other samples: the cohort's chrX with one sample renamed
    Files.writeString(dir.resolve("renamed.vcf"), unzip(dir.resolve("b.vcf.gz")).replaceFirst("\tS7\t", "\tT7\t"));
    Files.writeString(dir.resolve("dasgrid.yaml"), """
        server:
          maxFeaturesPerResponse: 100000
          adminTokens: ["%s"]
        sources:
          - {id: whole, format: vcf, path: whole.vcf.gz, genotypes: true}
          - {id: wholeidx, format: vcf, path: whole.vcf.gz, genotypes: true, genotypeIndex: whole.dgi}
          - {id: pieces, format: vcf, path: [c.vcf.gz, a.vcf.gz, b.vcf.gz], genotypes: true}
          - {id: piecesidx, format: vcf, path: [a.vcf.gz, b.vcf.gz, c.vcf.gz], genotypes: true, genotypeIndex: set.dgi}
          - {id: cut, format: vcf, path: whole.vcf.gz, genotypes: true, genotypeIndex: cut.dgi}
          - {id: ranges, format: vcf, path: ranges/whole.vcf.gz, genotypes: true, genotypeIndex: ranges/whole.dgi}
          - {id: lazycut, format: vcf, path: whole.vcf.gz, genotypes: true, genotypeIndex: cut.dgi, options: {genotypeIndexCheck: first-use}}
          - {id: lazyfile, format: vcf, path: whole.vcf.gz, genotypes: true, genotypeIndex: whole.dgi, options: {genotypeIndexCheck: first-use}}
          - {id: lazydamaged, format: vcf, path: [damaged/a.vcf.gz, damaged/b.vcf.gz, damaged/c.vcf.gz], genotypes: true, genotypeIndex: damaged/set.dgi, options: {genotypeIndexCheck: first-use}}
          - {id: unqueried, format: vcf, path: [damaged/a.vcf.gz, damaged/b.vcf.gz, damaged/c.vcf.gz], genotypes: true, genotypeIndex: damaged/set.dgi, options: {genotypeIndexCheck: first-use}}
          - {id: damaged, format: vcf, path: [damaged/a.vcf.gz, damaged/b.vcf.gz, damaged/c.vcf.gz], genotypes: true, genotypeIndex: damaged/set.dgi}
          - {id: stale, format: vcf, path: [stale/a.vcf.gz, stale/b.vcf.gz, stale/c.vcf.gz], genotypes: true, genotypeIndex: stale/set.dgi}
          - {id: lazystale, format: vcf, path: [stale/a.vcf.gz, stale/b.vcf.gz, stale/c.vcf.gz], genotypes: true, genotypeIndex: stale/set.dgi, options: {genotypeIndexCheck: first-use}}
          - {id: repair, format: vcf, path: [repair/a.vcf.gz, repair/b.vcf.gz, repair/c.vcf.gz], genotypes: true, genotypeIndex: repair/set.dgi, options: {genotypeIndexCheck: first-use}}
          - {id: othersamples, format: vcf, path: [a.vcf.gz, renamed.vcf], genotypes: true}
          - {id: twice, format: vcf, path: [a.vcf.gz, whole.vcf.gz], genotypes: true}
          - {id: fileforset, format: vcf, path: [a.vcf.gz, b.vcf.gz, c.vcf.gz], genotypes: true, genotypeIndex: whole.dgi}
        """.formatted(org.dasgrid.core.access.Tokens.hash(ADMIN)));
    server = TestServer.start(dir.resolve("dasgrid.yaml"));
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  /** Damages one byte a third of the way into {@code file}. */
  static void flipAByte(Path file) throws Exception {
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.seek(f.length() / 3);
      int b = f.read();
      f.seek(f.length() / 3);
      f.write(b ^ 0x01);
    }
  }

  /** Writes the records of each contig to the piece {@code pieceOf} names ({@code a.vcf.gz}...), each with the header. */
  static void split(Path vcf, Map<String, String> pieceOf) throws Exception {
    StringBuilder header = new StringBuilder();
    Map<String, StringBuilder> pieces = new LinkedHashMap<>();
    for (String line : unzip(vcf).split("\n")) {
      if (line.startsWith("#")) {
        header.append(line).append('\n');
        if (line.startsWith("##contig=<ID=chrX")) {
          header.append("##contig=<ID=chrY>\n##contig=<ID=chrM>\n"); // bcftools concat needs every contig declared
        }
      } else if (!line.isEmpty()) {
        String piece = pieceOf.get(line.substring(0, line.indexOf('\t')));
        pieces.computeIfAbsent(piece, k -> new StringBuilder()).append(line).append('\n');
      }
    }
    for (Map.Entry<String, StringBuilder> e : pieces.entrySet()) {
      try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dir.resolve(e.getKey() + ".vcf.gz")))) {
        out.write((header + e.getValue().toString()).getBytes(StandardCharsets.UTF_8));
      }
    }
  }

  static String unzip(Path gz) throws Exception {
    try (var in = new GZIPInputStream(Files.newInputStream(gz))) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  static void run(String... command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out;
    try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      out = String.join("\n", r.lines().toList());
    }
    assertThat(p.waitFor()).as(out).isZero();
  }

  /** Runs {@code index --out OUT --vcf ...} (other arguments passed as they are); its console, asserting exit 0. */
  static String index(String out, String... vcfs) {
    return indexWithStatus(0, out, vcfs);
  }

  static String indexWithStatus(int expected, String out, String... vcfs) {
    List<String> args = new ArrayList<>(List.of("--out", dir.resolve(out).toString()));
    for (int i = 0; i < vcfs.length; i++) {
      if (vcfs[i].startsWith("--")) {
        args.add(vcfs[i]);
        args.add(vcfs[++i]);
      } else {
        args.add("--vcf");
        args.add(dir.resolve(vcfs[i]).toString());
      }
    }
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    PrintStream ps = new PrintStream(console, true, StandardCharsets.UTF_8);
    int status = IndexCommand.run(args.toArray(String[]::new), ps, ps);
    String text = console.toString(StandardCharsets.UTF_8);
    assertThat(status).as(text).isEqualTo(expected);
    return text;
  }

  @Test
  void indexSetAnswersAsTheConcatenatedVcf() {
    GenotypeIndexIT.compareBothWays(server, "whole", "piecesidx", regions, samples, 100, 7);
  }

  @Test
  void oneVcfCutIntoPiecesByTheBuilderAnswersAsItsSingleIndex() {
    GenotypeIndexIT.compareBothWays(server, "wholeidx", "cut", regions, samples, 100, 10);
  }

  @Test
  void oneVcfReadInRangesAtOnceAnswersAsItsSingleIndex() {
    GenotypeIndexIT.compareBothWays(server, "wholeidx", "ranges", regions, samples, 100, 12);
  }

  @Test
  void badRangeOrPieceSizesAreRefusedNamingTheOption() {
    assertThat(indexWithStatus(2, "bad.dgi", "--range-bytes", "lots", "whole.vcf.gz"))
        .contains("dasgrid index: --range-bytes takes a number of bytes, at least 1, not 'lots'").contains("usage:");
    assertThat(indexWithStatus(2, "bad.dgi", "--piece-calls", "0", "whole.vcf.gz"))
        .contains("dasgrid index: --piece-calls takes a number of calls, at least 1, not '0'");
    assertThat(dir.resolve("bad.dgi")).doesNotExist();
  }

  @Test
  void vcfListInTheHeapAnswersAsTheConcatenatedVcf() {
    GenotypeIndexIT.compareBothWays(server, "whole", "pieces", regions, samples, 40, 8);
  }

  /** What the random walk of GenotypeIndexIT does not ask: answers reading every call, and rankings across pieces. */
  @Test
  void sampleLevelAnswersAndTopNAcrossPiecesAreTheSame() {
    Random rnd = new Random(9);
    List<String> asks = new ArrayList<>();
    asks.add("variants?segment=chr1&segment=chrX&segment=chrY&segment=chrM&top=25&by=hwe_p");
    asks.add("variants?segment=chr2&segment=chrX&zygosity=any&cases=S1,S2,S3,S4,S5&top=10&by=assoc_p");
    asks.add("variants?segment=chr1&segment=chrM&zygosity=het&stats=true&type=snv&limit=7");
    asks.add("sex-check");
    asks.add("sex-check?samples=S0,S1,S2,S3");
    for (int i = 0; i < 6; i++) {
      asks.add("kinship?samples=" + samples.get(rnd.nextInt(samples.size())) + ","
          + samples.get(rnd.nextInt(samples.size())) + "," + samples.get(rnd.nextInt(samples.size())));
    }
    asks.add("hom-ref?segment=chr1:10000,400000&segment=chrX:10000,300000&samples=S3,S4");
    asks.add("sample-counts?segment=chr2&segment=chrY");
    for (String ask : asks) {
      Http.Response a = Http.get(server.base() + "/genotypes/whole/" + ask);
      for (String other : List.of("wholeidx", "piecesidx", "pieces", "cut", "lazycut", "lazyfile")) {
        Http.Response b = Http.get(server.base() + "/genotypes/" + other + "/" + ask);
        assertThat(b.status()).as("%s %s: %s", other, ask, b.text()).isEqualTo(a.status());
        assertThat(GenotypeIndexIT.untimed(b)).as("%s %s", other, ask).isEqualTo(GenotypeIndexIT.untimed(a));
      }
    }
    assertThat(Http.get(server.base() + "/genotypes/whole/" + asks.get(0)).status()).isEqualTo(200);
    assertThat(Http.get(server.base() + "/genotypes/whole/kinship?samples=S1,S2").text()).contains("\"kinship\"");
    // a score over IDs found on every piece (the generator restarts rs numbers per contig)
    StringBuilder weights = new StringBuilder();
    for (int i = 0; i < 300; i++) {
      weights.append("rs").append(i).append(' ').append("ACGT".charAt(rnd.nextInt(4))).append(' ')
          .append(rnd.nextInt(2000) / 1000.0).append('\n');
    }
    Http.Response a = Http.method("POST", server.base() + "/genotypes/whole/score", weights.toString());
    assertThat(a.status()).as(a.text()).isEqualTo(200);
    for (String other : List.of("wholeidx", "piecesidx", "pieces")) {
      Http.Response b = Http.method("POST", server.base() + "/genotypes/" + other + "/score", weights.toString());
      assertThat(GenotypeIndexIT.untimed(b)).as(other).isEqualTo(GenotypeIndexIT.untimed(a));
    }
  }

  /** The VCF export (and htsget's copy, made the same way) of a source of several VCFs holds all their records. */
  @Test
  void vcfExportHoldsTheRecordsOfEveryVcf() throws Exception {
    List<String> expected = records(unzip(dir.resolve("whole.vcf.gz")));
    for (String id : List.of("piecesidx", "pieces")) {
      Http.Response r = Http.get(server.base() + "/files/" + id + "/" + id + ".vcf.gz");
      assertThat(r.status()).as(id).isEqualTo(200);
      try (var in = new GZIPInputStream(new java.io.ByteArrayInputStream(r.decoded()))) {
        assertThat(records(new String(in.readAllBytes(), StandardCharsets.UTF_8))).as(id).isEqualTo(expected);
      }
    }
  }

  private static List<String> records(String vcf) {
    return java.util.Arrays.stream(vcf.split("\n")).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
  }

  @Test
  void aSourceOfSeveralVcfsListsTheSameReferences() {
    String a = Http.get(server.das() + "/whole/entry_points").text().replaceAll("version=\"[^\"]*\"", "");
    for (String other : List.of("pieces", "piecesidx")) {
      assertThat(Http.get(server.das() + "/" + other + "/entry_points").text().replace(other, "whole")
          .replaceAll("version=\"[^\"]*\"", "")).isEqualTo(a);
    }
  }

  @Test
  void badPiecesAndMismatchedVcfsLeaveTheirSourceUnavailableNamingThem() {
    String console = server.console();
    assertThat(console).contains("FAILED damaged: 0001-b.vcf.gz.dgi: corrupt: checksum mismatch");
    assertThat(console).contains("FAILED stale: 0002-c.vcf.gz.dgi: stale:");
    assertThat(console).contains("FAILED othersamples: renamed.vcf: its samples differ from those of a.vcf.gz"
        + " (sample 8 is T7 against S7)");
    assertThat(console).contains("FAILED twice: whole.vcf.gz:").contains("contig chr1 is also in a.vcf.gz: each contig"
        + " must be in one file");
    assertThat(console).contains("FAILED fileforset: whole.dgi: one index file, for one VCF; the source lists 3 VCFs");
    for (String id : List.of("damaged", "stale", "othersamples", "twice", "fileforset")) {
      Http.Response r = Http.get(server.base() + "/genotypes/" + id + "/count?segment=chr1&zygosity=any");
      assertThat(r.status()).as(id).isEqualTo(503);
    }
    assertThat(Http.get(server.base() + "/genotypes/damaged/count?segment=chr1").text()).contains("0001-b.vcf.gz.dgi");
  }

  /**
   * Checked on first use ({@code genotypeIndexCheck: first-use}): the damaged set loads (only its header, catalog
   * and page tables are checked at open), and the damaged piece is never served: a query reading it answers 503
   * naming the piece and the checksum, and so does every query of the source from then on.
   */
  @Test
  void aPieceCheckedOnFirstUseIsNeverServedDamaged() {
    // loaded (the damage is found by the first query reading the piece or by the background pass)
    assertThat(server.console()).contains("loaded lazydamaged: ").doesNotContain("FAILED lazycut");
    Http.Response r = Http.get(server.base() + "/genotypes/lazydamaged/count?segment=chrX&zygosity=any");
    assertThat(r.status()).as(r.text()).isEqualTo(503);
    assertThat(r.text()).contains("0001-b.vcf.gz.dgi: corrupt: checksum mismatch in");
    for (String seg : List.of("chr1", "chrX", "chrM")) {
      Http.Response again = Http.get(server.base() + "/genotypes/lazydamaged/variants?segment=" + seg);
      assertThat(again.status()).as(seg).isEqualTo(503);
      assertThat(again.text()).as(seg).contains("0001-b.vcf.gz.dgi: corrupt");
    }
    GenotypeIndexIT.compareBothWays(server, "wholeidx", "lazycut", regions, samples, 15, 11);
  }

  /**
   * The server's background pass, started once it says ready, checks what no query has read: a damaged set no
   * request touches is marked failed by it alone, naming the piece, while the server was ready before it ran.
   */
  @Test
  void theBackgroundPassFindsADamagedPieceNoQueryRead() throws Exception {
    assertThat(server.console()).contains("loaded unqueried: ");
    long until = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
    JsonNode status = sourceStatus("unqueried");
    while (!status.get("state").asText().equals("failed") && System.nanoTime() < until) {
      Thread.sleep(50);
      status = sourceStatus("unqueried");
    }
    assertThat(status.get("state").asText()).isEqualTo("failed");
    assertThat(status.get("error").asText()).startsWith("0001-b.vcf.gz.dgi: corrupt: checksum mismatch in");
    assertThat(server.console()).contains("FAILED unqueried: 0001-b.vcf.gz.dgi: corrupt: checksum mismatch in");
  }

  /**
   * A piece found damaged after load marks its source failed exactly as a source refused at load is: the same
   * state and reason (naming the piece) in {@code /api/sources}, {@code /health/ready} (still 200: the server is
   * ready, that source failed) and {@code /admin/status}, a FAILED line on the console; the other sources keep
   * serving, and a repaired piece serves again after a reload.
   */
  @Test
  void aPieceFoundDamagedAfterLoadMarksTheSourceFailedAsAtLoad() throws Exception {
    Http.Response first = Http.get(server.base() + "/genotypes/repair/count?segment=chrX&zygosity=any");
    assertThat(first.status()).as(first.text()).isEqualTo(503);
    assertThat(first.text()).contains("0001-b.vcf.gz.dgi: corrupt: checksum mismatch in");
    JsonNode atLoad = sourceStatus("damaged");
    JsonNode found = sourceStatus("repair");
    assertThat(found.get("state").asText()).isEqualTo("failed");
    assertThat(atLoad.get("state").asText()).isEqualTo("failed");
    assertThat(fieldNames(found)).isEqualTo(fieldNames(atLoad));
    assertThat(found.get("error").asText()).startsWith("0001-b.vcf.gz.dgi: corrupt: checksum mismatch in")
        .isEqualTo(atLoad.get("error").asText());
    assertThat(server.console()).contains("FAILED repair: " + found.get("error").asText()
        + " (source marked unavailable)");
    for (String path : List.of("/health/ready", "/admin/status")) {
      Http.Response r = Http.get(server.base() + path, "Authorization", "Bearer " + ADMIN);
      assertThat(r.status()).as(path).isEqualTo(200);
      JsonNode doc = JSON.readTree(r.text());
      JsonNode a = entry(doc.get("sources"), "damaged");
      JsonNode b = entry(doc.get("sources"), "repair");
      assertThat(b.get("state").asText()).as(path).isEqualTo("failed");
      assertThat(b.get("error")).as(path).isEqualTo(a.get("error"));
      assertThat(fieldNames(b)).as(path).isEqualTo(fieldNames(a));
    }
    for (String seg : List.of("chr1", "chrX")) {
      Http.Response r = Http.get(server.base() + "/genotypes/repair/variants?segment=" + seg);
      assertThat(r.status()).as(seg).isEqualTo(503);
      assertThat(r.text()).as(seg).contains("data source 'repair' is unavailable: 0001-b.vcf.gz.dgi: corrupt");
      assertThat(Http.get(server.base() + "/genotypes/piecesidx/variants?segment=" + seg).status()).isEqualTo(200);
    }
    assertThat(Http.get(server.das() + "/repair/features?segment=chr1:1,100000").status()).isNotEqualTo(200);
    assertThat(Http.get(server.das() + "/piecesidx/features?segment=chr1:1,100000").status()).isEqualTo(200);
    // repaired and reloaded: serving again
    Files.copy(dir.resolve("repair/pristine-piece"), dir.resolve("repair/set.dgi/0001-b.vcf.gz.dgi"),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Http.Response reload = Http.method("POST", server.base() + "/admin/reload/repair", "", "Authorization",
        "Bearer " + ADMIN);
    assertThat(reload.status()).as(reload.text()).isEqualTo(200);
    assertThat(sourceStatus("repair").get("state").asText()).isEqualTo("ready");
    Http.Response a = Http.get(server.base() + "/genotypes/piecesidx/count?segment=chrX&zygosity=any");
    Http.Response b = Http.get(server.base() + "/genotypes/repair/count?segment=chrX&zygosity=any");
    assertThat(b.status()).as(b.text()).isEqualTo(200);
    assertThat(GenotypeIndexIT.untimed(b)).isEqualTo(GenotypeIndexIT.untimed(a));
  }

  /** A piece whose VCF changed after the build is refused at open even when its sections are checked on first use. */
  @Test
  void aStalePieceIsRefusedAtOpenWhenCheckedOnFirstUseToo() throws Exception {
    assertThat(server.console()).contains("FAILED lazystale: 0002-c.vcf.gz.dgi: stale:");
    JsonNode s = sourceStatus("lazystale");
    assertThat(s.get("state").asText()).isEqualTo("failed");
    assertThat(s.get("error").asText()).isEqualTo(sourceStatus("stale").get("error").asText())
        .startsWith("0002-c.vcf.gz.dgi: stale:");
    Http.Response r = Http.get(server.base() + "/genotypes/lazystale/count?segment=chr1");
    assertThat(r.status()).isEqualTo(503);
    assertThat(r.text()).contains("0002-c.vcf.gz.dgi: stale:");
  }

  private static JsonNode sourceStatus(String id) throws Exception {
    Http.Response r = Http.get(server.base() + "/api/sources/" + id);
    assertThat(r.status()).as(r.text()).isEqualTo(200);
    return JSON.readTree(r.text());
  }

  private static JsonNode entry(JsonNode sources, String id) {
    for (JsonNode s : sources) {
      if (s.get("id").asText().equals(id)) {
        return s;
      }
    }
    throw new AssertionError("no source " + id + " in " + sources);
  }

  private static List<String> fieldNames(JsonNode n) {
    List<String> names = new ArrayList<>();
    n.fieldNames().forEachRemaining(f -> names.add(f.equals("id") ? "" : f));
    names.removeIf(f -> List.of("", "title", "description", "failedAt").contains(f));
    return names;
  }

  @Test
  void indexRefusesVcfsWithOtherSamplesOrAContigInTwoFilesNamingBoth() throws Exception {
    String samplesDiffer = indexWithStatus(1, "x.dgi", "a.vcf.gz", "renamed.vcf");
    assertThat(samplesDiffer).contains("renamed.vcf: its samples differ from those of a.vcf.gz");
    String contigTwice = indexWithStatus(1, "y.dgi", "a.vcf.gz", "whole.vcf.gz");
    assertThat(contigTwice).contains("contig chr1 is also in").contains("a.vcf.gz").contains("whole.vcf.gz");
    assertThat(dir.resolve("x.dgi")).doesNotExist();
    assertThat(dir.resolve("y.dgi")).doesNotExist();
    assertThat(dir.resolve("y.dgi.partial")).doesNotExist();
  }
}
