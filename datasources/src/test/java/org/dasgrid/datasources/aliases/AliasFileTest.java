package org.dasgrid.datasources.aliases;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.dasgrid.core.config.Access;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.source.SequenceSource;
import org.dasgrid.datasources.Sources;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A source's alias file, on top of the built-in rules, for every format (it wraps any source). */
class AliasFileTest {
  @TempDir Path dir;

  @Test
  void aliasFileNamesAreAnsweredAndListed() throws Exception {
    Path aliases = Files.writeString(dir.resolve("aliases.tsv"), """
        # FlyBase arm, RefSeq and GenBank accessions
        2L\tNT_033779.5\tAE014134.6
        chr3R\t3R
        """);
    Sources s = Sources.load(withAliases("dmel", "gff3", Sources.EXAMPLES.resolve("dmel-2L.gff3"), aliases));
    String eps = s.answer("dmel", "entry_points", "");
    assertThat(eps).contains("<SEGMENT id=\"2L\" start=\"1\" stop=\"23011546\" type=\"Chromosome\" orientation=\"+\""
        + ">2L</SEGMENT>");
    assertThat(s.answer("dmel", "entry_points", "format=json"))
        .contains("\"aliases\":\"NT_033779.5,AE014134.6,chr2L\"");
    String byAccession = s.answer("dmel", "features", "segment=NT_033779.5:2501,2550");
    String byName = s.answer("dmel", "features", "segment=2L:2501,2550");
    // the segment echoes the name the client used; its label is the source's own name
    assertThat(byAccession).contains("<SEGMENT id=\"NT_033779.5\" start=\"2501\" stop=\"2550\"")
        .contains("label=\"2L\">");
    assertThat(featureLines(byAccession)).isEqualTo(featureLines(byName)).hasSize(4);
    assertThat(s.answer("dmel", "features", "segment=chr2L:2501,2550")).contains("<SEGMENT id=\"chr2L\"");
  }

  @Test
  void aFileAliasTakesABuiltInOneFromAnotherReference() throws Exception {
    // the file says "M" is chrM's other name here; built in, "M" would also mean a reference called "M"
    Path bed = Files.write(dir.resolve("x.bed"), List.of("chrM\t0\t10\tmito", "chrX\t0\t10\tx"));
    Path aliases = Files.writeString(dir.resolve("a.tsv"), "chrX\tX\tM\n");
    Sources s = Sources.load(withAliases("x", "bed", bed, aliases));
    var data = s.source("x").data();
    assertThat(data.entryPoint("M")).get().extracting(e -> e.name()).isEqualTo("chrX");
    assertThat(data.entryPoint("MT")).get().extracting(e -> e.name()).isEqualTo("chrM");
    assertThat(data.entryPoint("chrM").orElseThrow().aliases()).doesNotContain("M");
  }

  @Test
  void aliasesKeepTheSequenceCapability() throws Exception {
    Path aliases = Files.writeString(dir.resolve("a.tsv"), "I\tNC_003279.8\n");
    SourceConfig c = new SourceConfig("ce", "ce", "", "gff2", Sources.EXAMPLES.resolve("ce_ws199.gff").toString(),
        Sources.EXAMPLES.resolve("ce_ws199.fa").toString(), null, null, false, Access.PUBLIC,
        aliases.toString(), List.of(), Map.of(), dir);
    Sources s = Sources.load(c);
    assertThat(s.source("ce").data().capability(SequenceSource.class)).isPresent();
    assertThat(s.answer("ce", "sequence", "segment=NC_003279.8:1,10")).contains(">gcctaagcct</SEQUENCE>");
  }

  @Test
  void badAliasFilesFailWithFileAndLine() throws Exception {
    Path bed = Files.write(dir.resolve("x.bed"), List.of("chr1\t0\t10", "chr2\t0\t10"));
    assertFailure(bed, "chr1\tone\nchr2\tone\n", "a.tsv:2: alias 'one' already names 'chr1' (line 1), not also 'chr2'");
    assertFailure(bed, "chr1\tchr2\n", "a.tsv:1: 'chr1' and 'chr2' are both references of the source, not aliases");
    assertFailure(bed, "chr1\n", "a.tsv:1: expected a name and at least one alias, tab-separated");
  }

  private void assertFailure(Path bed, String content, String expected) throws Exception {
    Path aliases = Files.writeString(dir.resolve("a.tsv"), content);
    assertThat(Sources.load(withAliases("x", "bed", bed, aliases)).failure("x")).isEqualTo(expected);
  }

  private SourceConfig withAliases(String id, String format, Path file, Path aliases) {
    return new SourceConfig(id, id, "", format, file.toString(), null, null, null, false, Access.PUBLIC,
        aliases.toString(), List.of(), Map.of(), dir);
  }

  private static List<String> featureLines(String xml) {
    return xml.lines().filter(l -> l.startsWith("<FEATURE")).toList();
  }
}
