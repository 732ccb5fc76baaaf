package org.dasgrid.datasources.text;

import static org.assertj.core.api.Assertions.assertThat;

import htsjdk.tribble.bed.BEDCodec;
import htsjdk.tribble.bed.BEDFeature;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.FeatureFilter;
import org.dasgrid.datasources.Sources;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code format=gff3} and {@code format=bed} on the features command, read back by htsjdk and by our loaders. */
class TextFormatsTest {
  static final String MEDIUM = "segment=2L:1,27772";
  @TempDir static Path dir;
  static Sources sources;

  @BeforeAll
  static void load() {
    sources = Sources.load(Sources.config("dmel", "gff3", Sources.EXAMPLES.resolve("dmel-2L.gff3")),
        Sources.config("mrna", "bed", Sources.TEST_DATA.resolve("bed/dmel-2L-mrna.bed")));
  }

  @Test
  void gff3OutputReloadsAsTheSameFeatures() throws Exception {
    assertThat(sources.response("dmel", "features", MEDIUM + ";format=gff3").contentType())
        .isEqualTo("text/x-gff3;charset=UTF-8");
    String gff3 = sources.answer("dmel", "features", MEDIUM + ";format=gff3");
    assertThat(gff3).startsWith("##gff-version 3\n").contains("\n##sequence-region 2L 1 27772\n");
    Path file = Files.writeString(dir.resolve("out.gff3"), gff3);
    Sources again = Sources.load(Sources.config("again", "gff3", file));
    List<Feature> original = features(sources.source("dmel").data(), new Segment("2L", 1, 27772));
    List<Feature> reread = features(again.source("again").data(), new Segment("2L", 1, 27772));
    assertThat(original).hasSize(550);
    assertThat(reread.stream().map(TextFormatsTest::describe).toList())
        .isEqualTo(original.stream().map(TextFormatsTest::describe).toList());
  }

  @Test
  void bedOutputIsWhatHtsjdkReadsBack() {
    assertThat(sources.response("mrna", "features", MEDIUM + ";format=bed").contentType())
        .isEqualTo("text/x-bed;charset=UTF-8");
    String bed = sources.answer("mrna", "features", MEDIUM + ";type=region:0000ff;type=region:ff0000;format=bed");
    List<String> lines = bed.lines().filter(l -> !l.startsWith("#")).toList();
    List<Feature> fs = new ArrayList<>();
    sources.source("mrna").data().features(new Segment("2L", 1, 27772),
        new FeatureFilter(java.util.Set.of("region:0000ff", "region:ff0000"), java.util.Set.of()), fs::add);
    assertThat(lines).hasSize(fs.size()).isNotEmpty();
    BEDCodec codec = new BEDCodec();
    for (int i = 0; i < lines.size(); i++) {
      BEDFeature b = codec.decode(lines.get(i));
      Feature f = fs.get(i);
      assertThat(b.getContig() + ":" + b.getStart() + "-" + b.getEnd() + " " + b.getName() + " " + b.getScore()
          + " " + b.getStrand().toString())
          .isEqualTo(f.ref() + ":" + f.start() + "-" + f.end() + " " + f.label() + " " + (float) f.score() + " "
              + f.orientation().symbol());
    }
  }

  @Test
  void problemsBecomeComments() {
    String gff3 = sources.answer("dmel", "features", "segment=nope:1,10;segment=2L:0,5;feature_id=missing;format=gff3");
    assertThat(gff3).contains("# UNKNOWNSEGMENT nope\n").contains("# ERRORSEGMENT 2L:0,5\n")
        .contains("# UNKNOWNFEATURE missing\n");
    String bed = sources.answer("mrna", "features", "segment=nope:1,10;format=bed");
    assertThat(bed).contains("# UNKNOWNSEGMENT nope\n");
  }

  @Test
  void reservedCharactersAreEscaped() throws Exception {
    Path gff = Files.writeString(dir.resolve("odd.gff3"), "##gff-version 3\n"
        + "c1\tsrc\tgene\t1\t10\t.\t+\t.\tID=a%3Bb;Name=x%2Cy;Note=semi%3Bcolon,comma%2C;odd=v%3Dw\n");
    Sources s = Sources.load(Sources.config("odd", "gff3", gff));
    String out = s.answer("odd", "features", "segment=c1:1,10;format=gff3");
    assertThat(out).contains("\tID=a%3Bb;Name=x%2Cy;odd=v%3Dw;Note=semi%3Bcolon,comma%2C\n");
  }

  private static List<Feature> features(DataSource d, Segment s) {
    List<Feature> out = new ArrayList<>();
    d.features(s, FeatureFilter.ANY, out::add);
    return out;
  }

  /** Everything a GFF3 line carries (parts depend on the rest of the file, notes on attribute order). */
  private static String describe(Feature f) {
    return f.id() + " " + f.label() + " " + f.type() + " " + f.method() + " " + f.ref() + ":" + f.start() + "-"
        + f.end() + " " + f.score() + " " + f.orientation() + " " + f.phase() + " " + new java.util.TreeSet<>(
        f.notes()) + " " + f.links() + " " + f.targets() + " P" + f.parents();
  }
}
