package org.dasgrid.datasources.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.dasgrid.core.config.Access;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.das.DasStatus;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.datasources.Sources;
import org.dasgrid.datasources.Tools;
import org.dasgrid.datasources.tabix.GeneratedVcf;
import org.dasgrid.datasources.tabix.TabixFiles;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code format=vcf} on the features command of VCF sources (in memory, with genotypes, and tabix-indexed):
 * Debian's {@code bcftools} reads the answer, and its sites are the input's sites in the region, as {@code
 * bcftools norm -m-} splits multi-allelic records.
 */
class VcfOutputTest {
  /** The columns compared: everything a site feature keeps of its record. */
  static final String COLUMNS = "%CHROM\\t%POS\\t%ID\\t%REF\\t%ALT\\t%QUAL\\t%FILTER\\t%END\\n";
  @TempDir static Path dir;
  static Sources sources;
  static Path ceu;
  static Path generated;

  @BeforeAll
  static void load() throws Exception {
    Tools.require("bcftools", "tabix", "bgzip");
    ceu = TabixFiles.indexedCopy(Sources.EXAMPLES.resolve("ceu_exon.vcf.gz"), dir, "vcf");
    Path plain = TabixFiles.sortedAndIndexed(GeneratedVcf.write(dir.resolve("gen.src.vcf"), 11, 600), dir,
        "gen.vcf", 1, 2, "vcf", false);
    generated = dir.resolve("gen.vcf.gz");
    sources = Sources.load(
        Sources.config("ceu", "vcf", ceu),
        withGenotypes("ceu-gt", ceu),
        Sources.config("ceu-tbx", "tabix", ceu),
        Sources.config("gen", "vcf", plain),
        Sources.config("gen-tbx", "tabix", generated),
        Sources.config("worm", "gff2", Sources.EXAMPLES.resolve("ce_ws199.gff")),
        wrapped("gen-wrapped", plain));
  }

  /** The generated VCF with an alias file and a FASTA for the sequence command: both wrap the source. */
  static SourceConfig wrapped(String id, Path vcf) throws Exception {
    Path aliases = Files.writeString(dir.resolve("aliases.txt"), "1\tNC_000001\n");
    StringBuilder fasta = new StringBuilder(">1\n");
    for (int i = 0; i < 2_000_000 / 80; i++) {
      fasta.append("ACGTACGTAC".repeat(8)).append('\n');
    }
    Path fa = Files.writeString(dir.resolve("ref.fa"), fasta);
    return new SourceConfig(id, id, "", "vcf", vcf.toString(), fa.toString(), null, null, false, Access.PUBLIC,
        aliases.toString(), List.of(), Map.of(), vcf.getParent());
  }

  static SourceConfig withGenotypes(String id, Path file) {
    return new SourceConfig(id, id, "", "vcf", file.toString(), null, null, null, true, Access.PUBLIC, null,
        List.of(), Map.of(), file.getParent());
  }

  @Test
  void ceuRegionsReadByBcftoolsAreTheInputSites() throws Exception {
    for (String region : List.of("21", "22:30000000-40000000", "1:1-5000000", "19")) {
      List<String> expected = inputSites(ceu, region);
      assertThat(expected).as(region).isNotEmpty();
      for (String source : List.of("ceu", "ceu-gt", "ceu-tbx")) {
        assertThat(answerSites(source, "segment=" + region.replace('-', ',') + ";format=vcf"))
            .as(source + " " + region).isEqualTo(expected);
      }
    }
    assertThat(answerSites("ceu", "segment=21:44213462,44213462;format=vcf")).containsExactly(
        "21\t44213462\trs61737069\tC\tT\t.\tPASS\t44213462",
        "21\t44213462\trs61737069\tC\tCT\t.\tPASS\t44213462");
  }

  @Test
  void awkwardGeneratedSitesReadByBcftoolsAreTheInputSites() throws Exception {
    for (String region : List.of("1", "X", "1:500000-900000")) {
      // records without an ALT allele have no feature, so no record in the answer
      List<String> expected = inputSites(generated, region).stream().filter(l -> !l.split("\t")[4].equals("."))
          .sorted().toList();
      assertThat(expected).as(region).hasSizeGreaterThan(20);
      for (String source : List.of("gen", "gen-tbx")) {
        List<String> ours = answerSites(source, "segment=" + region.replace('-', ',') + ";format=vcf");
        // the answer is in DAS order (by start, then end), not always the file's
        assertThat(ours.stream().sorted().toList()).as(source + " " + region).isEqualTo(expected);
      }
    }
    assertThat(String.join("\n", answerSites("gen", "segment=1;format=vcf"))).contains("<DEL>").contains("\t*\t")
        .contains("\t.\t");
  }

  @Test
  void aSourceWrappedForAliasesAndSequenceStillWritesVcf() throws Exception {
    assertThat(answerSites("gen-wrapped", "segment=NC_000001:500000,900000;format=vcf"))
        .isEqualTo(answerSites("gen", "segment=1:500000,900000;format=vcf")).isNotEmpty();
  }

  @Test
  void problemsAreHeaderLinesThatBcftoolsKeeps() throws Exception {
    String vcf = sources.answer("ceu-tbx", "features",
        "segment=nope:1,10;segment=21:0,5;feature_id=rs61737069;feature_id=missing;format=vcf");
    Path file = Files.writeString(dir.resolve("problems.vcf"), vcf);
    assertThat(Tools.run(List.of("bcftools", "view", "-h", file.toString()))).contains("##UNKNOWNSEGMENT=nope",
        "##ERRORSEGMENT=21:0,5", "##UNKNOWNFEATURE=missing", "##contig=<ID=21,length=44215700>");
    assertThat(Tools.run(List.of("bcftools", "query", "-f", "%ID %ALT\\n", file.toString())))
        .containsExactly("rs61737069 T", "rs61737069 CT");
  }

  @Test
  void otherSourcesAreRefusedWith402() {
    assertThatThrownBy(() -> sources.answer("worm", "features", "segment=I:1,100000;format=vcf"))
        .isInstanceOf(RequestException.class).hasMessageContaining("format=vcf needs a VCF source")
        .satisfies(e -> assertThat(DasStatus.of(((RequestException) e).kind()))
            .isEqualTo(DasStatus.BAD_COMMAND_ARGUMENTS));
  }

  /** The sites of the answer, as bcftools reads them (it fails on a malformed file). */
  private static List<String> answerSites(String source, String query) throws Exception {
    Path file = Files.writeString(dir.resolve(source + ".answer.vcf"), sources.answer(source, "features", query));
    Tools.run(List.of("bcftools", "view", "-o", dir.resolve(source + ".check.vcf").toString(), file.toString()));
    return Tools.run(List.of("bcftools", "query", "-f", COLUMNS, file.toString()));
  }

  /** The input's sites in a region, multi-allelic records split by bcftools. */
  private static List<String> inputSites(Path indexed, String region) throws Exception {
    Path split = dir.resolve("split.vcf");
    Tools.run(List.of("bcftools", "norm", "-m-", "-r", region, "-Ov", "-o", split.toString(), indexed.toString()));
    return new ArrayList<>(Tools.run(List.of("bcftools", "query", "-f", COLUMNS, split.toString())));
  }
}
