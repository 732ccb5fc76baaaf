package org.dasgrid.datasources.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.dasgrid.core.config.SourceConfig;
import java.util.List;
import java.util.OptionalInt;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.GenotypeQuery;
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.GenotypeSource;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.DataSourceProvider;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.core.source.FeatureFilter;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SequenceSource;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.bed.BedProvider;
import org.dasgrid.datasources.fasta.FastaProvider;
import org.dasgrid.datasources.gff.Gff2Provider;
import org.dasgrid.datasources.gff.Gff3Provider;
import org.dasgrid.datasources.gff.GtfProvider;
import org.dasgrid.datasources.vcf.VcfProvider;

/**
 * Fuzzes every file loader with arbitrary file contents. A loader may refuse a file only with a {@link
 * SourceLoadException} (one line naming file and line); whatever it accepts must then answer queries
 * without failing. Seed corpora under src/test/resources run in every build; to fuzz one loader for real:
 * {@code JAZZER_FUZZ=1 ./mvnw test -pl datasources -am -Dtest='LoaderFuzzTest#gff3'}.
 */
class LoaderFuzzTest {
  private static final Path DIR = tempDir();

  private static Path tempDir() {
    try {
      return Files.createTempDirectory("dasgrid-fuzz");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @FuzzTest(maxDuration = "60s")
  void gff3(FuzzedDataProvider data) throws IOException {
    load(new Gff3Provider(), "fuzz.gff3", data.consumeRemainingAsBytes());
  }

  @FuzzTest(maxDuration = "60s")
  void gff2(FuzzedDataProvider data) throws IOException {
    load(new Gff2Provider(), "fuzz.gff", data.consumeRemainingAsBytes());
  }

  @FuzzTest(maxDuration = "60s")
  void gtf(FuzzedDataProvider data) throws IOException {
    load(new GtfProvider(), "fuzz.gtf", data.consumeRemainingAsBytes());
  }

  @FuzzTest(maxDuration = "60s")
  void bed(FuzzedDataProvider data) throws IOException {
    load(new BedProvider(), "fuzz.bed", data.consumeRemainingAsBytes());
  }

  @FuzzTest(maxDuration = "60s")
  void vcf(FuzzedDataProvider data) throws IOException {
    Path file = DIR.resolve("fuzz.vcf");
    Files.write(file, data.consumeRemainingAsBytes());
    SourceConfig plain = SourceConfig.of("fuzz", "vcf", file);
    SourceConfig withGenotypes = new SourceConfig("fuzz", null, null, "vcf", file.toString(), null, null, null,
        true, null, null, null, null, DIR);
    for (SourceConfig config : new SourceConfig[] {plain, withGenotypes}) {
      DataSource source;
      try {
        source = new VcfProvider().load(config, LoadMonitor.NONE);
      } catch (SourceLoadException expected) {
        continue;
      }
      query(source);
    }
  }

  @FuzzTest(maxDuration = "60s")
  void fasta(FuzzedDataProvider data) throws IOException {
    Files.deleteIfExists(DIR.resolve("fuzz.fa.fai"));
    load(new FastaProvider(), "fuzz.fa", data.consumeRemainingAsBytes());
  }

  /** Loads the bytes as a file; an accepted file must answer a query over each of its references. */
  static void load(DataSourceProvider provider, String name, byte[] content) throws IOException {
    Path file = DIR.resolve(name);
    Files.write(file, content);
    DataSource source;
    try {
      source = provider.load(SourceConfig.of("fuzz", provider.format(), file), LoadMonitor.NONE);
    } catch (SourceLoadException expected) {
      return;
    }
    query(source);
  }

  /** Queries every reference of an accepted source, as clients would. */
  static void query(DataSource source) throws IOException {
    for (EntryPoint e : source.entryPoints()) {
      Segment whole = new Segment(e.name(), 1, e.length());
      source.features(whole, FeatureFilter.ANY, f -> { });
      source.typeCounts(whole);
      SequenceSource seq = source.capability(SequenceSource.class).orElse(null);
      if (seq != null && seq.sequenceLength(e.name()) > 0) {
        seq.sequence(new Segment(e.name(), 1, Math.min(e.length(), 1000)), new StringBuilder());
      }
      GenotypeSource g = source.capability(GenotypeSource.class).orElse(null);
      if (g != null) {
        GenotypeQueries engine = g.genotypes();
        for (Zygosity z : Zygosity.values()) {
          GenotypeQuery q = new GenotypeQuery(List.of(whole), z, engine.allSamples(), OptionalInt.of(1000));
          engine.variants(q);
          engine.carriers(q);
          engine.count(q);
        }
      }
    }
  }
}
