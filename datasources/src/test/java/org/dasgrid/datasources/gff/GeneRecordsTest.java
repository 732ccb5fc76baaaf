package org.dasgrid.datasources.gff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.dasgrid.core.gene.Gene;
import org.dasgrid.core.gene.GeneIndex;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.Sources;
import org.dasgrid.datasources.Tools;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The genes of GFF3 and GTF files as a genotype source's {@code genes:} reads them, against awk over the same
 * files (the real GENCODE v19 excerpt, and small files written here with the attributes real annotations use:
 * Ensembl's {@code gene:} IDs with versions, NCBI's {@code gene}/{@code gene_synonym}, GFF3 {@code Alias}).
 */
class GeneRecordsTest {
  static final Path GENCODE = Sources.TEST_DATA.resolve("data/gencode-v19.gtf");
  @TempDir Path dir;

  static final String GFF3 = """
      ##gff-version 3
      ##sequence-region chr13 1 115169878
      chr13\tensembl\tgene\t32315508\t32400268\t.\t+\t.\tID=gene:ENSG00000139618.15;Name=BRCA2;Alias=FANCD1,BRCC2
      chr13\tensembl\tmRNA\t32315508\t32400268\t.\t+\t.\tID=transcript:ENST00000380152;Parent=gene:ENSG00000139618.15
      chr17\tRefSeq\tgene\t7661779\t7687538\t.\t-\t.\tID=gene-TP53;gene=TP53;gene_synonym=LFS1,P53;Dbxref=GeneID:7157
      chrX\tensembl\tncRNA_gene\t100\t200\t.\t+\t.\tID=gene:ENSG00000000001.1;Name=DUP
      chrY\tensembl\tpseudogene\t300\t400\t.\t+\t.\tID=gene:ENSG00000000002.3;Name=DUP
      chr1\tensembl\tgene\t500\t600\t.\t+\t.\tID=gene:ENSG00000000003.2;Name=P53
      """;

  @Test
  void gff3GenesByNameIdWithAndWithoutVersionAndAlias() throws Exception {
    Path f = write("genes.gff3", GFF3);
    GeneIndex index = GeneIndex.of(new Gff3Provider().readGenes(f));
    assertThat(index.size()).isEqualTo(awkCount(f, "$3==\"gene\" || $3==\"pseudogene\" || $3 ~ /_gene$/"));
    Gene brca2 = only(index, "BRCA2");
    assertThat(brca2.span()).isEqualTo(awkSpan(f, "Name=BRCA2;"));
    for (String other : List.of("brca2", "Brca2", "ENSG00000139618", "ensg00000139618.15", "gene:ENSG00000139618.15",
        "FANCD1", "brcc2")) {
      assertThat(index.find(other)).as(other).containsExactly(brca2);
    }
    assertThat(index.find("ENSG00000139618.14")).as("another version").isEmpty();
    Gene tp53 = only(index, "tp53");
    assertThat(tp53.id()).isEqualTo("gene-TP53");
    assertThat(tp53.span()).isEqualTo(awkSpan(f, "gene=TP53;"));
    assertThat(index.find("LFS1")).containsExactly(tp53);
    assertThat(index.find("GeneID:7157")).containsExactly(tp53);
    // P53 is TP53's synonym but another gene's name: the name wins
    assertThat(index.find("p53")).extracting(Gene::id).containsExactly("gene:ENSG00000000003.2");
    // one name, two genes on two contigs: both, in file order
    assertThat(index.find("dup")).extracting(Gene::span).containsExactly(awkSpan(f, "ENSG00000000001.1;"),
        awkSpan(f, "ENSG00000000002.3;"));
    assertThat(index.find("transcript:ENST00000380152")).as("not a gene").isEmpty();
    assertThat(index.find("NOPE")).isEmpty();
  }

  @Test
  void gzippedGff3ReadsTheSame() throws Exception {
    Path plain = write("genes.gff3", GFF3);
    Path gz = dir.resolve("genes.gff3.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
      out.write(Files.readAllBytes(plain));
    }
    assertThat(new Gff3Provider().readGenes(gz)).isEqualTo(new Gff3Provider().readGenes(plain));
  }

  @Test
  void gtfGeneLinesGiveTheSpan() throws Exception {
    List<Gene> genes = new GtfProvider().readGenes(GENCODE);
    String id = "ENSG00000223972.4";
    assertThat(genes).hasSize(Integer.parseInt(awk(GENCODE,
        "$0 !~ /^#/ { match($9, /gene_id \"[^\"]+\"/); ids[substr($9, RSTART, RLENGTH)] = 1 } "
            + "END { n = 0; for (i in ids) n++; print n }").get(0)));
    Gene g = genes.get(0);
    assertThat(g.id()).isEqualTo(id);
    assertThat(g.span()).isEqualTo(awkSpan(GENCODE, "gene_id \"" + id + "\"", "gene"));
    GeneIndex index = GeneIndex.of(genes);
    assertThat(index.find(g.name().toLowerCase())).containsExactly(g);
    assertThat(index.find("ENSG00000223972")).containsExactly(g);
  }

  @Test
  void gtfWithoutGeneLinesTakesTheExtentOfTheGenesLines() throws Exception {
    Path f = dir.resolve("no-genes.gtf");
    List<String> kept = Files.readAllLines(GENCODE).stream()
        .filter(l -> l.startsWith("#") || !l.split("\t")[2].equals("gene")).toList();
    Files.write(f, kept);
    List<Gene> genes = new GtfProvider().readGenes(f);
    assertThat(genes).hasSize(1);
    List<String> minMax = awk(f, "$0 !~ /^#/ { if (!lo || $4 < lo) lo = $4; if ($5 > hi) hi = $5; c = $1 } "
        + "END { print c \":\" lo \",\" hi }");
    assertThat(genes.get(0).span()).isEqualTo(minMax.get(0));
    assertThat(genes.get(0).name()).isEqualTo(new GtfProvider().readGenes(GENCODE).get(0).name());
  }

  @Test
  void malformedLinesAreNamedWithFileAndLine() throws IOException {
    Path gff = write("bad.gff3", "##gff-version 3\nchr1\tx\tgene\t200\t10\t.\t+\t.\tID=g1\n");
    assertThatThrownBy(() -> new Gff3Provider().readGenes(gff)).isInstanceOf(SourceLoadException.class)
        .hasMessageStartingWith("bad.gff3:2: ");
    Path gtf = write("bad.gtf", "chr1\tx\tgene\t1\t10\t.\t+\t.\tgene_id \"a\";\nchr1\tx\texon\t5\t20\t.\t+\t.\t"
        + "transcript_id \"t\";\n");
    assertThatThrownBy(() -> new GtfProvider().readGenes(gtf)).isInstanceOf(SourceLoadException.class)
        .hasMessage("bad.gtf:2: no gene_id (GTF requires one on every line)");
  }

  private static Gene only(GeneIndex index, String symbol) {
    List<Gene> found = index.find(symbol);
    assertThat(found).as(symbol).hasSize(1);
    return found.get(0);
  }

  private Path write(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
  }

  /** {@code contig:start,end} of the line containing {@code marker} (and of the type, when given), by awk. */
  static String awkSpan(Path f, String marker, String... type) throws Exception {
    String cond = "index($9, m) > 0" + (type.length == 0 ? "" : " && $3 == \"" + type[0] + "\"");
    List<String> out = Tools.run(List.of("awk", "-F", "\t", "-v", "m=" + marker,
        cond + " { print $1 \":\" $4 \",\" $5 }", f.toString()));
    assertThat(out).as("awk lines for %s", marker).hasSize(1);
    return out.get(0);
  }

  static int awkCount(Path f, String cond) throws Exception {
    return Integer.parseInt(awk(f, "$0 !~ /^#/ && (" + cond + ") { n++ } END { print n + 0 }").get(0));
  }

  static List<String> awk(Path f, String program) throws Exception {
    Tools.require("awk");
    return Tools.run(List.of("awk", "-F", "\t", program, f.toString()));
  }
}
