package org.dasgrid.datasources.fasta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SequenceSource;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.DasXml;
import org.dasgrid.datasources.Sources;
import org.dasgrid.datasources.TestData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class FastaProviderTest {
  @TempDir Path dir;

  @Test
  void servesSubsequencesAndBuildsTheIndex() throws IOException, SourceLoadException {
    Path fa = dir.resolve("ce.fa");
    Files.copy(TestData.example("ce_ws199.fa"), fa);
    DataSource d = new FastaProvider().load(SourceConfig.of("ce", "fasta", fa), LoadMonitor.NONE);
    assertThat(Files.exists(dir.resolve("ce.fa.fai"))).isTrue();
    assertThat(d.entryPoints()).extracting(e -> e.name()).containsExactly("I", "II", "III", "IV", "V", "X", "MtDNA");
    SequenceSource seq = d.capability(SequenceSource.class).orElseThrow();
    assertThat(seq.sequenceLength("I")).isEqualTo(100);
    StringBuilder sb = new StringBuilder();
    seq.sequence(new Segment("I", 55, 70), sb);
    // line 1 of I is 60 bases: 55..70 crosses the line break
    assertThat(sb).hasToString("gcctaagcctaagcct".substring(0, 16));
    sb.setLength(0);
    seq.sequence(new Segment("MtDNA", 1, 10), sb);
    assertThat(sb).hasToString("cagtaaatag");
  }

  @Test
  void notAFastaFailsClearly() throws IOException {
    Path bad = dir.resolve("bad.fa");
    Files.writeString(bad, "ACGT\nno header\n");
    assertThatThrownBy(() -> new FastaProvider().load(SourceConfig.of("b", "fasta", bad), LoadMonitor.NONE))
        .isInstanceOf(SourceLoadException.class).hasMessageStartingWith("bad.fa:");
  }

  /**
   * The committed NCBI mitochondrion (NC_001328.1, 13,794 bases in 60-base lines) through the real DAS writer:
   * SEQUENCE elements against the file's own bases, across line breaks and at the end; the index is built.
   */
  @Test
  void ncbiSequenceInDasXml() throws IOException {
    Path fa = dir.resolve("NC_001328.1.fna");
    Files.copy(Sources.TEST_DATA.resolve("fasta/NC_001328.1.fna"), fa);
    String bases = Files.readAllLines(fa).stream().filter(l -> !l.startsWith(">")).collect(Collectors.joining());
    assertThat(bases).hasSize(13_794);
    Sources s = Sources.load(Sources.config("mito", "fasta", fa));
    assertThat(Files.exists(dir.resolve("NC_001328.1.fna.fai"))).isTrue();

    Element ep = DasXml.elements(s.xml("mito", "entry_points", "").getDocumentElement(), "SEGMENT").get(0);
    assertThat(ep.getAttribute("id") + " " + ep.getAttribute("start") + "-" + ep.getAttribute("stop") + " "
        + ep.getTextContent()).isEqualTo("NC_001328.1 1-13794 NC_001328.1");

    Document doc = s.xml("mito", "sequence",
        "segment=NC_001328.1:1,70;segment=NC_001328.1:55,185;segment=NC_001328.1:13700,13794;segment=NC_001328.1");
    List<Element> seqs = DasXml.elements(doc.getDocumentElement(), "SEQUENCE");
    assertThat(seqs).extracting(e -> e.getAttribute("id") + ":" + e.getAttribute("start") + "," + e.getAttribute("stop")
        + " " + e.getAttribute("label")).containsExactly("NC_001328.1:1,70 NC_001328.1",
        "NC_001328.1:55,185 NC_001328.1", "NC_001328.1:13700,13794 NC_001328.1", "NC_001328.1:1,13794 NC_001328.1");
    assertThat(seqs).allSatisfy(e -> assertThat(e.getAttribute("version")).isNotEmpty());
    assertThat(seqs.get(0).getTextContent()).isEqualTo(bases.substring(0, 70))
        .startsWith("CAGTAAATAGTTTAATAAAAATATAGCATTTGGGTTGCTAAGATATTATTACTGATAGAATTTTTAGTTT");
    assertThat(seqs.get(1).getTextContent()).isEqualTo(bases.substring(54, 185));
    assertThat(seqs.get(2).getTextContent()).isEqualTo(bases.substring(13_699));
    assertThat(seqs.get(3).getTextContent()).isEqualTo(bases);
  }

  /**
   * {@code format: fasta} decides, whatever the file is called: the GA4GH refget compliance suite's files are
   * named {@code .faa}, an extension htsjdk's reader does not know. Checked against the suite's md5 of phiX174.
   */
  @Test
  void configuredFormatWinsOverTheFileName() throws IOException, SourceLoadException {
    Path faa = dir.resolve("NC.faa");
    Files.copy(Sources.TEST_DATA.resolve("fasta/NC.faa"), faa);
    for (int pass = 0; pass < 2; pass++) { // first building the .fai, then reading the one written
      DataSource d = new FastaProvider().load(SourceConfig.of("phix", "fasta", faa), LoadMonitor.NONE);
      assertThat(d.entryPoints()).extracting(e -> e.name() + ":" + e.length()).containsExactly("NC_001422.1:5386");
      StringBuilder sb = new StringBuilder();
      d.capability(SequenceSource.class).orElseThrow().sequence(new Segment("NC_001422.1", 1, 5386), sb);
      assertThat(md5(sb.toString())).isEqualTo("3332ed720ac7eaa9b3655c06f6b9e196");
      assertThat(Files.exists(dir.resolve("NC.faa.fai"))).isTrue();
    }
  }

  private static String md5(String bases) {
    try {
      return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("MD5")
          .digest(bases.getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }
}
