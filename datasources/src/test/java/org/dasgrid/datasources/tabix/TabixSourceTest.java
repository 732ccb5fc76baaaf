package org.dasgrid.datasources.tabix;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.FeatureFilter;
import org.dasgrid.datasources.Sources;
import org.dasgrid.datasources.Tools;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class TabixSourceTest {
  @TempDir static Path dir;
  static Sources sources;

  @BeforeAll
  static void indexFiles() throws Exception {
    Tools.require("tabix", "bgzip");
    Path dmel = TabixFiles.sortedAndIndexed(Sources.EXAMPLES.resolve("dmel-2L.gff3"), dir, "dmel.gff3", 1, 4,
        "gff", false);
    Path dmelCsi = dir.resolve("csi");
    java.nio.file.Files.createDirectories(dmelCsi);
    TabixFiles.sortedAndIndexed(Sources.EXAMPLES.resolve("dmel-2L.gff3"), dmelCsi, "dmel.gff3", 1, 4, "gff", true);
    Path tricky = TabixFiles.sortedAndIndexed(Sources.TEST_DATA.resolve("tabix/tricky.gff3"), dir, "tricky.gff3",
        1, 4, "gff", false);
    Path bed = TabixFiles.sortedAndIndexed(Sources.TEST_DATA.resolve("bed/dmel-2L-mrna.bed"), dir, "mrna.bed", 1,
        2, "bed", false);
    Path sites = TabixFiles.sortedAndIndexed(Sources.TEST_DATA.resolve("tabix/sites.vcf"), dir, "sites.vcf", 1, 2,
        "vcf", false);
    Path ceu = TabixFiles.indexedCopy(Sources.EXAMPLES.resolve("ceu_exon.vcf.gz"), dir, "vcf");
    sources = Sources.load(
        Sources.config("dmel", "gff3", dmel),
        Sources.config("dmel-tbx", "tabix", dir.resolve("dmel.gff3.gz")),
        Sources.config("dmel-csi", "tabix", dmelCsi.resolve("dmel.gff3.gz")),
        Sources.config("tricky", "gff3", tricky),
        Sources.config("tricky-tbx", "tabix", dir.resolve("tricky.gff3.gz")),
        Sources.config("bed", "bed", bed),
        Sources.config("bed-tbx", "tabix", dir.resolve("mrna.bed.gz")),
        Sources.config("vcf", "tabix", dir.resolve("sites.vcf.gz")),
        Sources.config("vcf-mem", "vcf", sites),
        Sources.config("ceu", "vcf", Sources.EXAMPLES.resolve("ceu_exon.vcf.gz")),
        Sources.config("ceu-tbx", "tabix", ceu));
  }

  @Test
  void answersLikeTheInMemorySourceOnRealData() {
    for (String tabix : List.of("dmel-tbx", "dmel-csi")) {
      assertSameAnswers("dmel", tabix, 40, 30_000, 4_500_000);
    }
    assertSameAnswers("bed", "bed-tbx", 40, 100_000, 4_500_000);
  }

  @Test
  void answersLikeTheInMemorySourceOnHierarchiesAndFeaturesWithoutIds() {
    assertSameAnswers("tricky", "tricky-tbx", 60, 12_000, 50_000);
    DataSource mem = data("tricky");
    DataSource tbx = data("tricky-tbx");
    assertThat(describe(tbx, new Segment("ctgA", 30_005, 30_005))).hasSize(3).allMatch(s -> s.startsWith(
        "region:ctgA:30000..30010"));
    for (String id : List.of("g1", "t1", "cds1", "m1", "r1", "g2", "region:ctgA:30000..30010#3",
        "exon:ctgA:1000..1200#2", "exon:ctgB:100..200", "nope", "region:ctgA:1..2")) {
      assertThat(describeAll(tbx.featuresById(id))).as(id).isEqualTo(describeAll(mem.featuresById(id)));
    }
    // a parent lists parts that lie outside it, even on another reference
    assertThat(tbx.featuresById("t1").get(0).parts()).containsExactly("exon:ctgA:1000..1200",
        "exon:ctgA:1000..1200#2", "cds1", "exon:ctgA:5000..5100", "exon:ctgB:100..200");
    assertThat(tbx.featuresById("r1").get(0).parts()).containsExactly("TF_binding_site:ctgA:45000..45010");
  }

  @Test
  void findsFeaturesByIdInRealData() {
    for (String id : List.of("FBgn0031208", "FBtr0300689", "2L", "ortho:10004", "CG11023-RB@2L:7529-9484/2")) {
      String mem = id.contains("@") ? "bed" : "dmel";
      String tbx = id.contains("@") ? "bed-tbx" : "dmel-tbx";
      List<String> expected = describeAll(data(mem).featuresById(id));
      assertThat(expected).as(id).isNotEmpty();
      assertThat(describeAll(data(tbx).featuresById(id))).as(id).isEqualTo(expected);
    }
  }

  @Test
  void bedColoursReachTheStylesheet() {
    assertThat(sources.answer("bed-tbx", "stylesheet", "")).contains("<BGCOLOR>#0000ff</BGCOLOR>");
  }

  @Test
  void vcfSitesBecomeFeaturesTypedByVariantClass() {
    DataSource vcf = data("vcf");
    assertThat(vcf.entryPoints()).extracting(e -> e.name() + ":" + e.length())
        .containsExactly("1:100000", "2:5000");
    List<Feature> fs = new ArrayList<>();
    vcf.features(new Segment("1", 1, 100_000), FeatureFilter.ANY, fs::add);
    assertThat(fs).extracting(f -> f.id() + " " + f.type().id() + " " + f.start() + "-" + f.end())
        .containsExactly(
            "rs1 SNV 100-100",
            "MNV:1:200..201 MNV 200-201",
            "rs3 insertion 300-300",
            "deletion:1:400..403 deletion 400-403",
            "rs5:G SNV 500-500",
            "rs5:AT insertion 500-500",
            "sv1 SV 600-2600",
            "deletion:1:700..702 deletion 700-702",
            "insertion:1:700..702 insertion 700-702");
    Feature rs3 = fs.get(2);
    assertThat(rs3.label()).isEqualTo("rs3");
    assertThat(rs3.score()).isEqualTo(12.5);
    assertThat(rs3.type().category()).isEqualTo("variation");
    assertThat(rs3.notes()).containsExactly("REF=A", "ALT=ATTT", "QUAL=12.5", "FILTER=q10");
    assertThat(fs.get(1).label()).isEqualTo("MNV:1:200..201");
    assertThat(fs.get(1).notes()).containsExactly("REF=AC", "ALT=GT", "QUAL=.", "FILTER=.");
    assertThat(fs.get(4).label()).isEqualTo("rs5");
    assertThat(fs.get(5).notes()).containsExactly("REF=A", "ALT=AT", "QUAL=99", "FILTER=PASS");
    // a structural variant reaches to INFO/END, as tabix indexes it
    List<Feature> sv = new ArrayList<>();
    vcf.features(new Segment("1", 2_000, 2_000), FeatureFilter.ANY, sv::add);
    assertThat(sv).extracting(Feature::id).containsExactly("sv1");
    // a record without ALT alleles (2:10) has no feature, as in memory
    assertThat(vcf.typeCounts().values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(9);
  }

  /** The tabix-backed VCF and the in-memory vcf format build their features with the same code. */
  @Test
  void vcfAnswersLikeTheInMemoryVcfFormat() {
    assertSameAnswers("vcf-mem", "vcf", 60, 3_000, 100_000);
    for (String id : List.of("rs1", "rs5:G", "rs5:AT", "sv1", "MNV:1:200..201", "insertion:1:700..702")) {
      assertThat(describeAll(data("vcf").featuresById(id))).as(id).isNotEmpty()
          .isEqualTo(describeAll(data("vcf-mem").featuresById(id)));
    }
    assertSameAnswers("ceu", "ceu-tbx", 200, 2_000_000, 250_000_000);
    // the multi-allelic CEU record: one feature per ALT, ids rs...:ALT, typed by variant class
    Segment multi = new Segment("21", 44_213_462, 44_213_462);
    assertThat(describe(data("ceu-tbx"), multi)).isEqualTo(describe(data("ceu"), multi));
    List<Feature> split = new ArrayList<>();
    data("ceu-tbx").features(multi, FeatureFilter.ANY, split::add);
    assertThat(split).extracting(f -> f.id() + " " + f.label() + " " + f.type().id() + " " + f.notes())
        .containsExactly("rs61737069:T rs61737069 SNV [REF=C, ALT=T, QUAL=., FILTER=PASS]",
            "rs61737069:CT rs61737069 insertion [REF=C, ALT=CT, QUAL=., FILTER=PASS]");
    assertThat(data("ceu-tbx").typeCounts(multi)).isEqualTo(data("ceu").typeCounts(multi));
    assertThat(describeAll(data("ceu-tbx").featuresById("rs1046166")))
        .isEqualTo(describeAll(data("ceu").featuresById("rs1046166"))).hasSize(2);
    assertThat(data("ceu-tbx").typeCounts()).isEqualTo(data("ceu").typeCounts());
    String types = sources.answer("ceu", "types", "segment=21:44213462,44213462");
    assertThat(sources.answer("ceu-tbx", "types", "segment=21:44213462,44213462"))
        .isEqualTo(types.replace("/das/ceu/", "/das/ceu-tbx/"));
  }

  /** A multi-allelic record's features (ids ID:ALT) are found by the record's ID, in memory and from tabix. */
  @Test
  void findsVcfFeaturesByRecordId() {
    for (String source : List.of("ceu", "ceu-tbx")) {
      Document doc = sources.xml(source, "features", "feature_id=rs61737069;feature_id=rs2760321");
      assertThat(doc.getElementsByTagName("UNKNOWNFEATURE").getLength()).as(source).isZero();
      List<String> ids = new ArrayList<>();
      NodeList features = doc.getElementsByTagName("FEATURE");
      for (int i = 0; i < features.getLength(); i++) {
        Element f = (Element) features.item(i);
        ids.add(f.getAttribute("id") + " " + f.getAttribute("label"));
      }
      assertThat(ids).as(source).containsExactly("rs61737069:T rs61737069", "rs61737069:CT rs61737069",
          "rs2760321 rs2760321");
      // each ALT is still found by its own id, and an ID that is no record's is unknown
      assertThat(data(source).featuresById("rs61737069:CT")).extracting(Feature::id)
          .containsExactly("rs61737069:CT");
      assertThat(sources.answer(source, "features", "feature_id=rs61737069:A"))
          .contains("<UNKNOWNFEATURE id=\"rs61737069:A\"/>");
    }
    for (String id : List.of("rs5", "rs5:G", "rs1", "nope")) {
      assertThat(describeAll(data("vcf").featuresById(id))).as(id)
          .isEqualTo(describeAll(data("vcf-mem").featuresById(id)));
    }
    assertThat(data("vcf").featuresById("rs5")).extracting(Feature::id).containsExactly("rs5:G", "rs5:AT");
  }

  @Test
  void entryPointsListAliases() {
    assertThat(data("dmel-tbx").entryPoint("chr2L")).get().extracting(e -> e.name()).isEqualTo("2L");
    assertThat(data("vcf").entryPoint("chr1")).isPresent();
  }

  private static void assertSameAnswers(String memId, String tbxId, int segments, int maxWidth, int span) {
    DataSource mem = data(memId);
    DataSource tbx = data(tbxId);
    assertThat(tbx.entryPoints()).isEqualTo(mem.entryPoints());
    assertThat(tbx.typeCounts()).isEqualTo(mem.typeCounts());
    assertThat(tbx.stats().records()).isEqualTo(mem.stats().records());
    Random random = new Random(7);
    List<String> refs = mem.entryPoints().stream().map(e -> e.name()).toList();
    for (int i = 0; i < segments; i++) {
      String ref = refs.get(random.nextInt(refs.size()));
      int length = mem.entryPoint(ref).orElseThrow().length();
      int start = 1 + random.nextInt(Math.min(span, length));
      Segment s = new Segment(ref, start, Math.min(length, start + random.nextInt(maxWidth)));
      assertThat(describe(tbx, s)).as(tbxId + " " + s).isEqualTo(describe(mem, s));
      assertThat(tbx.countFeatures(s, FeatureFilter.ANY)).isEqualTo(mem.countFeatures(s, FeatureFilter.ANY));
      assertThat(tbx.typeCounts(s)).isEqualTo(mem.typeCounts(s));
      FeatureFilter exons = new FeatureFilter(java.util.Set.of("exon"), java.util.Set.of());
      assertThat(tbx.countFeatures(s, exons)).isEqualTo(mem.countFeatures(s, exons));
    }
  }

  private static DataSource data(String id) {
    return sources.source(id).data();
  }

  static List<String> describe(DataSource d, Segment s) {
    List<String> out = new ArrayList<>();
    d.features(s, FeatureFilter.ANY, f -> out.add(describe(f)));
    return out;
  }

  static List<String> describeAll(List<Feature> fs) {
    return fs.stream().map(TabixSourceTest::describe).toList();
  }

  static String describe(Feature f) {
    return f.id() + " " + f.label() + " " + f.type() + " " + f.method() + " " + f.ref() + ":" + f.start() + "-"
        + f.end() + " " + f.score() + " " + f.orientation() + " " + f.phase() + " " + f.notes() + " " + f.links()
        + " " + f.targets() + " P" + f.parents() + " C" + f.parts();
  }
}
