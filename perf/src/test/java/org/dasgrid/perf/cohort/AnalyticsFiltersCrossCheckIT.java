package org.dasgrid.perf.cohort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dasgrid.perf.cohort.GenotypeCrossCheckIT.finish;
import static org.dasgrid.perf.cohort.GenotypeCrossCheckIT.lines;
import static org.dasgrid.perf.cohort.GenotypeCrossCheckIT.run;
import static org.dasgrid.perf.cohort.GenotypeCrossCheckIT.start;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.dasgrid.webapp.EmbeddedServer;
import org.dasgrid.webapp.ServerOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code info.*} and {@code csq.*} filters against bcftools: {@code bcftools view -i EXPR} on the split
 * file ({@code norm -m-}) for INFO, and {@code bcftools +split-vep} (one line per annotation entry, its
 * ALLELE_NUM naming the ALT) for VEP's CSQ, on a generated annotated cohort ({@code CohortGenerator
 * --annotate}: numeric, per-ALT, string and flag INFO and CSQ) and on the real VEP-annotated file of the shared
 * data, given sample columns so that every ALT is carried. The rows kept must be exactly those bcftools keeps
 * (among the rows with a carrier), and each row's {@code csq} entries exactly the entries that pass.
 *
 * <p>Bracket queries ({@code start=MIN,MAX&end=MIN,MAX}) run on a generated cohort with symbolic SVs ({@code
 * CohortGenerator --svs}: END from INFO/END, or from SVLEN where a record has none) against {@code bcftools
 * query} + awk computing END by the documented rule, and against {@code bcftools view -i 'POS>=a && POS<=b &&
 * INFO/END>=c && INFO/END<=d'} for the records that carry INFO/END. Every {@code count} with filters equals the
 * number of rows {@code variants} gives (and the bcftools count) with the same arguments.
 */
class AnalyticsFiltersCrossCheckIT {
  static final ObjectMapper JSON = new ObjectMapper();
  static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  @TempDir static Path dir;
  static EmbeddedServer server;
  static final Map<String, Path> SPLIT = new HashMap<>();
  static final Map<String, Path> WHOLE = new HashMap<>();
  static final Map<String, List<String>> CONTIGS = new HashMap<>();

  @BeforeAll
  static void prepare() throws Exception {
    Path generated = dir.resolve("annotated.vcf.gz");
    new CohortGenerator(new CohortGenerator.Options(60, 6000, 9, generated, 5, true))
        .generate(new PrintStream(new ByteArrayOutputStream()));
    Path svs = dir.resolve("svs.vcf.gz");
    new CohortGenerator(new CohortGenerator.Options(40, 8000, 12, svs, 5, true, true))
        .generate(new PrintStream(new ByteArrayOutputStream()));
    Path vep = dir.resolve("vep.vcf");
    withSamples(GenotypeCrossCheckIT.root().resolve("perf/src/test/resources/data/vep-csq-sites.vcf"), vep);
    run("bgzip", "-f", vep.toString());
    Path vepGz = Path.of(vep + ".gz");
    Files.writeString(dir.resolve("dasgrid.yaml"), String.join("\n",
        "server: {maxFeaturesPerResponse: 10000000, maxSegmentsPerRequest: 1000}", "sources:",
        "  - {id: annotated, format: vcf, path: annotated.vcf.gz, genotypes: true}",
        "  - {id: vep, format: vcf, path: vep.vcf.gz, genotypes: true}",
        "  - {id: svs, format: vcf, path: svs.vcf.gz, genotypes: true}", ""));
    server = EmbeddedServer.start(ServerOptions.defaults().withPort(0).withBind("127.0.0.1")
        .withConfig(dir.resolve("dasgrid.yaml")), new PrintStream(new ByteArrayOutputStream()));
    prepare("annotated", generated);
    prepare("vep", vepGz);
    prepare("svs", svs);
    assertThat(server.awaitLoaded(60, TimeUnit.SECONDS)).isTrue();
  }

  static void prepare(String id, Path vcf) {
    run("tabix", "-f", "-p", "vcf", vcf.toString());
    Path split = dir.resolve(id + ".split.vcf.gz");
    run("bcftools", "norm", "-m-", "-Oz", "-o", split.toString(), vcf.toString());
    SPLIT.put(id, split);
    WHOLE.put(id, vcf);
    CONTIGS.put(id, List.copyOf(new LinkedHashSet<>(lines(run("bcftools", "query", "-f", "%CHROM\n",
        vcf.toString())))));
  }

  /** The sites-only VEP file with a GT column per ALT number: sample i is 0/i where the record has ALT i. */
  static void withSamples(Path from, Path to) throws Exception {
    List<String> out = new ArrayList<>();
    for (String line : Files.readAllLines(from)) {
      if (line.startsWith("##")) {
        out.add(line);
      } else if (line.startsWith("#CHROM")) {
        out.add("##FORMAT=<ID=GT,Number=1,Type=String,Description=\"Genotype\">");
        out.add(line + "\tFORMAT\tS1\tS2\tS3");
      } else {
        int alts = line.split("\t", -1)[4].split(",").length;
        StringBuilder sb = new StringBuilder(line).append("\tGT");
        for (int s = 1; s <= 3; s++) {
          sb.append('\t').append(s <= alts ? "0/" + s : "0/0");
        }
        out.add(sb.toString());
      }
    }
    Files.write(to, out);
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource(delimiter = ';', value = {
    "annotated; info.SCORE=10,20; INFO/SCORE>=10 && INFO/SCORE<=20",
    "annotated; info.SCORE=,5.5; INFO/SCORE<=5.5",
    "annotated; info.GNOMAD_AF=,0.001; INFO/GNOMAD_AF<=0.001",
    "annotated; info.GNOMAD_AF=0.0001,0.01; INFO/GNOMAD_AF>=0.0001 && INFO/GNOMAD_AF<=0.01",
    "annotated; info.CLNSIG=Pathogenic|Likely_pathogenic; INFO/CLNSIG=\"Pathogenic\" || INFO/CLNSIG=\"Likely_pathogenic\"",
    "annotated; info.DB=true; INFO/DB=1",
    "annotated; info.DB=false&info.SCORE=30,; INFO/DB=0 && INFO/SCORE>=30",
    "vep; info.AF=0.5,1; INFO/AF>=0.5 && INFO/AF<=1",
  })
  void infoFiltersKeepWhatBcftoolsViewKeeps(String id, String filter, String expression) throws Exception {
    Set<String> carried = rows(id, "").keySet();
    Set<String> expected = new HashSet<>(lines(run("bcftools", "query", "-i", expression, "-f",
        "%CHROM:%POS:%REF:%ALT\n", SPLIT.get(id).toString())));
    expected.retainAll(carried);
    Set<String> ours = rows(id, "&" + filter).keySet();
    assertThat(ours).as(filter).isEqualTo(expected);
    assertThat(ours).as("a filter that keeps something").isNotEmpty();
    assertThat(ours.size()).as("and drops something").isLessThan(carried.size());
    assertThat(count(id, "&" + filter)).as("count " + filter).isEqualTo(expected.size());
  }

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource(delimiter = ';', value = {
    "annotated; csq.consequence=missense_variant",
    "annotated; csq.consequence=splice_region_variant&csq.impact=LOW",
    "annotated; csq.symbol=TP53,BRCA2&csq.biotype=protein_coding",
    "annotated; csq.impact=HIGH",
    "vep; csq.consequence=missense_variant",
    "vep; csq.impact=HIGH|MODERATE",
    "vep; csq.symbol=OR4F5,SAMD11&csq.biotype=protein_coding",
    "vep; csq.consequence=intron_variant&csq.impact=MODIFIER",
  })
  void csqFiltersKeepTheEntriesSplitVepGives(String id, String filter) throws Exception {
    Map<String, Set<String>> wanted = new HashMap<>();
    for (String part : filter.split("&")) {
      String[] kv = part.split("=", 2);
      Set<String> values = new HashSet<>();
      for (String v : kv[1].split("[,|]")) {
        values.add(v.toLowerCase());
      }
      wanted.put(kv[0].substring(4), values);
    }
    // every entry with its record's ALT number, as split-vep reads them
    Map<String, List<String>> expected = new HashMap<>();
    for (String line : lines(run("bcftools", "+split-vep", "-d", "-s", "all", "-f",
        "%CHROM\t%POS\t%REF\t%ALT\t%ALLELE_NUM\t%Consequence\t%IMPACT\t%SYMBOL\t%BIOTYPE\n",
        WHOLE.get(id).toString()))) {
      String[] f = line.split("\t", -1);
      String[] alts = f[3].split(",");
      String alt = alts.length == 1 ? alts[0] : alts[Integer.parseInt(f[4]) - 1];
      Map<String, String> entry = Map.of("consequence", f[5], "impact", f[6], "symbol", f[7], "biotype", f[8]);
      boolean keep = true;
      for (Map.Entry<String, Set<String>> w : wanted.entrySet()) {
        String v = entry.get(w.getKey());
        boolean any = false;
        for (String term : w.getKey().equals("consequence") ? v.split("&") : new String[] {v}) {
          any |= w.getValue().contains(term.toLowerCase());
        }
        keep &= any;
      }
      if (keep) {
        expected.computeIfAbsent(f[0] + ":" + f[1] + ":" + f[2] + ":" + alt, k -> new ArrayList<>())
            .add(f[5] + "|" + f[6] + "|" + f[7] + "|" + f[8]);
      }
    }
    Map<String, JsonNode> carried = rows(id, "");
    expected.keySet().retainAll(carried.keySet());
    JsonNode answer = answer(id, "&" + filter);
    assertThat(answer.get("annotation").asText()).isEqualTo("CSQ");
    Map<String, List<String>> ours = new HashMap<>();
    for (JsonNode v : answer.get("variants")) {
      List<String> entries = new ArrayList<>();
      for (JsonNode e : v.get("csq")) {
        entries.add(text(e, "consequence") + "|" + text(e, "impact") + "|" + text(e, "symbol") + "|"
            + text(e, "biotype"));
      }
      ours.put(key(v), entries);
    }
    assertThat(ours).as(filter).isEqualTo(expected);
    assertThat(ours).isNotEmpty();
    assertThat(count(id, "&" + filter)).as("count " + filter).isEqualTo(expected.size());
  }

  /**
   * Random brackets, some with an open side, some with {@code type=sv}: the rows kept are those whose POS and
   * END (INFO/END; else POS + |SVLEN| for DEL, DUP, INV, CNV; else POS + len(REF) - 1), as awk computes them
   * from {@code bcftools query}, fall in the bracket; those with INFO/END are exactly what {@code bcftools view
   * -i} keeps; and count says as many.
   */
  @ParameterizedTest(name = "seed {0}")
  @ValueSource(ints = {1, 2, 3, 4, 5, 6})
  void bracketsKeepWhatBcftoolsKeeps(int seed) throws Exception {
    java.util.Random rnd = new java.util.Random(seed);
    Set<String> carried = rows("svs", "").keySet();
    Set<String> withEnd = new HashSet<>(lines(run("bcftools", "query", "-i", "INFO/END>0", "-f",
        "%CHROM:%POS:%REF:%ALT\n", SPLIT.get("svs").toString())));
    int kept = 0;
    int dropped = 0;
    for (int round = 0; round < 4; round++) {
      long a = 1 + rnd.nextInt(150_000_000);
      long b = a + rnd.nextInt(100_000_000);
      long c = a + rnd.nextInt(1_000_000);
      long d = c + rnd.nextInt(100_000_000);
      String startArg = rnd.nextInt(4) == 0 ? "," + b : a + "," + b;
      String endArg = rnd.nextInt(4) == 0 ? c + "," : c + "," + d;
      boolean svOnly = rnd.nextBoolean();
      long lo = startArg.startsWith(",") ? 1 : a;
      long hi = endArg.endsWith(",") ? Integer.MAX_VALUE : d;
      String awk = "BEGIN{FS=\"\\t\"} {e=$2+length($3)-1; if ($5!=\".\") {if ($5>e) e=$5}"
          + " else if ($4 ~ /^<(DEL|DUP|INV|CNV)/ && $6!=\".\") {s=$6<0?-$6:$6; if ($2+s>e) e=$2+s}"
          + " if ($2>=" + lo + " && $2<=" + b + " && e>=" + c + " && e<=" + hi
          + (svOnly ? " && substr($4,1,1)==\"<\"" : "") + ") print $1\":\"$2\":\"$3\":\"$4}";
      Set<String> expected = new HashSet<>(lines(finish(start(List.of("bcftools", "query", "-f",
          "%CHROM\t%POS\t%REF\t%ALT\t%INFO/END\t%INFO/SVLEN\n", SPLIT.get("svs").toString()),
          List.of("awk", awk)))));
      expected.retainAll(carried);
      String filter = "start=" + startArg + "&end=" + endArg + (svOnly ? "&type=sv" : "");
      Set<String> ours = rows("svs", "&" + filter).keySet();
      assertThat(ours).as(filter).isEqualTo(expected);
      assertThat(count("svs", "&" + filter)).as("count " + filter).isEqualTo(expected.size());
      kept += ours.size();
      dropped += carried.size() - ours.size();
      // the records with INFO/END: bcftools' own test of POS and INFO/END
      Set<String> viewed = new HashSet<>(lines(run("bcftools", "query", "-i", "POS>=" + lo + " && POS<=" + b
          + " && INFO/END>=" + c + " && INFO/END<=" + hi, "-f", "%CHROM:%POS:%REF:%ALT\n",
          SPLIT.get("svs").toString())));
      viewed.retainAll(carried);
      Set<String> oursWithEnd = new HashSet<>(ours);
      oursWithEnd.retainAll(withEnd);
      if (!svOnly) {
        assertThat(oursWithEnd).as("%s, records with INFO/END", filter).isEqualTo(viewed);
      }
    }
    assertThat(kept).as("rows kept by the brackets").isPositive();
    assertThat(dropped).as("rows dropped by them").isPositive();
  }

  /** Each SV asked for alone, by exact POS and END (single values): its own row is there, and only rows so placed. */
  @Test
  void singleValuesAskForExactPositions() throws Exception {
    Map<String, JsonNode> svs = rows("svs", "&type=sv");
    assertThat(svs).as("the generated SVs").hasSizeGreaterThan(50);
    List<String> keys = new ArrayList<>(svs.keySet());
    java.util.Collections.sort(keys);
    // END by the documented rule, and whether it came from SVLEN (no INFO/END, a span beyond POS)
    String awk = "BEGIN{FS=\"\\t\"} {e=$2+length($3)-1; if ($5!=\".\") {if ($5>e) e=$5}"
        + " else if ($4 ~ /^<(DEL|DUP|INV|CNV)/ && $6!=\".\") {s=$6<0?-$6:$6; if ($2+s>e) e=$2+s}"
        + " print $1\":\"$2\":\"$3\":\"$4\"\\t\"e\"\\t\"($5==\".\" && e>$2)}";
    Map<String, Long> ends = new HashMap<>();
    Set<String> fromSvlen = new HashSet<>();
    for (String line : lines(finish(start(List.of("bcftools", "query", "-f",
        "%CHROM\t%POS\t%REF\t%ALT\t%INFO/END\t%INFO/SVLEN\n", SPLIT.get("svs").toString()),
        List.of("awk", awk))))) {
      String[] f = line.split("\t");
      ends.put(f[0], Long.parseLong(f[1]));
      if (f[2].equals("1")) {
        fromSvlen.add(f[0]);
      }
    }
    boolean sawSvlenOnly = false;
    for (int i = 0; i < keys.size(); i += 5) {
      String[] k = keys.get(i).split(":");
      long end = ends.get(keys.get(i));
      sawSvlenOnly |= fromSvlen.contains(keys.get(i));
      Map<String, JsonNode> got = rows("svs", "&start=" + k[1] + "&end=" + end);
      assertThat(got).as(keys.get(i) + " END " + end).containsKey(keys.get(i));
      for (String other : got.keySet()) {
        assertThat(other.split(":")[1]).isEqualTo(k[1]);
      }
    }
    assertThat(sawSvlenOnly).isTrue();
  }

  /**
   * Random combinations of every filter (class, lengths, allelic, af, INFO, CSQ, REF/ALT, bracket, samples):
   * count gives as many variants, het and hom-alt calls as the variants rows of the same arguments.
   */
  @ParameterizedTest(name = "{0} seed {1}")
  @CsvSource({"annotated, 1", "annotated, 2", "svs, 3", "svs, 4"})
  void countEqualsTheVariantsRowsUnderRandomFilters(String id, int seed) throws Exception {
    java.util.Random rnd = new java.util.Random(seed);
    List<String> pool = List.of("type=snv", "type=deletion,insertion", "type=sv", "min_length=2", "max_length=3",
        "min_length=100&type=sv", "allelic=biallelic", "allelic=multiallelic", "af=0.05,", "af=,0.01",
        "info.SCORE=10,30", "info.DB=true", "info.GNOMAD_AF=,0.001", "csq.impact=HIGH,MODERATE",
        "csq.symbol=TP53|BRCA2", "ref=A,C", "alt=T,<DEL>", "start=1,100000000", "end=50000000,",
        "samples=SIM00001,SIM00002,SIM00003,SIM00007,SIM00011");
    for (int round = 0; round < 8; round++) {
      List<String> parts = new ArrayList<>();
      for (int k = 1 + rnd.nextInt(3); k > 0; k--) {
        String p = pool.get(rnd.nextInt(pool.size()));
        if (parts.stream().noneMatch(q -> q.split("=")[0].equals(p.split("=")[0]))) {
          parts.add(p);
        }
      }
      String filter = "&" + String.join("&", parts);
      JsonNode rows = answer(id, filter);
      JsonNode counted = ask(id, "count", filter);
      long het = 0;
      long hom = 0;
      for (JsonNode v : rows.get("variants")) {
        het += v.get("het").asLong();
        hom += v.get("hom").asLong();
      }
      assertThat(new long[] {counted.get("variants").asLong(), counted.get("het").asLong(),
          counted.get("hom").asLong()}).as(filter).containsExactly(rows.get("count").asLong(), het, hom);
      assertThat(counted.get("elapsed_db_ms").isNumber()).isTrue();
      assertThat(counted.get("elapsed_ms").isNumber()).isTrue();
    }
  }

  static long count(String id, String extra) throws Exception {
    return ask(id, "count", extra).get("variants").asLong();
  }

  static String text(JsonNode e, String f) {
    return e.get(f).isNull() ? "." : e.get(f).asText();
  }

  static String key(JsonNode v) {
    return v.get("chrom").asText() + ":" + v.get("pos").asInt() + ":" + v.get("ref").asText() + ":"
        + v.get("alt").asText();
  }

  static Map<String, JsonNode> rows(String id, String extra) throws Exception {
    Map<String, JsonNode> out = new HashMap<>();
    for (JsonNode v : answer(id, extra).get("variants")) {
      out.put(key(v), v);
    }
    return out;
  }

  static JsonNode answer(String id, String extra) throws Exception {
    return ask(id, "variants", extra);
  }

  /** The JSON answer of {@code /genotypes/{id}/{query}} over every contig, any zygosity, and the extra arguments. */
  static JsonNode ask(String id, String query, String extra) throws Exception {
    StringBuilder args = new StringBuilder("zygosity=any");
    for (String c : CONTIGS.get(id)) {
      args.append("&segment=").append(URLEncoder.encode(c, StandardCharsets.UTF_8));
    }
    for (String part : extra.split("&")) {
      if (!part.isEmpty()) {
        String[] kv = part.split("=", 2);
        args.append('&').append(kv[0]).append('=').append(URLEncoder.encode(kv[1], StandardCharsets.UTF_8));
      }
    }
    HttpRequest req = HttpRequest.newBuilder(URI.create(server.localUrl() + "/genotypes/" + id + "/" + query))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .POST(HttpRequest.BodyPublishers.ofString(args.toString())).build();
    HttpResponse<String> r = HTTP.send(req, HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    return JSON.readTree(r.body());
  }
}
