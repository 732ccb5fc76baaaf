package org.dasgrid.datasources.vcf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Random;
import org.dasgrid.core.genotype.GenotypeIndexFile;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.GenotypeQuery;
import org.dasgrid.core.genotype.SampleAnswer;
import org.dasgrid.core.genotype.VariantAnswer;
import org.dasgrid.core.genotype.VariantRow;
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.datasources.Tools;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cohort above format 3's 65,536 samples (70,000, a biobank's spectrum: most sites a carrier or two, a few
 * common; chrX haploid in every other sample; some missing calls) indexed from a bgzipped VCF and served from
 * the file answers as bcftools does on the same VCF: each row's AC and AN ({@code +fill-tags}), each variant's
 * carriers ({@code query -i 'GT="alt"'}), and each sample's het and hom-alt counts over the cohort.
 */
class BiobankIndexTest {
  private static final int SAMPLES = 70_000;
  private static final int RECORDS = 160;

  @TempDir Path dir;

  @Test
  void anIndexOf70000SamplesAnswersAsBcftools() throws Exception {
    Tools.require("bcftools", "bgzip");
    Path plain = dir.resolve("biobank.vcf");
    write(plain, new Random(11));
    Path vcf = dir.resolve("biobank.vcf.gz");
    Tools.runTo(List.of("bgzip", "-c", plain.toString()), vcf);
    Files.delete(plain);
    Path index = dir.resolve("biobank.dgi");
    VcfGenotypeIndexer.Result built = VcfGenotypeIndexer.build(vcf, index, LoadMonitor.NONE);
    assertThat(built.stats().samples()).isEqualTo(SAMPLES);
    assertThat(built.stats().inlineSets()).isGreaterThan(100);
    GenotypeQueries g = GenotypeIndexFile.open(index, n -> true, VcfIdentity.of(vcf)).genotypes();
    assertThat(g.sampleNames()).hasSize(SAMPLES);
    List<Segment> all = List.of(new Segment("1", 1, 10_000_000), new Segment("X", 1, 10_000_000));

    // AC and AN of every row, as bcftools +fill-tags counts them
    List<String> tags = Tools.run(List.of("bash", "-c", "bcftools +fill-tags " + vcf + " -- -t AC,AN"
        + " | bcftools query -f '%CHROM\\t%POS\\t%ALT\\t%AC\\t%AN\\n'"));
    // rows with a carrier (a query lists those): AC above 0
    VariantAnswer rows = g.variants(query(all, Zygosity.ANY, g));
    List<String> ours = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      VariantRow r = rows.get(i);
      if (r.ac() > 0) {
        ours.add(r.chrom() + "\t" + r.pos() + "\t" + r.alt() + "\t" + r.ac() + "\t" + r.an());
      }
    }
    List<String> expected = tags.stream().filter(l -> !l.split("\t")[3].equals("0")).toList();
    assertThat(tags).hasSize(RECORDS);
    assertThat(ours).hasSizeGreaterThan(RECORDS * 3 / 4).isEqualTo(expected);

    // the carriers of each variant, as bcftools lists the samples with an ALT allele
    List<String> carriers = Tools.run(List.of("bcftools", "query", "-i", "GT=\"alt\"", "-f",
        "%CHROM\\t%POS[\\t%SAMPLE]\\n", vcf.toString()));
    int checked = 0;
    for (String line : carriers) {
      String[] f = line.split("\t");
      int pos = Integer.parseInt(f[1]);
      SampleAnswer a = g.carriers(query(List.of(new Segment(f[0], pos, pos)), Zygosity.ANY, g));
      List<String> names = new ArrayList<>();
      for (int i = 0; i < a.size(); i++) {
        names.add(a.get(i).sample());
      }
      assertThat(names).as("%s:%d", f[0], pos).isEqualTo(List.of(f).subList(2, f.length));
      checked++;
    }
    assertThat(checked).isEqualTo(expected.size());

    // each sample's het and hom-alt counts over the whole cohort, from bcftools' genotypes
    Map<String, int[]> perSample = new HashMap<>();
    // het: REF and ALT (RA); hom-alt: two ALTs (AA) or a haploid ALT (A), as the contract counts
    for (String type : List.of("RA", "AA", "A")) {
      for (String line : Tools.run(List.of("bcftools", "query", "-i", "GT=\"" + type + "\"", "-f", "[%SAMPLE\\n]",
          vcf.toString()))) {
        perSample.computeIfAbsent(line, k -> new int[2])[type.equals("RA") ? 0 : 1]++;
      }
    }
    SampleAnswer samples = g.carriers(query(all, Zygosity.ANY, g));
    Map<String, int[]> answered = new HashMap<>();
    for (int i = 0; i < samples.size(); i++) {
      answered.put(samples.get(i).sample(), new int[] {samples.het(i), samples.hom(i)});
    }
    assertThat(answered).hasSizeGreaterThan(SAMPLES / 2).hasSameSizeAs(perSample);
    perSample.forEach((name, counts) -> assertThat(answered.get(name)).as(name).containsExactly(counts));
  }

  private static GenotypeQuery query(List<Segment> segments, Zygosity z, GenotypeQueries g) {
    return new GenotypeQuery(segments, z, g.allSamples(), OptionalInt.empty());
  }

  /** Records on 1 and X; on X every other sample is haploid; about 0.3% of the calls missing. */
  private static void write(Path file, Random rnd) throws Exception {
    try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
      w.write("##fileformat=VCFv4.2\n##contig=<ID=1,length=10000000>\n##contig=<ID=X,length=10000000>\n"
          + "##FORMAT=<ID=GT,Number=1,Type=String,Description=\"Genotype\">\n"
          + "#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT");
      for (int s = 0; s < SAMPLES; s++) {
        w.write("\tS" + s);
      }
      w.write('\n');
      StringBuilder line = new StringBuilder(SAMPLES * 4 + 100);
      for (int i = 0; i < RECORDS; i++) {
        String contig = i < RECORDS / 2 ? "1" : "X";
        int pos = 1000 + (i % (RECORDS / 2)) * 997;
        int k = rnd.nextInt(30);
        double p = k < 15 ? 1.0 / SAMPLES : k < 23 ? 10.0 / SAMPLES : k < 26 ? 0.01 : k < 29 ? 0.03 : 0.3;
        double missing = rnd.nextInt(4) == 0 ? 0.003 : 0;
        line.setLength(0);
        line.append(contig).append('\t').append(pos).append("\t.\tA\tG\t.\tPASS\t.\tGT");
        for (int s = 0; s < SAMPLES; s++) {
          boolean haploid = contig.equals("X") && s % 2 == 0;
          line.append('\t');
          if (missing > 0 && rnd.nextDouble() < missing) {
            line.append(haploid ? "." : "./.");
          } else if (haploid) {
            line.append(rnd.nextDouble() < p ? '1' : '0');
          } else {
            line.append(rnd.nextDouble() < p ? '1' : '0').append('/').append(rnd.nextDouble() < p ? '1' : '0');
          }
        }
        w.append(line).append('\n');
      }
    }
  }
}
