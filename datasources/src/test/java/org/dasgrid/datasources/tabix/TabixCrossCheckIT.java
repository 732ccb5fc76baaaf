package org.dasgrid.datasources.tabix;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.VcfSite;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.FeatureFilter;
import org.dasgrid.datasources.Sources;
import org.dasgrid.datasources.Tools;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * For 200 random segments of each format, the in-memory source's features are exactly the records Debian's
 * {@code tabix} prints for the bgzipped, indexed same file, and the tabix-backed source answers exactly as the
 * in-memory one (every field, parts and generated ids included). Formats: GFF3 (FlyBase), BED12, GTF
 * (GENCODE), GFF2 (WormBase), VCF (the bundled CEU file, and generated multi-allelic and symbolic sites, where
 * each ALT allele of a {@code tabix} line is one feature). Fails, rather than skips, without tabix and bgzip.
 */
class TabixCrossCheckIT {
  static final int SEGMENTS = 200;
  @TempDir static Path dir;
  static Sources sources;

  /** One format under test: its files, the in-memory format, and how a feature and a line are keyed. */
  record Case(String name, String format, Path sorted, Path gz, int maxWidth,
      Function<Feature, String> featureKey, Function<String, List<String>> lineKeys) {
    @Override
    public String toString() {
      return name;
    }
  }

  static List<Case> cases;

  @BeforeAll
  static void prepare() throws Exception {
    Tools.require("tabix", "bgzip");
    Path gff = TabixFiles.sortedAndIndexed(Sources.EXAMPLES.resolve("dmel-2L.gff3"), dir, "dmel.gff3", 1, 4, "gff",
        false);
    Path bed = TabixFiles.sortedAndIndexed(Sources.TEST_DATA.resolve("bed/dmel-2L-mrna.bed"), dir, "mrna.bed", 1,
        2, "bed", false);
    Path gtf = TabixFiles.sortedAndIndexed(Sources.TEST_DATA.resolve("gtf/gencode-v19.gtf"), dir, "gencode.gtf", 1,
        4, "gff", false);
    Path gff2 = TabixFiles.sortedAndIndexed(Sources.EXAMPLES.resolve("ce_ws199.gff"), dir, "ws199.gff2", 1, 4,
        "gff", false);
    Path ceu = TabixFiles.indexedCopy(Sources.EXAMPLES.resolve("ceu_exon.vcf.gz"), dir, "vcf");
    Path generated = TabixFiles.sortedAndIndexed(GeneratedVcf.write(dir.resolve("gen.src.vcf"), 3, 1_000), dir,
        "gen.vcf", 1, 2, "vcf", false);
    cases = List.of(
        new Case("gff3", "gff3", gff, dir.resolve("dmel.gff3.gz"), 40_000, TabixCrossCheckIT::gffKey,
            TabixCrossCheckIT::gffLineKey),
        new Case("bed", "bed", bed, dir.resolve("mrna.bed.gz"), 100_000, TabixCrossCheckIT::bedKey,
            TabixCrossCheckIT::bedLineKey),
        new Case("gtf", "gtf", gtf, dir.resolve("gencode.gtf.gz"), 2_000, TabixCrossCheckIT::gffKey,
            TabixCrossCheckIT::gffLineKey),
        new Case("gff2", "gff2", gff2, dir.resolve("ws199.gff2.gz"), 20_000, TabixCrossCheckIT::gffKey,
            TabixCrossCheckIT::gffLineKey),
        new Case("vcf-ceu", "vcf", ceu, ceu, 30_000_000, TabixCrossCheckIT::vcfKey,
            TabixCrossCheckIT::vcfLineKeys),
        new Case("vcf-generated", "vcf", generated, dir.resolve("gen.vcf.gz"), 60_000, TabixCrossCheckIT::vcfKey,
            TabixCrossCheckIT::vcfLineKeys));
    List<org.dasgrid.core.config.SourceConfig> configs = new ArrayList<>();
    for (Case c : cases) {
      configs.add(Sources.config(c.name(), c.format(), c.sorted()));
      configs.add(Sources.config(c.name() + "-tabix", "tabix", c.gz()));
    }
    sources = Sources.load(configs.toArray(org.dasgrid.core.config.SourceConfig[]::new));
  }

  static Stream<Arguments> cases() {
    return Stream.of("gff3", "bed", "gtf", "gff2", "vcf-ceu", "vcf-generated").map(Arguments::of);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void inMemoryEqualsTabixCommandAndTabixSource(String name) throws Exception {
    Case c = cases.stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
    DataSource mem = sources.source(c.name()).data();
    DataSource tbx = sources.source(c.name() + "-tabix").data();
    assertThat(tbx.entryPoints()).isEqualTo(mem.entryPoints());
    assertThat(tbx.typeCounts()).isEqualTo(mem.typeCounts());
    Random random = new Random(name.hashCode());
    int nonEmpty = 0;
    for (int i = 0; i < SEGMENTS; i++) {
      Segment s = randomSegment(mem, random, c.maxWidth());
      List<Feature> ours = new ArrayList<>();
      mem.features(s, FeatureFilter.ANY, ours::add);
      List<String> fromMemory = ours.stream().filter(f -> f.parents().isEmpty() || !c.name().equals("bed"))
          .map(c.featureKey()).sorted().toList();
      List<String> fromTabix = Tools.run(List.of("tabix", c.gz().toString(),
          s.ref() + ":" + s.start() + "-" + s.stop())).stream().flatMap(l -> c.lineKeys().apply(l).stream())
          .sorted().toList();
      assertThat(fromMemory).as("%s %s: in-memory vs tabix command", name, s).isEqualTo(fromTabix);
      List<String> fromTabixSource = new ArrayList<>();
      tbx.features(s, FeatureFilter.ANY, f -> fromTabixSource.add(TabixSourceTest.describe(f)));
      assertThat(fromTabixSource).as("%s %s: tabix source vs in-memory", name, s)
          .isEqualTo(ours.stream().map(TabixSourceTest::describe).toList());
      nonEmpty += ours.isEmpty() ? 0 : 1;
    }
    assertThat(nonEmpty).as("segments with features").isGreaterThan(SEGMENTS / 2);
    for (String id : someIds(mem, random)) {
      assertThat(tbx.featuresById(id).stream().map(TabixSourceTest::describe).toList()).as("%s feature_id=%s", name, id)
          .isEqualTo(mem.featuresById(id).stream().map(TabixSourceTest::describe).toList());
    }
  }

  /** Ids of 50 random features, and for VCF the record IDs (labels) that find multi-allelic records. */
  private static List<String> someIds(DataSource d, Random random) {
    List<Feature> all = new ArrayList<>();
    for (var ep : d.entryPoints()) {
      d.features(new Segment(ep.name(), 1, ep.length()), FeatureFilter.ANY, all::add);
    }
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 50 && !all.isEmpty(); i++) {
      Feature f = all.get(random.nextInt(all.size()));
      ids.add(f.id());
      ids.add(f.label());
    }
    return ids;
  }

  /**
   * A segment of a reference with features: two in three cover a random feature's start (sparse files, such as
   * the WormBase excerpt, would otherwise give mostly empty segments), the others lie anywhere inside the
   * features' span, some reaching past it.
   */
  private static Segment randomSegment(DataSource d, Random random, int maxWidth) {
    var withFeatures = d.entryPoints().stream()
        .filter(e -> d.countFeatures(new Segment(e.name(), 1, e.length()), FeatureFilter.ANY) > 0).toList();
    var ep = withFeatures.get(random.nextInt(withFeatures.size()));
    List<Feature> all = new ArrayList<>();
    d.features(new Segment(ep.name(), 1, ep.length()), FeatureFilter.ANY, all::add);
    if (random.nextInt(3) > 0) {
      int anchor = all.get(random.nextInt(all.size())).start();
      int start = Math.max(1, anchor - random.nextInt(maxWidth / 2));
      return new Segment(ep.name(), start, Math.min(ep.length(), Math.max(anchor, start + random.nextInt(maxWidth))));
    }
    int first = all.get(0).start();
    int last = Math.min(ep.length(), all.get(all.size() - 1).start() + maxWidth);
    int start = Math.max(1, first - maxWidth / 10 + random.nextInt(Math.max(1, last - first)));
    int stop = Math.min(ep.length(), start + random.nextInt(maxWidth));
    return new Segment(ep.name(), Math.min(start, stop), stop);
  }

  static String gffKey(Feature f) {
    return f.ref() + "\t" + f.start() + "\t" + f.end() + "\t" + f.type().id() + "\t" + f.method().id() + "\t"
        + f.orientation().symbol();
  }

  static List<String> gffLineKey(String line) {
    String[] c = line.split("\t");
    String strand = c[6].equals("+") || c[6].equals("-") ? c[6] : "0";
    return List.of(c[0] + "\t" + c[3] + "\t" + c[4] + "\t" + c[2] + "\t" + c[1] + "\t" + strand);
  }

  static String bedKey(Feature f) {
    return f.ref() + "\t" + f.start() + "\t" + f.end() + "\t" + f.label();
  }

  static List<String> bedLineKey(String line) {
    String[] c = line.split("\t");
    int start = Integer.parseInt(c[1]) + 1;
    return List.of(c[0] + "\t" + start + "\t" + Math.max(start, Integer.parseInt(c[2])) + "\t" + c[3]);
  }

  static String vcfKey(Feature f) {
    return f.ref() + "\t" + f.start() + "\t" + f.end() + "\t" + VcfSite.recordId(f).orElse(".") + "\t"
        + f.type().id() + "\t" + f.notes();
  }

  /**
   * One key per ALT allele of a VCF line, as the VCF spec reads it (independently of our parser): the end is
   * the last REF base or INFO/END, the type the allele's variant class.
   */
  static List<String> vcfLineKeys(String line) {
    String[] c = line.split("\t");
    int pos = Integer.parseInt(c[1]);
    int end = pos + c[3].length() - 1;
    for (String kv : c[7].split(";")) {
      if (kv.startsWith("END=")) {
        end = Math.max(end, Integer.parseInt(kv.substring(4)));
      }
    }
    List<String> keys = new ArrayList<>();
    if (c[4].equals(".")) {
      return keys;
    }
    for (String alt : c[4].split(",")) {
      keys.add(c[0] + "\t" + pos + "\t" + end + "\t" + c[2] + "\t" + typeOf(c[3], alt) + "\t"
          + List.of("REF=" + c[3], "ALT=" + alt, "QUAL=" + c[5], "FILTER=" + c[6]));
    }
    return keys;
  }

  private static String typeOf(String ref, String alt) {
    if (alt.startsWith("<") || alt.contains("[") || alt.contains("]") || alt.equals("*")) {
      return "SV";
    }
    if (alt.length() == ref.length()) {
      return ref.length() == 1 ? "SNV" : "MNV";
    }
    return alt.length() > ref.length() ? "insertion" : "deletion";
  }
}
