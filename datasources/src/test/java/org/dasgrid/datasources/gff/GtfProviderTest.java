package org.dasgrid.datasources.gff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dasgrid.datasources.DasXml.elements;
import static org.dasgrid.datasources.DasXml.feature;
import static org.dasgrid.datasources.DasXml.ids;
import static org.dasgrid.datasources.DasXml.summary;
import static org.dasgrid.datasources.DasXml.text;
import static org.dasgrid.datasources.DasXml.texts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.Sources;
import org.dasgrid.datasources.TestData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class GtfProviderTest {
  @TempDir Path dir;

  @Test
  void gencodeGenesTranscriptsAndExonsNest() throws SourceLoadException, IOException {
    Path gtf = TestData.local("gencode-v19.gtf");
    DataSource d = new GtfProvider().load(SourceConfig.of("g", "gtf", gtf), LoadMonitor.NONE);
    long lines = Files.readAllLines(gtf).stream().filter(l -> !l.startsWith("#") && !l.isBlank()).count();
    assertThat(d.stats().records()).isEqualTo(lines);
    Feature gene = d.featuresById("ENSG00000223972.4").get(0);
    assertThat(gene.type().id()).isEqualTo("gene");
    assertThat(gene.label()).isEqualTo("DDX11L1");
    Feature transcript = d.featuresById("ENST00000456328.2").get(0);
    assertThat(transcript.parents()).containsExactly("ENSG00000223972.4");
    assertThat(gene.parts()).contains("ENST00000456328.2");
    assertThat(transcript.parts()).isNotEmpty().allSatisfy(part ->
        assertThat(d.featuresById(part).get(0).parents()).contains("ENST00000456328.2"));
  }

  @Test
  void missingGeneAndTranscriptLinesAreInferredFromTheirParts() throws IOException, SourceLoadException {
    Path p = dir.resolve("t.gtf");
    Files.writeString(p, String.join("\n",
        "chr1\tHAVANA\texon\t100\t200\t.\t+\t.\tgene_id \"G1\"; transcript_id \"T1\"; gene_name \"ABC\";",
        "chr1\tHAVANA\texon\t300\t400\t.\t+\t.\tgene_id \"G1\"; transcript_id \"T1\"; gene_name \"ABC\";",
        "chr1\tHAVANA\tCDS\t150\t200\t.\t+\t0\tgene_id \"G1\"; transcript_id \"T2\";", ""));
    DataSource d = new GtfProvider().load(SourceConfig.of("t", "gtf", p), LoadMonitor.NONE);
    assertThat(d.stats().records()).isEqualTo(6);
    Feature t1 = d.featuresById("T1").get(0);
    assertThat(t1.start()).isEqualTo(100);
    assertThat(t1.end()).isEqualTo(400);
    assertThat(t1.parents()).containsExactly("G1");
    assertThat(t1.parts()).hasSize(2);
    Feature g1 = d.featuresById("G1").get(0);
    assertThat(g1.label()).isEqualTo("ABC");
    assertThat(g1.start()).isEqualTo(100);
    assertThat(g1.parts()).containsExactlyInAnyOrder("T1", "T2");
  }

  /** GENCODE v19 through the real DAS writer, field by field: gene, transcript and exon of DDX11L1. */
  @Test
  void gencodeRecordsInDasXml() {
    Sources s = Sources.load(Sources.config("gencode", "gtf", Sources.TEST_DATA.resolve("gtf/gencode-v19.gtf")));
    Document doc = s.xml("gencode", "features",
        "feature_id=ENSG00000223972.4;feature_id=ENST00000456328.2;feature_id=exon:chr1:12613..12721");

    // chr1 HAVANA gene 11869 14412 . + . gene_id "ENSG00000223972.4"; ... gene_name "DDX11L1"; ...
    Element gene = feature(doc, "ENSG00000223972.4");
    assertThat(gene.getAttribute("label")).isEqualTo("DDX11L1");
    assertThat(summary(gene)).isEqualTo("gene transcription SO:0000704 gene | HAVANA HAVANA | 11869..14412 score -"
        + " + phase -");
    assertThat(elements(gene, "PARENT")).isEmpty();
    assertThat(ids(gene, "PART")).containsExactly("ENST00000456328.2", "ENST00000515242.2", "ENST00000518655.2",
        "ENST00000450305.2");
    assertThat(texts(gene, "NOTE")).contains("gene_type=pseudogene", "gene_name=DDX11L1", "level=2",
        "havana_gene=OTTHUMG00000000961.2");

    // chr1 HAVANA transcript 11869 14409 . + . ... transcript_name "DDX11L1-002"; level 2; tag "basic"; ...
    Element transcript = feature(doc, "ENST00000456328.2");
    assertThat(transcript.getAttribute("label")).isEqualTo("DDX11L1-002");
    assertThat(summary(transcript)).isEqualTo("transcript transcription SO:0000673 transcript | HAVANA HAVANA"
        + " | 11869..14409 score - + phase -");
    assertThat(ids(transcript, "PARENT")).containsExactly("ENSG00000223972.4");
    assertThat(ids(transcript, "GROUP")).containsExactly("ENSG00000223972.4");
    assertThat(ids(transcript, "PART")).containsExactly("exon:chr1:11869..12227", "exon:chr1:12613..12721",
        "exon:chr1:13221..14409");
    assertThat(texts(transcript, "NOTE")).containsExactly("gene_type=pseudogene", "gene_status=KNOWN",
        "gene_name=DDX11L1", "transcript_type=processed_transcript", "transcript_status=KNOWN",
        "transcript_name=DDX11L1-002", "level=2", "tag=basic", "havana_gene=OTTHUMG00000000961.2",
        "havana_transcript=OTTHUMT00000362751.1");

    // chr1 HAVANA exon 12613 12721 . + . ... exon_number 2; exon_id "ENSE00003582793.1"; ...
    Element exon = feature(doc, "exon:chr1:12613..12721");
    assertThat(summary(exon)).isEqualTo("exon transcription SO:0000147 exon | HAVANA HAVANA | 12613..12721 score -"
        + " + phase -");
    assertThat(ids(exon, "PARENT")).containsExactly("ENST00000456328.2");
    assertThat(texts(exon, "NOTE")).contains("exon_number=2", "exon_id=ENSE00003582793.1");
    assertThat(elements(exon, "PART")).isEmpty();
    // the ENSEMBL transcript's exon at the same place is another feature, told apart by #2
    Element twin = feature(s.xml("gencode", "features", "feature_id=exon:chr1:12613..12721#2"),
        "exon:chr1:12613..12721#2");
    assertThat(ids(twin, "PARENT")).containsExactly("ENST00000515242.2");
    assertThat(text(twin, "METHOD")).isEqualTo("ENSEMBL");
  }
}
