package org.dasgrid.datasources.tabix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;
import org.dasgrid.core.feature.Feature;
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
 * in-memory one (every field, parts and generated ids included).
 */
class TabixCrossCheckIT {
  static final int SEGMENTS = 200;
  @TempDir static Path dir;
  static Sources sources;

  /** One format under test: its files, the in-memory format, and how a feature and a line are keyed. */
  record Case(String name, String format, Path sorted, Path gz, String preset, int maxWidth,
      Function<Feature, String> featureKey, Function<String, String> lineKey) {
    @Override
    public String toString() {
      return name;
    }
  }

  static List<Case> cases;

  @BeforeAll
  static void prepare() throws Exception {
    assumeTrue(Tools.has("tabix") && Tools.has("bgzip"), "tabix/bgzip not installed");
    Path gff = TabixFiles.sortedAndIndexed(Sources.EXAMPLES.resolve("dmel-2L.gff3"), dir, "dmel.gff3", 1, 4, "gff",
        false);
    Path bed = TabixFiles.sortedAndIndexed(Sources.TEST_DATA.resolve("bed/dmel-2L-mrna.bed"), dir, "mrna.bed", 1,
        2, "bed", false);
    Path gtf = TabixFiles.sortedAndIndexed(Sources.TEST_DATA.resolve("gtf/gencode-v19.gtf"), dir, "gencode.gtf", 1,
        4, "gff", false);
    cases = List.of(
        new Case("gff3", "gff3", gff, dir.resolve("dmel.gff3.gz"), "gff", 40_000, TabixCrossCheckIT::gffKey,
            TabixCrossCheckIT::gffLineKey),
        new Case("bed", "bed", bed, dir.resolve("mrna.bed.gz"), "bed", 100_000, TabixCrossCheckIT::bedKey,
            TabixCrossCheckIT::bedLineKey),
        new Case("gtf", "gtf", gtf, dir.resolve("gencode.gtf.gz"), "gff", 2_000, TabixCrossCheckIT::gffKey,
            TabixCrossCheckIT::gffLineKey));
    List<org.dasgrid.core.config.SourceConfig> configs = new ArrayList<>();
    for (Case c : cases) {
      configs.add(Sources.config(c.name(), c.format(), c.sorted()));
      configs.add(Sources.config(c.name() + "-tabix", "tabix", c.gz()));
    }
    sources = Sources.load(configs.toArray(org.dasgrid.core.config.SourceConfig[]::new));
  }

  static Stream<Arguments> cases() {
    return Stream.of(Arguments.of("gff3"), Arguments.of("bed"), Arguments.of("gtf"));
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
          s.ref() + ":" + s.start() + "-" + s.stop())).stream().map(c.lineKey()).sorted().toList();
      assertThat(fromMemory).as("%s %s: in-memory vs tabix command", name, s).isEqualTo(fromTabix);
      List<String> fromTabixSource = new ArrayList<>();
      tbx.features(s, FeatureFilter.ANY, f -> fromTabixSource.add(TabixSourceTest.describe(f)));
      assertThat(fromTabixSource).as("%s %s: tabix source vs in-memory", name, s)
          .isEqualTo(ours.stream().map(TabixSourceTest::describe).toList());
      nonEmpty += ours.isEmpty() ? 0 : 1;
    }
    assertThat(nonEmpty).as("segments with features").isGreaterThan(SEGMENTS / 2);
  }

  /** A segment of a reference with features, inside their span but for some reaching past it. */
  private static Segment randomSegment(DataSource d, Random random, int maxWidth) {
    var withFeatures = d.entryPoints().stream()
        .filter(e -> d.countFeatures(new Segment(e.name(), 1, e.length()), FeatureFilter.ANY) > 0).toList();
    var ep = withFeatures.get(random.nextInt(withFeatures.size()));
    List<Feature> all = new ArrayList<>();
    d.features(new Segment(ep.name(), 1, ep.length()), FeatureFilter.ANY, all::add);
    int first = all.isEmpty() ? 1 : all.get(0).start();
    int last = all.isEmpty() ? ep.length() : Math.min(ep.length(), all.get(all.size() - 1).start() + maxWidth);
    int start = Math.max(1, first - maxWidth / 10 + random.nextInt(Math.max(1, last - first)));
    int stop = Math.min(ep.length(), start + random.nextInt(maxWidth));
    return new Segment(ep.name(), Math.min(start, stop), stop);
  }

  static String gffKey(Feature f) {
    return f.ref() + "\t" + f.start() + "\t" + f.end() + "\t" + f.type().id() + "\t" + f.method().id() + "\t"
        + f.orientation().symbol();
  }

  static String gffLineKey(String line) {
    String[] c = line.split("\t");
    String strand = c[6].equals("+") || c[6].equals("-") ? c[6] : "0";
    return c[0] + "\t" + c[3] + "\t" + c[4] + "\t" + c[2] + "\t" + c[1] + "\t" + strand;
  }

  static String bedKey(Feature f) {
    return f.ref() + "\t" + f.start() + "\t" + f.end() + "\t" + f.label();
  }

  static String bedLineKey(String line) {
    String[] c = line.split("\t");
    int start = Integer.parseInt(c[1]) + 1;
    return c[0] + "\t" + start + "\t" + Math.max(start, Integer.parseInt(c[2])) + "\t" + c[3];
  }
}
