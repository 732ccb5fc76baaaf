package org.dasgrid.datasources.gff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.dasgrid.datasources.DasXml.attr;
import static org.dasgrid.datasources.DasXml.elements;
import static org.dasgrid.datasources.DasXml.feature;
import static org.dasgrid.datasources.DasXml.features;
import static org.dasgrid.datasources.DasXml.ids;
import static org.dasgrid.datasources.DasXml.summary;
import static org.dasgrid.datasources.DasXml.text;
import static org.dasgrid.datasources.DasXml.texts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.Orientation;
import org.dasgrid.core.feature.Phase;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.FeatureFilter;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.DasXml;
import org.dasgrid.datasources.Sources;
import org.dasgrid.datasources.TestData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class Gff2ProviderTest {
  @TempDir Path dir;

  private static DataSource load(Path p) throws SourceLoadException {
    return new Gff2Provider().load(SourceConfig.of("x", "gff2", p), LoadMonitor.NONE);
  }

  @Test
  void wormBaseExcerptLoadsWithItsGroupsNotesAndTargets() throws SourceLoadException {
    DataSource ce = load(TestData.example("ce_ws199.gff"));
    assertThat(ce.stats().records()).isEqualTo(177);
    List<Feature> cds = ce.featuresById("CDS:B0019.1");
    assertThat(cds).hasSize(15).allSatisfy(f -> {
      assertThat(f.parents()).containsExactly("Transcript:B0019.1");
      assertThat(f.orientation()).isEqualTo(Orientation.REVERSE);
    });
    Feature transcript = ce.featuresById("Transcript:B0019.1").get(0);
    assertThat(transcript.notes()).contains("amx-2", "prediction_status=Partially_confirmed");
    assertThat(transcript.parents()).containsExactly("Gene:WBGene00000138");
    assertThat(transcript.parts()).contains("CDS:B0019.1");
    Feature peptide = ce.featuresById("Target:277116").get(0);
    assertThat(peptide.targets()).singleElement().satisfies(t -> {
      assertThat(t.id()).isEqualTo("Mass_spec_peptide:MSP:IYEPSQEDLLLMHQLQQER");
      assertThat(t.start()).isEqualTo(1);
      assertThat(t.stop()).isEqualTo(19);
    });
    assertThat(peptide.notes()).contains("MSP:IYEPSQEDLLLMHQLQQER", "times_observed=1");
    assertThat(ce.countFeatures(new Segment("I", 12_759_000, 12_765_000), FeatureFilter.ANY)).isGreaterThan(50);
  }

  @Test
  void classicGff2GroupsBecomeParents() throws IOException, SourceLoadException {
    Path p = dir.resolve("classic.gff");
    Files.writeString(p, String.join("\n",
        "##gff-version 2",
        "CHROMOSOME_I\tcurated\texon\t100\t200\t.\t+\t.\tSequence \"B0019.1\"",
        "CHROMOSOME_I\tcurated\tCDS\t150\t200\t12.5\t+\t0\tSequence \"B0019.1\" ; Note \"a note; with semicolon\"",
        "CHROMOSOME_I\tblastx\tsimilarity\t300\t360\t88\t-\t.\tTarget \"Protein:WP:CE1234\" 10 30",
        "CHROMOSOME_I\tRNAi\texperimental\t400\t500\t.\t.\t.",
        ""));
    DataSource d = load(p);
    assertThat(d.stats().records()).isEqualTo(4);
    List<Feature> all = new java.util.ArrayList<>();
    d.features(new Segment("CHROMOSOME_I", 1, 1000), FeatureFilter.ANY, all::add);
    Feature cds = all.get(1);
    assertThat(cds.parents()).containsExactly("B0019.1");
    assertThat(cds.notes()).containsExactly("Sequence=B0019.1", "a note; with semicolon");
    assertThat(cds.score()).isEqualTo(12.5);
    assertThat(cds.phase()).isEqualTo(Phase.ZERO);
    Feature sim = all.get(2);
    assertThat(sim.targets()).singleElement().satisfies(t -> {
      assertThat(t.id()).isEqualTo("Protein:WP:CE1234");
      assertThat(t.start()).isEqualTo(10);
      assertThat(t.stop()).isEqualTo(30);
    });
    assertThat(all.get(3).id()).isEqualTo("experimental:CHROMOSOME_I:400..500");
    assertThat(d.entryPoint("I").orElseThrow().name()).isEqualTo("CHROMOSOME_I");
  }

  @Test
  void badLinesNameFileAndLine() throws IOException {
    Path p = dir.resolve("bad.gff");
    Files.writeString(p, "I\tx\texon\t1\t10\t.\t+\t.\tSequence \"a\"\nI\tx\texon\t5\n");
    assertThatThrownBy(() -> load(p)).isInstanceOf(SourceLoadException.class)
        .hasMessage("bad.gff:2: expected 8 or 9 tab-separated columns, found 4");
    Files.writeString(p, "I\tx\texon\t1\t10\t.\t+\t.\tNote \"unterminated\n");
    assertThatThrownBy(() -> load(p)).hasMessage("bad.gff:1: unbalanced quote in attributes");
  }

  /** The bundled WormBase excerpt through the real DAS writer, field by field against the file's columns. */
  @Test
  void wormBaseRecordsInDasXml() throws IOException {
    Path gff = TestData.example("ce_ws199.gff");
    Sources s = Sources.load(Sources.config("worm", "gff2", gff));
    Document doc = s.xml("worm", "features",
        "feature_id=Transcript:B0019.1;feature_id=Target:381130;feature_id=CDS:B0019.1");

    // I Coding_transcript mRNA 12759582 12764949 . - . ID=Transcript:B0019.1;Note=amx-2;Parent=Gene:WBGene00000138;...
    Element mrna = feature(doc, "Transcript:B0019.1");
    assertThat(mrna.getAttribute("label")).isEqualTo("Transcript:B0019.1");
    assertThat(summary(mrna)).isEqualTo("mRNA transcription SO:0000234 mRNA | Coding_transcript Coding_transcript"
        + " | 12759582..12764949 score - - phase -");
    assertThat(texts(mrna, "NOTE")).containsExactly("amx-2", "cds=B0019.1", "prediction_status=Partially_confirmed",
        "wormpep=CE:CE40797");
    assertThat(ids(mrna, "PARENT")).containsExactly("Gene:WBGene00000138");
    assertThat(ids(mrna, "GROUP")).containsExactly("Gene:WBGene00000138");
    // every line naming it as Parent is a PART: the CDS (one id over 15 lines), 15 exons, 2 UTRs, 14 introns
    assertThat(ids(mrna, "PART")).hasSize(32).contains("CDS:B0019.1", "exon:I:12759745..12759828",
        "five_prime_UTR:I:12764938..12764949", "three_prime_UTR:I:12759582..12759744", "intron:I:12759829..12759948");
    assertThat(elements(mrna, "TARGET")).isEmpty();
    assertThat(elements(mrna, "LINK")).isEmpty();

    // a mass-spec peptide matched on two lines: one id, two FEATUREs, each with its part of the peptide
    List<Element> peptide = features(doc, "Target:381130");
    assertThat(peptide).extracting(DasXml::summary).containsExactly(
        "translated_nucleotide_match similarity  translated_nucleotide_match | mass_spec_genome mass_spec_genome"
            + " | 12761920..12761953 score - - phase -",
        "translated_nucleotide_match similarity  translated_nucleotide_match | mass_spec_genome mass_spec_genome"
            + " | 12762127..12762155 score - - phase -");
    assertThat(peptide).extracting(f -> attr(f, "TARGET", "id") + " " + attr(f, "TARGET", "start") + " "
        + attr(f, "TARGET", "stop") + " " + text(f, "TARGET")).containsExactly(
        "Mass_spec_peptide:MSP:FADFSPLDVSDVNFATDDLAK 10 21 Mass_spec_peptide:MSP:FADFSPLDVSDVNFATDDLAK",
        "Mass_spec_peptide:MSP:FADFSPLDVSDVNFATDDLAK 1 10 Mass_spec_peptide:MSP:FADFSPLDVSDVNFATDDLAK");
    assertThat(texts(peptide.get(1), "NOTE")).containsExactly("MSP:FADFSPLDVSDVNFATDDLAK", "cds_matches=B0019.1",
        "protein_matches=WP:CE40797", "times_observed=3");

    // the CDS: its 15 lines' coordinates, strand and phase, as the file gives them
    List<String> expected = new ArrayList<>();
    for (String line : Files.readAllLines(gff)) {
      String[] c = line.split("\t");
      if (c.length == 9 && c[8].startsWith("ID=CDS:B0019.1;")) {
        expected.add(c[3] + ".." + c[4] + " " + c[6] + " " + c[7]);
      }
    }
    List<Element> cds = features(doc, "CDS:B0019.1");
    assertThat(expected).hasSize(15);
    assertThat(cds).extracting(f -> text(f, "START") + ".." + text(f, "END") + " " + text(f, "ORIENTATION") + " "
        + text(f, "PHASE")).containsExactlyElementsOf(expected);
    assertThat(cds).allSatisfy(f -> {
      assertThat(attr(f, "TYPE", "id") + " " + attr(f, "TYPE", "cvId")).isEqualTo("CDS SO:0000316");
      assertThat(ids(f, "PARENT")).containsExactly("Transcript:B0019.1");
      assertThat(texts(f, "NOTE")).containsExactly("locus=amx-2", "status=Partially_confirmed", "wormpep=CE:CE40797");
    });
  }

  /** Classic GFF2 (group first, then tag-value pairs) in DAS XML: score, phase, group, link and target. */
  @Test
  void classicGff2RecordsInDasXml() throws IOException {
    Path p = dir.resolve("classic.gff");
    Files.writeString(p, String.join("\n",
        "##gff-version 2",
        "CHROMOSOME_I\tcurated\tCDS\t150\t200\t12.5\t+\t2\tSequence \"B0019.1\" ; Dbxref \"WormBase:WBGene00000138\"",
        "CHROMOSOME_I\tblastx\tsimilarity\t300\t360\t88\t-\t.\tTarget \"Protein:WP:CE1234\" 10 30",
        ""));
    Sources s = Sources.load(Sources.config("classic", "gff2", p));
    Document doc = s.xml("classic", "features", "segment=I:1,360");
    Element cds = feature(doc, "CDS:CHROMOSOME_I:150..200");
    assertThat(summary(cds)).isEqualTo("CDS transcription SO:0000316 CDS | curated curated | 150..200 score 12.5 +"
        + " phase 2");
    assertThat(ids(cds, "GROUP")).containsExactly("B0019.1");
    assertThat(ids(cds, "PARENT")).containsExactly("B0019.1");
    assertThat(texts(cds, "NOTE")).containsExactly("Sequence=B0019.1");
    assertThat(attr(cds, "LINK", "href")).isEqualTo("https://wormbase.org/search/all/WBGene00000138");
    assertThat(text(cds, "LINK")).isEqualTo("WormBase:WBGene00000138");
    Element sim = feature(doc, "similarity:CHROMOSOME_I:300..360");
    // a type the catalog does not know: category other, no cvId attribute
    assertThat(summary(sim)).isEqualTo("similarity other  similarity | blastx blastx | 300..360 score 88 - phase -");
    assertThat(attr(sim, "TARGET", "id") + " " + attr(sim, "TARGET", "start") + "-" + attr(sim, "TARGET", "stop"))
        .isEqualTo("Protein:WP:CE1234 10-30");
    assertThat(elements(sim, "PARENT")).isEmpty();
  }
}
