package org.dasgrid.perf.cohort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dasgrid.perf.cohort.GenotypeCrossCheckIT.lines;
import static org.dasgrid.perf.cohort.GenotypeCrossCheckIT.root;
import static org.dasgrid.perf.cohort.GenotypeCrossCheckIT.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
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
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.dasgrid.webapp.EmbeddedServer;
import org.dasgrid.webapp.ServerOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Cohort exports (contract section 12) against the tools, record by record, on a generated cohort (150 × 20,000
 * with multi-allelic sites, no-calls, partial calls {@code ./1} and haploid calls on chrX, chrY and chrM), the
 * same served from its persistent index, and the real 1000 Genomes CEU exon file:
 *
 * <ul>
 *   <li>{@code format=vcf}: {@code tabix} indexes the file; {@code bcftools query} of it equals {@code bcftools
 *       view -s SAMPLES -r REGIONS} of the source with the AC/AN it recomputes, and its GT as the export
 *       promises them (docs/genotypes.md, "Cohort exports"): unphased, a call's alleles in ascending order with
 *       missing ones first, a wholly missing call with the site's default ploidy ({@code .} where most of the
 *       cohort's calls are haploid, else {@code ./.});
 *   <li>{@code format=plink}: the {@code .bed} equals, byte for byte, and the {@code .bim} line for line (the ID
 *       {@code CHROM:POS:REF:ALT} where plink says {@code .}), what {@code plink1.9 --vcf SUBSET --make-bed
 *       --keep-allele-order --vcf-half-call m --allow-extra-chr} makes of the same subset; the {@code .fam}
 *       is the sample sheet's;
 *   <li>{@code frequencies}: AC, AN, AF overall and per population equal {@code bcftools +fill-tags -- -S
 *       groups.txt -t AC,AN,AF} on the split file ({@code norm -m-}), in the body's order, unknown lines said.
 * </ul>
 */
class ExportCrossCheckIT {
  static final ObjectMapper JSON = new ObjectMapper();
  static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  static final String QUERY = "%CHROM\t%POS\t%ID\t%REF\t%ALT\t%INFO/AC\t%INFO/AN[\t%GT]\n";
  static final List<String> POPULATIONS = List.of("AFR", "AMR", "EAS", "EUR", "SAS");
  @TempDir static Path dir;
  static EmbeddedServer server;
  static Map<String, Path> vcfs = new HashMap<>();
  static Map<String, List<String>> samples = new HashMap<>();
  static Map<String, Map<String, String>> sheets = new HashMap<>();

  @BeforeAll
  static void prepare() throws Exception {
    Path generated = dir.resolve("cohort.vcf.gz");
    CohortGenerator.Summary s = new CohortGenerator(new CohortGenerator.Options(150, 20_000, 11, generated, 5))
        .generate(new PrintStream(new ByteArrayOutputStream()));
    assertThat(s.multiAllelicSites()).isGreaterThan(100);
    assertThat(s.partialCalls()).isGreaterThan(100);
    assertThat(s.haploidCalls()).isGreaterThan(10_000);
    Path mixed = mixedCalls(dir.resolve("mixed.vcf.gz"), new Random(5));
    org.dasgrid.datasources.vcf.VcfGenotypeIndexer.build(mixed, dir.resolve("mixed.dgi"),
        org.dasgrid.core.source.LoadMonitor.NONE);
    Path real = dir.resolve("ceu.vcf.gz");
    Files.copy(root().resolve("datasources/src/test/resources/data/CEU_Exon.vcf.gz"), real);
    org.dasgrid.datasources.vcf.VcfGenotypeIndexer.build(generated, dir.resolve("cohort.dgi"),
        org.dasgrid.core.source.LoadMonitor.NONE);
    for (var e : Map.of("cohort", generated, "ceu", real, "mixed", mixed).entrySet()) {
      run("tabix", "-f", "-p", "vcf", e.getValue().toString());
      samples.put(e.getKey(), lines(run("bcftools", "query", "-l", e.getValue().toString())));
      sheet(e.getKey(), samples.get(e.getKey()), new Random(e.getKey().hashCode()));
    }
    vcfs.put("cohort", generated);
    vcfs.put("cohortidx", generated);
    vcfs.put("ceu", real);
    vcfs.put("mixed", mixed);
    vcfs.put("mixedidx", mixed);
    samples.put("mixedidx", samples.get("mixed"));
    samples.put("cohortidx", samples.get("cohort"));
    sheets.put("cohortidx", sheets.get("cohort"));
    Files.writeString(dir.resolve("dasgrid.yaml"), String.join("\n",
        "server: {maxFeaturesPerResponse: 10000000}", "sources:",
        "  - {id: cohort, format: vcf, path: cohort.vcf.gz, genotypes: true, samples: cohort.tsv}",
        "  - {id: cohortidx, format: vcf, path: cohort.vcf.gz, genotypes: true, genotypeIndex: cohort.dgi, "
            + "samples: cohort.tsv}",
        "  - {id: ceu, format: vcf, path: ceu.vcf.gz, genotypes: true, samples: ceu.tsv}",
        "  - {id: mixed, format: vcf, path: mixed.vcf.gz, genotypes: true}",
        "  - {id: mixedidx, format: vcf, path: mixed.vcf.gz, genotypes: true, genotypeIndex: mixed.dgi}",
        "  - {id: small, format: vcf, path: ceu.vcf.gz, genotypes: true, options: {maxExportCalls: \"1000\"}}",
        ""));
    server = EmbeddedServer.start(ServerOptions.defaults().withPort(0).withBind("127.0.0.1").withWarmupSeconds(0)
        .withConfig(dir.resolve("dasgrid.yaml")), new PrintStream(new ByteArrayOutputStream()));
    assertThat(server.awaitLoaded(120, TimeUnit.SECONDS)).isTrue();
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  /**
   * A small VCF whose records mix, within one record, every kind of call the export writes apart from the usual
   * {@code 0/0}: phased and unphased calls (ALT first too), haploid, triploid, wholly and partly missing ones,
   * on one-ALT and multi-allelic records (up to 12 ALTs: two-digit alleles), some with none of those; on chrX
   * most calls of the first 20 or 50 samples are haploid, so that some records' usual call is not {@code 0/0}.
   */
  static Path mixedCalls(Path vcf, Random rnd) throws IOException {
    int n = 70; // more than 64: the samples span two words of a bitset
    StringBuilder b = new StringBuilder("##fileformat=VCFv4.2\n##contig=<ID=chr1,length=1000000>\n"
        + "##contig=<ID=chrX,length=1000000>\n##FORMAT=<ID=GT,Number=1,Type=String,Description=\"Genotype\">\n"
        + "#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT");
    for (int s = 0; s < n; s++) {
      b.append("\tM").append(s);
    }
    b.append('\n');
    String bases = "ACGT";
    for (String contig : List.of("chr1", "chrX")) {
      for (int r = 0; r < 80; r++) {
        int alts = r % 9 == 4 ? 10 + rnd.nextInt(3) : r % 5 == 1 ? 2 + rnd.nextInt(2) : 1;
        String ref = "A" + bases.charAt(r % 4);
        List<String> alt = new ArrayList<>();
        for (int a = 0; a < alts; a++) {
          alt.add("C" + "T".repeat(a));
        }
        b.append(contig).append('\t').append(1000 + 100 * r).append('\t').append(r % 3 == 0 ? "." : "rs" + r)
            .append('\t').append(ref).append('\t').append(String.join(",", alt)).append("\t.\t.\t.\tGT");
        double odd = new double[] {0.002, 0.05, 0.3, 1.0}[r % 4]; // how many calls are not 0/0
        for (int s = 0; s < n; s++) {
          boolean haploid = contig.equals("chrX") && s < (r % 2 == 0 ? 50 : 20) && rnd.nextInt(10) > 0;
          b.append('\t').append(haploid ? haploidCall(rnd, alts) : rnd.nextDouble() >= odd
              ? (rnd.nextBoolean() ? "0/0" : "0|0") : oddCall(rnd, alts));
        }
        b.append('\n');
      }
    }
    Path plain = vcf.resolveSibling("mixed.vcf");
    Files.writeString(plain, b);
    run("bgzip", "-f", plain.toString());
    return vcf;
  }

  private static String haploidCall(Random rnd, int alts) {
    int k = rnd.nextInt(10);
    return k == 0 ? "." : k < 3 ? Integer.toString(1 + rnd.nextInt(alts)) : "0";
  }

  private static String oddCall(Random rnd, int alts) {
    String sep = rnd.nextBoolean() ? "/" : "|";
    String a = Integer.toString(rnd.nextInt(alts + 1));
    String c = Integer.toString(1 + rnd.nextInt(alts));
    return switch (rnd.nextInt(8)) {
      case 0 -> "./.";
      case 1 -> ".";
      case 2 -> rnd.nextBoolean() ? "." + sep + c : c + sep + ".";
      case 3 -> a;
      case 4 -> a + "/" + c + "/" + a;
      case 5 -> c + sep + c;
      default -> rnd.nextBoolean() ? a + sep + c : c + sep + a;
    };
  }

  /** A sample sheet: a population each, families, sexes and phenotypes for some (the .fam's oracle). */
  static void sheet(String id, List<String> names, Random rnd) throws IOException {
    StringBuilder tsv = new StringBuilder("sample\tsex\tphenotype\tpopulation\tfamily\tfather\tmother\n");
    Map<String, String> fam = new LinkedHashMap<>();
    for (int i = 0; i < names.size(); i++) {
      String n = names.get(i);
      String pop = POPULATIONS.get(rnd.nextInt(POPULATIONS.size()));
      int sex = rnd.nextInt(3);
      int pheno = rnd.nextInt(3);
      boolean trio = i >= 2 && i % 10 == 2; // the two samples before it are its parents
      String family = trio ? "F" + i : "";
      if (i % 10 < 2 && (i - i % 10 + 2) < names.size()) {
        family = "F" + (i - i % 10 + 2);
      }
      String father = trio ? names.get(i - 2) : "0";
      String mother = trio ? names.get(i - 1) : "0";
      tsv.append(n).append('\t').append(new String[] {"unknown", "male", "female"}[sex]).append('\t')
          .append(new String[] {"unknown", "unaffected", "affected"}[pheno]).append('\t').append(pop).append('\t')
          .append(family).append('\t').append(father).append('\t').append(mother).append('\n');
      fam.put(n, String.join("\t", family.isEmpty() ? n : family, n, father, mother, Integer.toString(sex),
          new String[] {"-9", "1", "2"}[pheno]) + "\t" + pop);
    }
    Files.writeString(dir.resolve(id + ".tsv"), tsv);
    sheets.put(id, fam);
  }

  /** Random regions (a few per query, on the contigs the file has) and a random subset of samples. */
  record Query(List<String> regions, List<String> chosen) {
    String args() {
      StringBuilder b = new StringBuilder();
      for (String r : regions) {
        b.append("&segment=").append(r.replace('-', ','));
      }
      b.append("&samples=").append(String.join(",", chosen));
      return b.toString();
    }
  }

  static Query query(String id, Random rnd) {
    Path vcf = vcfs.get(id);
    List<String> sites = lines(run("bcftools", "query", "-f", "%CHROM\t%POS\n", vcf.toString()));
    List<String> regions = new ArrayList<>();
    for (int k = 0; k < 1 + rnd.nextInt(3); k++) {
      String[] a = sites.get(rnd.nextInt(sites.size())).split("\t");
      int pos = Integer.parseInt(a[1]);
      int span = new int[] {1_000, 200_000, 5_000_000}[rnd.nextInt(3)];
      regions.add(a[0] + ":" + Math.max(1, pos - span / 2) + "-" + (pos + span));
    }
    regions.add(id.equals("ceu") ? "22" : "chrY"); // a whole contig (chrY: haploid and missing calls)
    if (!id.equals("ceu")) {
      regions.add("chrX:1-20000000"); // males haploid outside the PAR
      regions.add("chrM");
    }
    List<String> all = samples.get(id);
    List<String> chosen = new ArrayList<>();
    for (String n : all) { // cohort order, as bcftools view -s keeps the order given
      if (rnd.nextInt(3) == 0) {
        chosen.add(n);
      }
    }
    if (chosen.isEmpty()) {
      chosen.add(all.get(0));
    }
    return new Query(regions, chosen);
  }

  static HttpResponse<byte[]> get(String path) throws IOException, InterruptedException {
    return HTTP.send(HttpRequest.newBuilder(URI.create(server.localUrl() + path)).build(),
        HttpResponse.BodyHandlers.ofByteArray());
  }

  static HttpResponse<byte[]> export(String id, String format, Query q) throws IOException, InterruptedException {
    HttpResponse<byte[]> r = get("/genotypes/" + id + "/export?format=" + format + q.args());
    assertThat(r.statusCode()).as(new String(r.body(), StandardCharsets.UTF_8)).isEqualTo(200);
    assertThat(r.headers().firstValue("Content-Disposition").orElse("")).startsWith("attachment; filename=\"" + id)
        .endsWith(format.equals("vcf") ? ".vcf.gz\"" : ".plink.zip\"");
    return r;
  }

  /**
   * The records of a subset as bcftools writes them, with the AC/AN that {@code view -s} recomputes (it counts
   * every allele of a polyploid call, where {@code +fill-tags} counts two), GT as the export promises.
   */
  static List<String> oracle(String id, Query q) {
    Path vcf = vcfs.get(id);
    Path regions = write(String.join("\n", q.regions().stream().map(r -> r.contains(":") ? r.replace(':', '\t')
        .replace('-', '\t') : r + "\t1\t2147483647").toList()) + "\n");
    Path sub = dir.resolve("sub-" + System.nanoTime() + ".vcf.gz");
    run("bcftools", "view", "-s", String.join(",", q.chosen()), "-R", regions.toString(), "-e", "ALT=\".\"",
        "-Oz", "-o", sub.toString(), vcf.toString());
    // each site's default ploidy is the whole cohort's: 1 where most of its calls are haploid
    Map<String, Integer> ploidy = new HashMap<>();
    for (String l : lines(run("bcftools", "query", "-R", regions.toString(), "-f", "%CHROM\t%POS\t%REF\t%ALT[\t%GT]\n",
        vcf.toString()))) {
      String[] f = l.split("\t");
      int haploid = 0;
      for (int i = 4; i < f.length; i++) {
        haploid += f[i].contains("/") || f[i].contains("|") ? 0 : 1;
      }
      ploidy.put(f[0] + ":" + f[1] + ":" + f[2] + ":" + f[3], 2 * haploid > f.length - 4 ? 1 : 2);
    }
    List<String> out = new ArrayList<>();
    for (String l : lines(run("bcftools", "query", "-f", QUERY, sub.toString()))) {
      String[] f = l.split("\t");
      int p = ploidy.get(f[0] + ":" + f[1] + ":" + f[3] + ":" + f[4]);
      for (int i = 7; i < f.length; i++) {
        f[i] = promised(f[i], p);
      }
      out.add(String.join("\t", f));
    }
    return out;
  }

  /** A GT as the export writes it: unphased, missing alleles first then ascending, wholly missing at the site's ploidy. */
  static String promised(String gt, int sitePloidy) {
    String[] a = gt.split("[/|]");
    if (Arrays.stream(a).allMatch(x -> x.equals("."))) {
      return sitePloidy == 1 ? "." : "./.";
    }
    Arrays.sort(a, (x, y) -> x.equals(".") ? (y.equals(".") ? 0 : -1) : y.equals(".") ? 1
        : Integer.compare(Integer.parseInt(x), Integer.parseInt(y)));
    return String.join("/", a);
  }

  static Path write(String text) {
    try {
      Path p = Files.createTempFile(dir, "t", ".txt");
      Files.writeString(p, text);
      return p;
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  static List<String> sorted(List<String> lines) {
    List<String> s = new ArrayList<>(lines);
    s.sort(null);
    return s;
  }

  @ParameterizedTest
  @ValueSource(strings = {"cohort", "cohortidx", "ceu"})
  void vcfExportIsWhatBcftoolsViewWrites(String id) throws Exception {
    Random rnd = new Random(id.hashCode());
    for (int round = 0; round < 4; round++) {
      Query q = query(id, rnd);
      HttpResponse<byte[]> r = export(id, "vcf", q);
      Path got = dir.resolve(id + "-" + round + ".vcf.gz");
      Files.write(got, r.body());
      run("tabix", "-p", "vcf", got.toString()); // BGZF, sorted: tabix indexes it
      assertThat(lines(run("bcftools", "query", "-l", got.toString()))).isEqualTo(q.chosen());
      List<String> ours = lines(run("bcftools", "query", "-f", QUERY, got.toString()));
      List<String> theirs = oracle(id, q);
      assertThat(ours).as("%s %s", id, q.regions()).isNotEmpty();
      assertThat(sorted(ours)).as("%s %s", id, q.regions()).containsExactlyElementsOf(sorted(theirs));
    }
  }

  /** Subsets of the mixed calls' 70 samples: all, the last, the last 10 (the second word), about a third. */
  static List<List<String>> mixedSubsets(List<String> all) {
    Random rnd = new Random(3);
    List<List<String>> subsets = new ArrayList<>(List.of(all, List.of(all.get(all.size() - 1)),
        all.subList(60, all.size())));
    List<String> some = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      if (rnd.nextInt(3) == 0 || i == 0) {
        some.add(all.get(i));
      }
    }
    subsets.add(some);
    return subsets;
  }

  @ParameterizedTest
  @ValueSource(strings = {"mixed", "mixedidx"})
  void vcfExportOfMixedCallsIsWhatBcftoolsViewWrites(String id) throws Exception {
    for (List<String> chosen : mixedSubsets(samples.get(id))) {
      Query q = new Query(List.of("chr1", "chrX"), chosen);
      Path got = dir.resolve(id + "-mixed-" + chosen.size() + ".vcf.gz");
      Files.write(got, export(id, "vcf", q).body());
      run("tabix", "-p", "vcf", got.toString());
      List<String> ours = lines(run("bcftools", "query", "-f", QUERY, got.toString()));
      assertThat(ours).hasSize(160);
      assertThat(sorted(ours)).as("%s, %d samples", id, chosen.size())
          .containsExactlyElementsOf(sorted(oracle(id, q)));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"cohort", "cohortidx", "ceu"})
  void plinkExportIsWhatPlinkMakes(String id) throws Exception {
    Random rnd = new Random(id.hashCode() + 1);
    for (int round = 0; round < 3; round++) {
      Query q = query(id, rnd);
      Map<String, byte[]> files = plinkExportIsPlinks(id, q);
      String fam = new String(entry(files, ".fam"), StandardCharsets.UTF_8);
      List<String> expected = new ArrayList<>();
      for (String n : q.chosen()) {
        String line = sheets.get(id).get(n);
        expected.add(line.substring(0, line.lastIndexOf('\t')));
      }
      assertThat(lines(fam)).isEqualTo(expected);
    }
  }

  /**
   * The mixed calls' .bed rows (made from a row of REF/REF calls, the others patched in) against plink's, on
   * subsets of 70, 1, 10 and about 24 samples (rows ending in a part byte, a bitset's second word alone).
   */
  @ParameterizedTest
  @ValueSource(strings = {"mixed", "mixedidx"})
  void plinkExportOfMixedCallsIsWhatPlinkMakes(String id) throws Exception {
    for (List<String> chosen : mixedSubsets(samples.get(id))) {
      Map<String, byte[]> files = plinkExportIsPlinks(id, new Query(List.of("chr1", "chrX"), chosen));
      assertThat(lines(new String(entry(files, ".bim"), StandardCharsets.UTF_8))).hasSizeGreaterThan(150);
      List<String> fam = new ArrayList<>(); // no sample sheet: each sample its own family, nothing known
      for (String n : chosen) {
        fam.add(String.join("\t", n, n, "0", "0", "0", "-9"));
      }
      assertThat(lines(new String(entry(files, ".fam"), StandardCharsets.UTF_8))).isEqualTo(fam);
    }
  }

  /**
   * The export's .bed equals, byte for byte, and its .bim line for line, what plink 1.9 makes of {@code bcftools
   * view -s -R} of the same subset; returns the export's files.
   */
  private static Map<String, byte[]> plinkExportIsPlinks(String id, Query q) throws Exception {
    Map<String, byte[]> files = unzip(export(id, "plink", q).body());
    assertThat(files.keySet()).hasSize(3);
    byte[] bed = entry(files, ".bed");
    String bim = new String(entry(files, ".bim"), StandardCharsets.UTF_8);
    Path regions = write(String.join("\n", q.regions().stream().map(x -> x.contains(":") ? x.replace(':', '\t')
        .replace('-', '\t') : x + "\t1\t2147483647").toList()) + "\n");
    Path sub = dir.resolve("psub-" + System.nanoTime() + ".vcf.gz");
    run("bcftools", "view", "-s", String.join(",", q.chosen()), "-R", regions.toString(), "-e", "ALT=\".\"",
        "-Oz", "-o", sub.toString(), vcfs.get(id).toString());
    Path out = dir.resolve("plink-" + System.nanoTime());
    run("plink1.9", "--vcf", sub.toString(), "--make-bed", "--keep-allele-order", "--vcf-half-call", "m",
        "--allow-extra-chr", "--out", out.toString());
    List<String> theirs = Files.readAllLines(Path.of(out + ".bim"));
    List<String> ours = lines(bim);
    byte[] plinks = Files.readAllBytes(Path.of(out + ".bed"));
    int row = (q.chosen().size() + 3) / 4;
    for (int v = 0; v < theirs.size() && 3 + (v + 1) * row <= Math.min(bed.length, plinks.length); v++) {
      int from = 3 + v * row; // row by row first, so that a difference names its variant and its calls
      byte[] o = Arrays.copyOfRange(bed, from, from + row);
      byte[] t = Arrays.copyOfRange(plinks, from, from + row);
      if (!Arrays.equals(o, t)) {
        String calls = run("bcftools", "query", "-i", "POS=" + theirs.get(v).split("\t")[3], "-f",
            "%CHROM %POS %ALT [ %GT]\n", sub.toString());
        assertThat(o).as("%s .bed row of %s, %d samples; the calls: %s", id, theirs.get(v), q.chosen().size(),
            calls).isEqualTo(t);
      }
    }
    assertThat(bed).as("%s .bed %s, %d samples", id, q.regions(), q.chosen().size()).isEqualTo(plinks);
    assertThat(ours).hasSameSizeAs(theirs);
    for (int i = 0; i < ours.size(); i++) {
      String[] o = ours.get(i).split("\t");
      String[] t = theirs.get(i).split("\t");
      if (t[1].equals(".")) {
        assertThat(o[1]).endsWith(":" + t[3] + ":" + t[5] + ":" + t[4]);
        t[1] = o[1];
      }
      assertThat(String.join("\t", o)).as("%s .bim line %d", id, i + 1).isEqualTo(String.join("\t", t));
    }
    return files;
  }

  @ParameterizedTest
  @ValueSource(strings = {"cohort", "ceu"})
  void frequenciesAreWhatFillTagsCounts(String id) throws Exception {
    Path vcf = vcfs.get(id);
    Path split = dir.resolve(id + "-split.vcf.gz");
    run("bcftools", "norm", "-m-", "-Oz", "-o", split.toString(), vcf.toString());
    Map<String, List<String>> byPop = new LinkedHashMap<>();
    for (String p : POPULATIONS) {
      byPop.put(p, new ArrayList<>());
    }
    Random rnd = new Random(7);
    List<String> chosen = new ArrayList<>();
    StringBuilder groups = new StringBuilder();
    for (String n : samples.get(id)) {
      if (rnd.nextInt(4) > 0) {
        chosen.add(n);
        String pop = sheets.get(id).get(n).substring(sheets.get(id).get(n).lastIndexOf('\t') + 1);
        groups.append(n).append('\t').append(pop).append('\n');
      }
    }
    Path groupFile = write(groups.toString());
    Path filled = dir.resolve(id + "-filled.vcf.gz");
    run("bcftools", "+fill-tags", split.toString(), "-Oz", "-o", filled.toString(), "--", "-S",
        groupFile.toString(), "-t", "AC,AN,AF");
    List<String> pops = lines(run("bash", "-c", "cut -f2 " + groupFile + " | sort -u"));
    StringBuilder format = new StringBuilder("%CHROM:%POS:%REF:%ALT\t%ID\t%INFO/AC\t%INFO/AN");
    for (String p : pops) {
      format.append("\t%INFO/AC_").append(p).append("\t%INFO/AN_").append(p);
    }
    // bcftools +fill-tags over the chosen samples only: view -s first
    Path chosenFile = dir.resolve(id + "-chosen.vcf.gz");
    run("bcftools", "view", "-s", String.join(",", chosen), "-Oz", "-o", chosenFile.toString(), split.toString());
    run("bcftools", "+fill-tags", chosenFile.toString(), "-Oz", "-o", filled.toString(), "--", "-S",
        groupFile.toString(), "-t", "AC,AN,AF");
    List<String> rows = lines(run("bcftools", "query", "-f", format + "\n", filled.toString()));
    List<String> keys = new ArrayList<>();
    Map<String, String[]> expected = new HashMap<>();
    for (int i = 0; i < rows.size(); i += 1 + rnd.nextInt(40)) {
      String[] f = rows.get(i).split("\t");
      keys.add(f[0]);
      expected.put(f[0], f);
      if (i % 7 == 0) {
        keys.add("chrNone:1:A:" + i);
      }
    }
    HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(server.localUrl()
        + "/genotypes/" + id + "/frequencies?samples=" + URLEncoder.encode(String.join(",", chosen),
        StandardCharsets.UTF_8))).POST(HttpRequest.BodyPublishers.ofString(String.join("\n", keys) + "\n"))
        .build(), HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    JsonNode answer = JSON.readTree(r.body());
    assertThat(answer.get("by").asText()).isEqualTo("population");
    JsonNode variants = answer.get("variants");
    assertThat(variants).hasSize(keys.size());
    for (int i = 0; i < keys.size(); i++) {
      JsonNode v = variants.get(i);
      assertThat(v.get("query").asText()).isEqualTo(keys.get(i));
      String[] f = expected.get(keys.get(i));
      if (f == null) {
        assertThat(v.get("found").asBoolean()).isFalse();
        continue;
      }
      assertThat(v.get("found").asBoolean()).isTrue();
      assertThat(v.get("ac").asInt() + "/" + v.get("an").asInt()).as(keys.get(i)).isEqualTo(f[2] + "/" + f[3]);
      for (int k = 0; k < pops.size(); k++) {
        JsonNode g = v.get("groups").get(pops.get(k));
        assertThat(g.get("ac").asInt() + "/" + g.get("an").asInt()).as("%s %s", keys.get(i), pops.get(k))
            .isEqualTo(f[4 + 2 * k] + "/" + f[5 + 2 * k]);
        if (g.get("an").asInt() > 0) {
          assertThat(g.get("af").asDouble()).isCloseTo(Double.parseDouble(f[4 + 2 * k]) / Double.parseDouble(
              f[5 + 2 * k]), org.assertj.core.data.Offset.offset(1e-12));
        }
      }
    }
    HttpResponse<String> tsv = HTTP.send(HttpRequest.newBuilder(URI.create(server.localUrl()
        + "/genotypes/" + id + "/frequencies?samples=" + URLEncoder.encode(String.join(",", chosen),
        StandardCharsets.UTF_8))).header("Accept", "text/tab-separated-values")
        .POST(HttpRequest.BodyPublishers.ofString(String.join("\n", keys))).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(tsv.headers().firstValue("Content-Type").orElse("")).startsWith("text/tab-separated-values");
    List<String> t = lines(tsv.body());
    assertThat(t).hasSize(keys.size() + 1);
    for (int i = 0; i < keys.size(); i++) {
      String[] c = t.get(i + 1).split("\t");
      JsonNode v = variants.get(i);
      assertThat(c[0]).isEqualTo(keys.get(i));
      assertThat(c[1]).isEqualTo(Boolean.toString(v.get("found").asBoolean()));
      if (v.get("found").asBoolean()) {
        assertThat(c[7] + "/" + c[8]).isEqualTo(v.get("ac").asInt() + "/" + v.get("an").asInt());
      }
    }
  }

  @Test
  void anExportAboveTheLimitIsRefusedNamingIt() throws Exception {
    HttpResponse<byte[]> r = get("/genotypes/small/export?format=vcf&segment=1");
    String body = new String(r.body(), StandardCharsets.UTF_8);
    assertThat(r.statusCode()).as(body).isEqualTo(400);
    assertThat(body).contains("maxExportCalls").startsWith("{\"error\"");
    HttpResponse<byte[]> few = get("/genotypes/small/export?format=vcf&segment=1:1105366,1105500&samples=NA06984");
    assertThat(few.statusCode()).as(new String(few.body(), StandardCharsets.UTF_8)).isEqualTo(200);
    for (String bad : List.of("segment=1", "format=bam&segment=1", "format=vcf", "format=vcf&segment=1&color=red",
        "format=vcf&segment=nowhere:1,2", "format=vcf&segment=1&samples=NOBODY")) {
      HttpResponse<byte[]> b = get("/genotypes/ceu/export?" + bad);
      assertThat(b.statusCode()).as(bad).isEqualTo(400);
      assertThat(new String(b.body(), StandardCharsets.UTF_8)).as(bad).startsWith("{\"error\"");
    }
  }

  static Map<String, byte[]> unzip(byte[] zip) throws IOException {
    Map<String, byte[]> out = new LinkedHashMap<>();
    try (ZipInputStream in = new ZipInputStream(new java.io.ByteArrayInputStream(zip))) {
      for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
        out.put(e.getName(), in.readAllBytes());
      }
    }
    return out;
  }

  static byte[] entry(Map<String, byte[]> files, String suffix) {
    return files.entrySet().stream().filter(e -> e.getKey().endsWith(suffix)).findFirst().orElseThrow().getValue();
  }

}
