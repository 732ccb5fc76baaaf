package org.dasgrid.perf.jmh;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import org.dasgrid.core.api.genotype.GenotypeJsonWriter;
import org.dasgrid.core.api.genotype.GenotypeResult;
import org.dasgrid.core.api.genotype.RequestTimer;
import org.dasgrid.core.config.Access;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.GenotypeQuery;
import org.dasgrid.core.genotype.VariantAnswer;
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.GenotypeSource;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.datasources.vcf.VcfProvider;
import org.dasgrid.perf.cohort.CohortGenerator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The genotype engine below HTTP, on the Dnaerys query shapes over a generated GRCh38 cohort ({@link
 * CohortGenerator}, seed 1; {@code -p samples=2504 -p variants=100000} for the size of the genotype section of
 * docs/benchmarks.md, which the default keeps small enough to generate and load in seconds per fork).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "-Xmx4g")
@State(Scope.Benchmark)
public class GenotypeQueryBenchmark {
  private static final Segment TP53 = new Segment("chr17", 7_661_779, 7_687_538);
  private static final Segment BRCA2 = new Segment("chr13", 32_315_508, 32_400_268);
  /** The 11 protein-coding mitochondrial genes of the Dnaerys panel (rCRS coordinates). */
  private static final int[][] MITO_GENES = {{3307, 4262}, {4470, 5511}, {5904, 7445}, {7586, 8269},
      {8366, 8572}, {8527, 9207}, {9207, 9990}, {10059, 10404}, {10470, 10766}, {10760, 12137}, {12337, 14148}};

  @Param({"500"})
  public int samples;

  @Param({"20000"})
  public int variants;

  private Path dir;
  private GenotypeQueries engine;
  private GenotypeQuery tp53Het100;
  private GenotypeQuery tp53HomAll;
  private GenotypeQuery brca2Het100;
  private GenotypeQuery mitoPanelAny;
  private GenotypeQuery tp53AnyCohortOf2;
  private GenotypeQuery tp53Brca2Any;

  @Setup(Level.Trial)
  public void load() throws Exception {
    dir = Files.createTempDirectory("dasgrid-jmh-cohort");
    Path vcf = dir.resolve("cohort.vcf.gz");
    new CohortGenerator(new CohortGenerator.Options(samples, variants, 1, vcf, 1))
        .generate(new PrintStream(OutputStream.nullOutputStream()));
    SourceConfig config = new SourceConfig("cohort", "cohort", "", "vcf", vcf.toString(), null, null, null, true,
        Access.PUBLIC, null, List.of(), Map.of(), dir);
    engine = new VcfProvider().load(config, LoadMonitor.NONE).capability(GenotypeSource.class).orElseThrow().genotypes();
    List<Segment> panel = new ArrayList<>();
    for (int[] g : MITO_GENES) {
      panel.add(new Segment("chrM", g[0], g[1]));
    }
    tp53Het100 = query(List.of(TP53), Zygosity.HET, OptionalInt.of(100), null);
    tp53HomAll = query(List.of(TP53), Zygosity.HOM, OptionalInt.empty(), null);
    brca2Het100 = query(List.of(BRCA2), Zygosity.HET, OptionalInt.of(100), null);
    mitoPanelAny = query(panel, Zygosity.ANY, OptionalInt.empty(), null);
    tp53AnyCohortOf2 = query(List.of(TP53), Zygosity.ANY, OptionalInt.empty(), new int[] {0, 1});
    tp53Brca2Any = query(List.of(TP53, BRCA2), Zygosity.ANY, OptionalInt.empty(), null);
  }

  private GenotypeQuery query(List<Segment> segments, Zygosity z, OptionalInt limit, int[] cohort) {
    return new GenotypeQuery(segments, z, cohort == null ? engine.allSamples() : engine.select(cohort), limit);
  }

  @TearDown(Level.Trial)
  public void clean() throws Exception {
    try (var files = Files.walk(dir)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  @Benchmark
  public Object tp53HetLimit100() {
    return engine.variants(tp53Het100);
  }

  @Benchmark
  public Object tp53HomUnlimited() {
    return engine.variants(tp53HomAll);
  }

  @Benchmark
  public Object brca2HetLimit100() {
    return engine.variants(brca2Het100);
  }

  @Benchmark
  public Object mitoPanelAny() {
    return engine.variants(mitoPanelAny);
  }

  @Benchmark
  public Object tp53VirtualCohortOf2() {
    return engine.variants(tp53AnyCohortOf2);
  }

  @Benchmark
  public Object samplesAnyTp53Brca2() {
    return engine.carriers(tp53Brca2Any);
  }

  @Benchmark
  public Object countAnyTp53Brca2() {
    return engine.count(tp53Brca2Any);
  }

  /** The unlimited answer written as the API's JSON (engine and writer; rows per second = rows / time). */
  @Benchmark
  public Object tp53HomUnlimitedJson() throws IOException {
    return json(engine.variants(tp53HomAll));
  }

  @Benchmark
  public Object mitoPanelAnyJson() throws IOException {
    return json(engine.variants(mitoPanelAny));
  }

  private static Object json(VariantAnswer answer) throws IOException {
    OutputStream out = OutputStream.nullOutputStream();
    GenotypeJsonWriter.write(new GenotypeResult.Variants(answer), false, new RequestTimer(System.nanoTime()), out);
    return out;
  }
}
