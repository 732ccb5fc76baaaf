package org.dasgrid.perf.cohort;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.dasgrid.core.config.Access;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.source.GenotypeSource;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.datasources.vcf.VcfProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CohortGeneratorTest {
  @TempDir Path tmp;

  CohortGenerator.Summary generate(String name, long seed) throws Exception {
    return new CohortGenerator(new CohortGenerator.Options(50, 3000, seed, tmp.resolve(name), 5))
        .generate(new PrintStream(new ByteArrayOutputStream()));
  }

  @Test
  void theSameSeedGivesTheSameBytesAndAnotherSeedOthers() throws Exception {
    generate("a.vcf.gz", 3);
    generate("b.vcf.gz", 3);
    generate("c.vcf.gz", 4);
    assertThat(Files.readAllBytes(tmp.resolve("a.vcf.gz"))).isEqualTo(Files.readAllBytes(tmp.resolve("b.vcf.gz")));
    assertThat(Files.readAllBytes(tmp.resolve("a.vcf.gz"))).isNotEqualTo(Files.readAllBytes(tmp.resolve("c.vcf.gz")));
  }

  @Test
  void structuralVariantsReplaceAllelesButNoGenotype() throws Exception {
    new CohortGenerator(new CohortGenerator.Options(30, 4000, 6, tmp.resolve("plain.vcf.gz"), 5))
        .generate(new PrintStream(new ByteArrayOutputStream()));
    CohortGenerator.Summary s = new CohortGenerator(new CohortGenerator.Options(30, 4000, 6,
        tmp.resolve("svs.vcf.gz"), 5, false, true)).generate(new PrintStream(new ByteArrayOutputStream()));
    List<String[]> plain = records(tmp.resolve("plain.vcf.gz"));
    List<String[]> svs = records(tmp.resolve("svs.vcf.gz"));
    assertThat(svs).hasSameSizeAs(plain);
    int symbolic = 0;
    int svlenOnly = 0;
    for (int i = 0; i < plain.size(); i++) {
      String[] a = plain.get(i);
      String[] b = svs.get(i);
      assertThat(java.util.Arrays.copyOfRange(b, 8, b.length)).isEqualTo(java.util.Arrays.copyOfRange(a, 8, a.length));
      assertThat(b[1]).isEqualTo(a[1]);
      if (b[4].startsWith("<")) {
        symbolic++;
        assertThat(b[4]).isIn("<DEL>", "<DUP>", "<INV>", "<INS>");
        assertThat(b[7]).startsWith("SVTYPE=" + b[4].substring(1, 4)).contains("SVLEN=");
        svlenOnly += b[7].contains("END=") ? 0 : b[4].equals("<INS>") ? 0 : 1;
      } else {
        assertThat(b[3] + b[4]).isEqualTo(a[3] + a[4]);
      }
    }
    assertThat(symbolic).isEqualTo((int) s.structuralVariants()).isBetween(80, 250);
    assertThat(svlenOnly).isPositive();
  }

  private static List<String[]> records(Path vcf) throws Exception {
    try (var in = new java.io.BufferedReader(new java.io.InputStreamReader(new java.util.zip.GZIPInputStream(
        Files.newInputStream(vcf)), java.nio.charset.StandardCharsets.US_ASCII))) {
      return in.lines().filter(l -> !l.startsWith("#")).map(l -> l.split("\t")).toList();
    }
  }

  @Test
  void writesTheModelledKindsOfCallsAndLoadsAsAGenotypeSource() throws Exception {
    CohortGenerator.Summary s = generate("d.vcf.gz", 5);
    assertThat(s.sites()).isEqualTo(3000);
    assertThat(s.multiAllelicSites()).isPositive();
    assertThat(s.altAlleles()).isGreaterThan(3000 + s.multiAllelicSites() - 1);
    // 0.5% no-calls (female chrY calls come on top)
    assertThat((double) s.missingCalls() / (50.0 * 3000)).isBetween(0.004, 0.02);
    assertThat(s.partialCalls()).isPositive();
    assertThat(s.haploidCalls()).isPositive();
    SourceConfig config = new SourceConfig("d", "d", "", "vcf", tmp.resolve("d.vcf.gz").toString(), null, null, null,
        true, Access.PUBLIC, null, List.of(), Map.of(), tmp);
    GenotypeQueries g = new VcfProvider().load(config, LoadMonitor.NONE).capability(GenotypeSource.class).orElseThrow().genotypes();
    assertThat(g.stats().sites()).isEqualTo(3000);
    assertThat(g.stats().variants()).isEqualTo(s.altAlleles());
    assertThat(g.stats().nonRefCalls()).isEqualTo(s.nonRefCalls());
    assertThat(g.contigs()).startsWith("chr1", "chr2").endsWith("chrX", "chrY", "chrM");
    assertThat(g.sampleNames()).hasSize(50).startsWith("SIM00001");
  }

  @Test
  void perChromosomeFilesOfOneSeedShareTheSamplesButNotTheirCalls() throws Exception {
    for (String c : List.of("chr1", "chr2")) {
      new CohortGenerator(new CohortGenerator.Options(40, 2000, 8, tmp.resolve(c + ".vcf.gz"), 5, false, false,
          List.of(c))).generate(new PrintStream(new ByteArrayOutputStream()));
    }
    List<String[]> chr1 = records(tmp.resolve("chr1.vcf.gz"));
    List<String[]> chr2 = records(tmp.resolve("chr2.vcf.gz"));
    assertThat(chr1).hasSize(2000).allMatch(r -> r[0].equals("chr1"));
    assertThat(chr2).hasSize(2000).allMatch(r -> r[0].equals("chr2"));
    assertThat(chr1.stream().mapToInt(r -> Integer.parseInt(r[1]))).isSorted();
    // another stream per file: the first record's calls differ
    assertThat(String.join("\t", java.util.Arrays.copyOfRange(chr1.get(0), 9, 49)))
        .isNotEqualTo(String.join("\t", java.util.Arrays.copyOfRange(chr2.get(0), 9, 49)));
    assertThat(header(tmp.resolve("chr1.vcf.gz"))).isEqualTo(header(tmp.resolve("chr2.vcf.gz")));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> CohortGenerator.Options.parse("--out", "x.vcf.gz",
        "--contigs", "chr1,chr99")).hasMessageContaining("'chr99'");
  }

  private static String header(Path vcf) throws Exception {
    try (var in = new java.io.BufferedReader(new java.io.InputStreamReader(new java.util.zip.GZIPInputStream(
        Files.newInputStream(vcf)), java.nio.charset.StandardCharsets.US_ASCII))) {
      return in.lines().filter(l -> l.startsWith("#CHROM")).findFirst().orElseThrow();
    }
  }
}
