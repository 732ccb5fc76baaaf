package org.dasgrid.datasources.bed;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.Orientation;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.FeatureFilter;
import org.dasgrid.datasources.Sources;
import org.dasgrid.datasources.Tools;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class BedProviderTest {
  static final Path DMEL_BED12 = Sources.TEST_DATA.resolve("bed/dmel-2L-mrna.bed");

  @TempDir Path dir;

  @Test
  void readsEveryLineOfARealBed12FileWithItsBlocksAsParts() throws Exception {
    Sources s = Sources.load(Sources.config("mrna", "bed", DMEL_BED12));
    DataSource data = s.source("mrna").data();
    List<String> lines = Files.readAllLines(DMEL_BED12).stream().filter(BedRecords::isData).toList();
    List<String> blocks = Tools.run(List.of("bedtools", "bed12tobed6", "-i", DMEL_BED12.toString()));
    assertThat(data.stats().records()).isEqualTo(lines.size() + blocks.size());
    assertThat(data.entryPoints()).singleElement().satisfies(ep -> {
      assertThat(ep.name()).isEqualTo("2L");
      assertThat(ep.aliases()).contains("chr2L");
    });
  }

  @Test
  void blocksAreWhereBedtoolsPutsThem() throws Exception {
    Tools.require("bedtools");
    Sources s = Sources.load(Sources.config("mrna", "bed", DMEL_BED12));
    DataSource data = s.source("mrna").data();
    List<String> fromBedtools = new ArrayList<>();
    for (String l : Tools.run(List.of("bedtools", "bed12tobed6", "-i", DMEL_BED12.toString()))) {
      String[] c = l.split("\t");
      fromBedtools.add(c[0] + ":" + (Integer.parseInt(c[1]) + 1) + "-" + c[2] + " " + c[3] + " " + c[5]);
    }
    List<String> ours = new ArrayList<>();
    data.features(new Segment("2L", 1, data.entryPoint("2L").orElseThrow().length()),
        new FeatureFilter(java.util.Set.of("exon"), java.util.Set.of()), f -> {
          Feature parent = data.featuresById(f.parents().get(0)).get(0);
          ours.add(f.ref() + ":" + f.start() + "-" + f.end() + " " + parent.label() + " "
              + f.orientation().symbol());
        });
    assertThat(ours).containsExactlyInAnyOrderElementsOf(fromBedtools);
  }

  @Test
  void bed12LineIsAFeatureWithBlocksInDasXml() {
    Sources s = Sources.load(Sources.config("mrna", "bed", DMEL_BED12));
    // 2L  7528  9484  CG11023-RB  200  +  7679  8610  0,0,255  2  588,1292,  0,664,
    Document doc = s.xml("mrna", "features", "feature_id=CG11023-RB@2L:7529-9484");
    Element f = feature(doc, "CG11023-RB@2L:7529-9484");
    assertThat(f.getAttribute("label")).isEqualTo("CG11023-RB");
    assertThat(text(f, "TYPE")).isEqualTo("region:0000ff");
    assertThat(((Element) f.getElementsByTagName("TYPE").item(0)).getAttribute("category")).isEqualTo("other");
    assertThat(text(f, "METHOD")).isEqualTo("BED");
    assertThat(text(f, "START")).isEqualTo("7529");
    assertThat(text(f, "END")).isEqualTo("9484");
    assertThat(text(f, "SCORE")).isEqualTo("200");
    assertThat(text(f, "ORIENTATION")).isEqualTo("+");
    assertThat(text(f, "PHASE")).isEqualTo("-");
    assertThat(texts(f, "NOTE")).containsExactly("thickStart=7680", "thickEnd=8610", "itemRgb=0,0,255");
    assertThat(ids(f, "PART")).containsExactly("CG11023-RB@2L:7529-9484/1", "CG11023-RB@2L:7529-9484/2");

    Document blocks = s.xml("mrna", "features",
        "feature_id=CG11023-RB@2L:7529-9484/1;feature_id=CG11023-RB@2L:7529-9484/2");
    Element b1 = feature(blocks, "CG11023-RB@2L:7529-9484/1");
    Element b2 = feature(blocks, "CG11023-RB@2L:7529-9484/2");
    assertThat(text(b1, "TYPE")).isEqualTo("exon");
    assertThat(((Element) b1.getElementsByTagName("TYPE").item(0)).getAttribute("cvId")).isEqualTo("SO:0000147");
    assertThat(text(b1, "START") + ".." + text(b1, "END")).isEqualTo("7529..8116");
    assertThat(text(b2, "START") + ".." + text(b2, "END")).isEqualTo("8193..9484");
    assertThat(ids(b2, "PARENT")).containsExactly("CG11023-RB@2L:7529-9484");
    assertThat(text(b2, "ORIENTATION")).isEqualTo("+");
  }

  @Test
  void itemRgbColoursTheDefaultStylesheet() {
    Sources s = Sources.load(Sources.config("mrna", "bed", DMEL_BED12));
    String sheet = s.answer("mrna", "stylesheet", "");
    assertThat(sheet).contains("<TYPE id=\"region:0000ff\">").contains("<BGCOLOR>#0000ff</BGCOLOR>")
        .contains("<TYPE id=\"region:ff0000\">").contains("<BGCOLOR>#ff0000</BGCOLOR>");
  }

  @Test
  void readsBed3To9WithHeadersAndOptions() throws IOException {
    Path bed = write("mixed.bed",
        "browser position chr1:1-1000",
        "track name=test useScore=1",
        "# a comment",
        "chr1\t0\t100",
        "",
        "chr1\t10\t20");
    Sources s = Sources.load(Sources.config("b3", "bed", bed, Map.of("type", "CpG_island", "method", "cpg")));
    List<Feature> fs = all(s.source("b3").data(), "chr1");
    assertThat(fs).extracting(Feature::id).containsExactly("chr1:1-100", "chr1:11-20");
    assertThat(fs.get(0).type().id()).isEqualTo("CpG_island");
    assertThat(fs.get(0).method().id()).isEqualTo("cpg");
    assertThat(fs.get(0).hasScore()).isFalse();
    assertThat(fs.get(0).orientation()).isEqualTo(Orientation.NONE);

    Path bed6 = write("six.bed",
        "chr2\t5\t5\tins1\t.\t-",
        "chr2\t100\t200\tpeak 1\t12.5\t.");
    Sources six = Sources.load(Sources.config("b6", "bed", bed6));
    List<Feature> f6 = all(six.source("b6").data(), "chr2");
    assertThat(f6.get(0).id()).isEqualTo("ins1@chr2:6-6");
    assertThat(f6.get(0).notes()).singleElement().asString().contains("zero-length");
    assertThat(f6.get(0).orientation()).isEqualTo(Orientation.REVERSE);
    assertThat(f6.get(1).label()).isEqualTo("peak 1");
    assertThat(f6.get(1).score()).isEqualTo(12.5);
  }

  @Test
  void malformedLinesFailWithFileAndLine() throws IOException {
    assertFailure("chr1\t0", "bad.bed:2: expected 3 to 12 columns (chrom, chromStart, chromEnd, ...), found 2");
    assertFailure("chr1\tten\t20", "bad.bed:2: chromStart 'ten' is not an integer");
    assertFailure("chr1\t50\t20", "bad.bed:2: chromEnd 20 < chromStart 50");
    assertFailure("chr1\t-5\t20", "bad.bed:2: chromStart -5 is negative");
    assertFailure("chr1\t0\t20\tx\thigh", "bad.bed:2: score 'high' is not a number or '.'");
    assertFailure("chr1\t0\t20\tx\t0\tforward", "bad.bed:2: strand 'forward' is not +, - or .");
    assertFailure("chr1\t0\t20\tx\t0\t+\t0\t20\t300,0,0", "bad.bed:2: itemRgb '300,0,0' is not R,G,B with values 0 to 255");
    assertFailure("chr1\t0\t20\tx\t0\t+\t0\t20\t0\t2", "bad.bed:2: found 10 columns: BED12 blocks need blockCount,"
        + " blockSizes and blockStarts (columns 10 to 12)");
    assertFailure("chr1\t0\t20\tx\t0\t+\t0\t20\t0\t2\t5,5,\t0,", "bad.bed:2: blockStarts has 1 values, blockCount says 2");
    assertFailure("chr1\t0\t20\tx\t0\t+\t0\t20\t0\t2\t5,5,\t0,18,", "bad.bed:2: block 2 (18+5) overlaps the previous"
        + " block or leaves the feature (length 20)");
    assertFailure("chr1\t0\t20\tx\t0\t+\t5\t30", "bad.bed:2: thickStart..thickEnd 5..30 is not inside"
        + " chromStart..chromEnd 0..20");
    Path mixed = write("bad.bed", "chr1\t0\t10\ta", "chr1\t0\t10");
    assertThat(Sources.load(Sources.config("bad", "bed", mixed)).failure("bad"))
        .isEqualTo("bad.bed:2: found 3 columns where earlier lines have 4 (BED needs the same number on every line)");
  }

  private void assertFailure(String badLine, String expected) throws IOException {
    Path bed = write("bad.bed", "# one bad line", badLine);
    assertThat(Sources.load(Sources.config("bad", "bed", bed)).failure("bad")).isEqualTo(expected);
  }

  private Path write(String name, String... lines) throws IOException {
    return Files.write(dir.resolve(name), List.of(lines));
  }

  static List<Feature> all(DataSource data, String ref) {
    List<Feature> out = new ArrayList<>();
    data.features(new Segment(ref, 1, data.entryPoint(ref).orElseThrow().length()), FeatureFilter.ANY, out::add);
    return out;
  }

  static Element feature(Document doc, String id) {
    NodeList fs = doc.getElementsByTagName("FEATURE");
    for (int i = 0; i < fs.getLength(); i++) {
      Element e = (Element) fs.item(i);
      if (e.getAttribute("id").equals(id)) {
        return e;
      }
    }
    throw new AssertionError("no FEATURE " + id);
  }

  static String text(Element e, String tag) {
    return e.getElementsByTagName(tag).item(0).getTextContent();
  }

  static List<String> texts(Element e, String tag) {
    List<String> out = new ArrayList<>();
    NodeList l = e.getElementsByTagName(tag);
    for (int i = 0; i < l.getLength(); i++) {
      out.add(l.item(i).getTextContent());
    }
    return out;
  }

  static List<String> ids(Element e, String tag) {
    List<String> out = new ArrayList<>();
    NodeList l = e.getElementsByTagName(tag);
    for (int i = 0; i < l.getLength(); i++) {
      out.add(((Element) l.item(i)).getAttribute("id"));
    }
    return out;
  }
}
