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
    GenotypeQueries g = ((GenotypeSource) new VcfProvider().load(config, LoadMonitor.NONE)).genotypes();
    assertThat(g.stats().sites()).isEqualTo(3000);
    assertThat(g.stats().variants()).isEqualTo(s.altAlleles());
    assertThat(g.stats().nonRefCalls()).isEqualTo(s.nonRefCalls());
    assertThat(g.contigs()).startsWith("chr1", "chr2").endsWith("chrX", "chrY", "chrM");
    assertThat(g.sampleNames()).hasSize(50).startsWith("SIM00001");
  }
}
