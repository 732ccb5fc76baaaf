package org.dasgrid.perf.cohort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dasgrid.perf.cohort.GenotypeCrossCheckIT.finish;
import static org.dasgrid.perf.cohort.GenotypeCrossCheckIT.lines;
import static org.dasgrid.perf.cohort.GenotypeCrossCheckIT.run;
import static org.dasgrid.perf.cohort.GenotypeCrossCheckIT.start;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dasgrid.core.config.Access;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.cohort.SampleInfo;
import org.dasgrid.core.genotype.cohort.SampleSheet;
import org.dasgrid.core.genotype.cohort.SampleSheetReader;
import org.dasgrid.core.genotype.cohort.Sex;
import org.dasgrid.core.source.GenotypeSource;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.datasources.vcf.VcfProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The biobank cohort generator against bcftools and tabix on the files it writes: records, non-ref calls, no-calls
 * and haploid calls as bcftools counts them; every VCF tabix-indexed and readable by region; a biobank spectrum; the
 * sample sheet as the server reads it; weights naming generated variants; G13_00659 in genes.gff3 with records.
 * bcftools, bgzip and tabix must be installed (the tests fail without them).
 */
class BiobankCohortGeneratorTest {
  @TempDir Path tmp;

  private static List<BiobankCohortGenerator.ContigSummary> generate(Path dir, String... more) throws Exception {
    List<String> args = new ArrayList<>(List.of("--out-dir", dir.toString()));
    args.addAll(List.of(more));
    return new BiobankCohortGenerator(BiobankCohortGenerator.Options.parse(args.toArray(String[]::new)))
        .generate(new PrintStream(new ByteArrayOutputStream()));
  }

  private static long count(String... bcftools) {
    return Long.parseLong(finish(start(List.of(bcftools), List.of("wc", "-l"))).strip());
  }

  /** Above 65,536 samples, where sample numbers stop fitting 16 bits. */
  @Test
  void seventyThousandSamplesAsBcftoolsCountsThem() throws Exception {
    Path dir = tmp.resolve("bb70k");
    List<BiobankCohortGenerator.ContigSummary> summaries = generate(dir, "--samples", "70000", "--variants", "400",
        "--weights", "300");
    assertThat(summaries).extracting(BiobankCohortGenerator.ContigSummary::contig)
        .containsExactly("chr13", "chr17", "chr22", "chrX");
    List<Integer> alleleCounts = new ArrayList<>();
    long sites = 0;
    for (BiobankCohortGenerator.ContigSummary s : summaries) {
      String vcf = dir.resolve(s.contig() + ".vcf.gz").toString();
      assertThat(Path.of(vcf + ".tbi")).isNotEmptyFile();
      assertThat(count("bcftools", "view", "-H", vcf)).isEqualTo(s.sites()).isPositive();
      // the index: every record found by region, and none of another contig
      assertThat(count("bcftools", "view", "-H", "-r", s.contig(), vcf)).isEqualTo(s.sites());
      assertThat(run("tabix", "-l", vcf).strip()).isEqualTo(s.contig());
      assertThat(count("bcftools", "query", "-f", "[%GT\\n]", "-i", "GT=\"alt\"", vcf)).isEqualTo(s.nonRefCalls());
      assertThat(count("bcftools", "query", "-f", "[%GT\\n]", "-i", "GT=\"mis\"", vcf)).isEqualTo(s.missingCalls());
      assertThat(count("bcftools", "query", "-f", "[%GT\\n]", "-i", "GT=\"hap\"", vcf)).isEqualTo(s.haploidCalls());
      // 0.5% no-calls
      assertThat(s.missingCalls() / (70_000.0 * s.sites())).isBetween(0.004, 0.006);
      assertThat(s.partialCalls()).isPositive();
      assertThat(s.haploidCalls() > 0).isEqualTo(s.contig().equals("chrX"));
      for (String line : lines(run("bash", "-c", "bcftools +fill-tags " + vcf + " -Ou -- -t AC 2>/dev/null"
          + " | bcftools query -f '%AC\\n'"))) {
        for (String ac : line.split(",")) {
          alleleCounts.add(Integer.parseInt(ac));
        }
      }
      sites += s.sites();
    }
    assertThat(sites).isEqualTo(400);
    assertThat(alleleCounts).hasSize((int) summaries.stream().mapToLong(s -> s.altAlleles()).sum());
    // biobank-like: most ALT alleles in a handful of samples, about half singletons, a few common ones
    long upTo10 = alleleCounts.stream().filter(a -> a <= 10).count();
    long singletons = alleleCounts.stream().filter(a -> a == 1).count();
    long common = alleleCounts.stream().filter(a -> a >= 0.05 * 140_000).count();
    assertThat(upTo10).isGreaterThan(alleleCounts.size() * 6L / 10);
    assertThat(singletons).isGreaterThan(alleleCounts.size() * 3L / 10);
    assertThat(common).isPositive().isLessThan(alleleCounts.size() / 10);

    SampleSheet sheet = SampleSheetReader.read(dir.resolve("samples.tsv"));
    assertThat(sheet.rows()).extracting(SampleInfo::sample)
        .isEqualTo(lines(run("bcftools", "query", "-l", dir.resolve("chr13.vcf.gz").toString())));
    assertThat(sheet.rows().get(0).sample()).isEqualTo("SIM00001");
    assertThat(sheet.rows()).extracting(SampleInfo::sex).contains(Sex.MALE, Sex.FEMALE)
        .doesNotContain(Sex.UNKNOWN);

    assertWeightsNameVariants(dir, 300);
    assertThat(Files.readString(dir.resolve("genes.gff3")))
        .contains("chr13\tGrch38\tgene\t98966819\t99116231\t.\t+\t.\tID=G13_00659;Name=G13_00659\n");
    // the benchmark gene has records of its own at any size
    assertThat(count("bcftools", "view", "-H", "-r", "chr13:98966819-99116231",
        dir.resolve("chr13.vcf.gz").toString())).isGreaterThanOrEqualTo(BiobankCohortGenerator.PINNED_RECORDS);
  }

  /** Every weight names a record (its ID, or CHROM:POS:REF:ALT) and one of its alleles, once. */
  private static void assertWeightsNameVariants(Path dir, int expected) throws Exception {
    Map<String, Set<String>> alleles = new HashMap<>();
    for (String contig : BiobankCohortGenerator.DEFAULT_CONTIGS) {
      for (String line : lines(run("bcftools", "query", "-f", "%CHROM\\t%POS\\t%ID\\t%REF\\t%ALT\\n",
          dir.resolve(contig + ".vcf.gz").toString()))) {
        String[] f = line.split("\t");
        Set<String> all = new HashSet<>(List.of(f[4].split(",")));
        all.add(f[3]);
        for (String alt : f[4].split(",")) {
          alleles.put(f[0] + ":" + f[1] + ":" + f[3] + ":" + alt, all);
        }
        if (!f[2].equals(".") && !f[4].contains(",")) {
          alleles.put(f[2], all);
        }
      }
    }
    List<String> weights = Files.readAllLines(dir.resolve("weights.txt"));
    assertThat(weights).hasSize(expected);
    Set<String> named = new HashSet<>();
    for (String w : weights) {
      String[] f = w.split("\t");
      assertThat(f).hasSize(3);
      assertThat(alleles).as(w).containsKey(f[0]);
      assertThat(alleles.get(f[0])).as(w).contains(f[1]);
      assertThat(Double.parseDouble(f[2])).isBetween(-1.0, 1.0);
      assertThat(named.add(f[0])).as("named once: %s", w).isTrue();
    }
  }

  @Test
  void sameArgumentsSameBytesAndOneContigAsInAFullRun() throws Exception {
    generate(tmp.resolve("a"), "--samples", "300", "--variants", "3000", "--seed", "5");
    generate(tmp.resolve("b"), "--samples", "300", "--variants", "3000", "--seed", "5");
    generate(tmp.resolve("c"), "--samples", "300", "--variants", "3000", "--seed", "5", "--contig", "chr22");
    generate(tmp.resolve("d"), "--samples", "300", "--variants", "3000", "--seed", "6");
    for (String f : List.of("chr13.vcf.gz", "chr13.vcf.gz.tbi", "chr17.vcf.gz", "chr22.vcf.gz", "chrX.vcf.gz",
        "chrX.vcf.gz.tbi", "genes.gff3", "samples.tsv", "weights.txt")) {
      assertThat(tmp.resolve("b").resolve(f)).as(f).hasSameBinaryContentAs(tmp.resolve("a").resolve(f));
    }
    for (String f : List.of("chr22.vcf.gz", "chr22.vcf.gz.tbi", "genes.gff3", "samples.tsv", "weights.txt")) {
      assertThat(tmp.resolve("c").resolve(f)).as(f).hasSameBinaryContentAs(tmp.resolve("a").resolve(f));
    }
    assertThat(tmp.resolve("c").resolve("chr13.vcf.gz")).doesNotExist();
    assertThat(Files.readAllBytes(tmp.resolve("d").resolve("chr13.vcf.gz")))
        .isNotEqualTo(Files.readAllBytes(tmp.resolve("a").resolve("chr13.vcf.gz")));
  }

  /** The server's VCF reader takes the four VCFs as one genotype source and counts what the generator wrote. */
  @Test
  void loadsAsOneGenotypeSource() throws Exception {
    Path dir = tmp.resolve("one");
    List<BiobankCohortGenerator.ContigSummary> summaries = generate(dir, "--samples", "300", "--variants", "3000");
    List<String> files = BiobankCohortGenerator.DEFAULT_CONTIGS.stream()
        .map(c -> dir.resolve(c + ".vcf.gz").toString()).toList();
    SourceConfig config = new SourceConfig("bb", "bb", "", "vcf", files, null, null, null, true, Access.PUBLIC, null,
        List.of(), Map.of(), dir, null, null, "samples.tsv", "genes.gff3", null, null, null);
    GenotypeQueries g = new VcfProvider().load(config, LoadMonitor.NONE).capability(GenotypeSource.class)
        .orElseThrow().genotypes();
    assertThat(g.contigs()).containsExactly("chr13", "chr17", "chr22", "chrX");
    assertThat(g.sampleNames()).hasSize(300).startsWith("SIM00001", "SIM00002");
    assertThat(g.stats().sites()).isEqualTo(3000);
    assertThat(g.stats().variants()).isEqualTo(summaries.stream().mapToLong(s -> s.altAlleles()).sum());
    assertThat(g.stats().nonRefCalls()).isEqualTo(summaries.stream().mapToLong(s -> s.nonRefCalls()).sum());
  }

  /** bgzip + tabix write the same text as htsjdk with its own index, and both indexes find the same records. */
  @Test
  void bgzipAndHtsjdkWriteTheSameText() throws Exception {
    generate(tmp.resolve("java"), "--samples", "200", "--variants", "5000", "--contig", "chr17");
    generate(tmp.resolve("bgzip"), "--samples", "200", "--variants", "5000", "--contig", "chr17", "--compressor",
        "bgzip", "--level", "6");
    String a = tmp.resolve("java/chr17.vcf.gz").toString();
    String b = tmp.resolve("bgzip/chr17.vcf.gz").toString();
    assertThat(run("bgzip", "-dc", b)).isEqualTo(run("bgzip", "-dc", a));
    for (String region : List.of("chr17:7661779-7687538", "chr17:1-1000000", "chr17:40000000-83257441")) {
      assertThat(run("bcftools", "view", "-H", "-r", region, a)).isEqualTo(run("bcftools", "view", "-H", "-r", region, b))
          .isNotEmpty();
    }
  }

  /** chrX: males haploid outside the PARs, everyone diploid inside them; other contigs diploid. */
  @Test
  void chrXIsHaploidInMalesOutsideThePars() throws Exception {
    Path dir = tmp.resolve("x");
    generate(dir, "--samples", "150", "--variants", "40000", "--contigs", "chrX,chr22");
    Map<String, Boolean> male = new HashMap<>();
    for (SampleInfo s : SampleSheetReader.read(dir.resolve("samples.tsv")).rows()) {
      male.put(s.sample(), s.sex() == Sex.MALE);
    }
    int inPar = 0;
    int outside = 0;
    List<String> names = lines(run("bcftools", "query", "-l", dir.resolve("chrX.vcf.gz").toString()));
    for (String line : lines(run("bcftools", "query", "-f", "%POS[\\t%GT]\\n", dir.resolve("chrX.vcf.gz").toString()))) {
      String[] f = line.split("\t");
      boolean par = Grch38.inXPar(Integer.parseInt(f[0]));
      inPar += par ? 1 : 0;
      outside += par ? 0 : 1;
      for (int s = 0; s < names.size(); s++) {
        boolean haploid = f[s + 1].length() == 1;
        assertThat(haploid).as("%s at chrX:%s: %s", names.get(s), f[0], f[s + 1])
            .isEqualTo(!par && male.get(names.get(s)));
      }
    }
    assertThat(inPar).isPositive();
    assertThat(outside).isGreaterThan(inPar);
    assertThat(count("bcftools", "query", "-f", "[%GT\\n]", "-i", "GT=\"hap\"", dir.resolve("chr22.vcf.gz").toString()))
        .isZero();
  }
}
