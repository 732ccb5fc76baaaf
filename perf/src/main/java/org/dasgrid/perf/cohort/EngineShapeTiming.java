package org.dasgrid.perf.cohort;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import org.dasgrid.core.config.Access;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.GenotypeQuery;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.GenotypeSource;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.datasources.vcf.VcfProvider;

/**
 * One variants shape's engine time, the index-mapped engine against the in-heap one in the same JVM, without
 * HTTP: the µs that {@code elapsed_db_ms} reports, with less noise than GenotypeBenchmark's p50 over HTTP. Loads
 * the VCF into the heap and opens its index, then alternates rounds of {@code --iterations} calls on each and
 * prints each round's median ns per call and the ratio of the medians. For profiling one engine path (issue 17:
 * TP53 hom unlimited was 1.65× on the index). With {@code --only heap|index} one engine alone is loaded and
 * timed: a server runs one kind, and a JVM running both compiles the shared query code for both column kinds.
 *
 * <pre>
 * java -cp ... org.dasgrid.perf.cohort.EngineShapeTiming --vcf chr17.vcf.gz --index chr17.dgi \
 *     [--segment chr17:7661779-7687538] [--zygosity hom] [--limit N] [--iterations 20000] [--rounds 5]
 *     [--only heap|index]
 * </pre>
 */
public final class EngineShapeTiming {
  private EngineShapeTiming() {}

  public static void main(String[] args) throws Exception {
    Path vcf = null;
    Path index = null;
    String segment = "chr17:" + Grch38.TP53.start() + "-" + Grch38.TP53.end();
    Zygosity zygosity = Zygosity.HOM;
    OptionalInt limit = OptionalInt.empty();
    int iterations = 20_000;
    int rounds = 5;
    String only = "";
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--vcf" -> vcf = Path.of(args[i + 1]);
        case "--index" -> index = Path.of(args[i + 1]);
        case "--segment" -> segment = args[i + 1];
        case "--zygosity" -> zygosity = Zygosity.valueOf(args[i + 1].toUpperCase(Locale.ROOT));
        case "--limit" -> limit = OptionalInt.of(Integer.parseInt(args[i + 1]));
        case "--iterations" -> iterations = Integer.parseInt(args[i + 1]);
        case "--rounds" -> rounds = Integer.parseInt(args[i + 1]);
        case "--only" -> only = args[i + 1];
        default -> throw new IllegalArgumentException("unknown argument " + args[i]);
      }
    }
    if (vcf == null || index == null) {
      throw new IllegalArgumentException("--vcf FILE.vcf.gz and --index FILE.dgi are required");
    }
    GenotypeQueries heap = only.equals("index") ? null : engine(vcf, null);
    GenotypeQueries mapped = only.equals("heap") ? null : engine(vcf, index);
    GenotypeQueries any = heap != null ? heap : mapped;
    String ref = segment.substring(0, segment.lastIndexOf(':'));
    String[] range = segment.substring(segment.lastIndexOf(':') + 1).split("-");
    GenotypeQuery q = new GenotypeQuery(List.of(new Segment(ref, Integer.parseInt(range[0]),
        Integer.parseInt(range[1]))), zygosity, SampleSelection.all(any.stats().samples()), limit);
    int rows = any.variants(q).size();
    if (heap != null && mapped != null && mapped.variants(q).size() != rows) {
      throw new IllegalStateException("the engines disagree: " + rows + " rows in the heap, "
          + mapped.variants(q).size() + " mapped");
    }
    System.out.printf(Locale.ROOT, "%s %s limit %s: %d rows; %d calls per round%n", segment, zygosity,
        limit.isPresent() ? limit.getAsInt() : "none", rows, iterations);
    double[] ratios = new double[rounds];
    for (int r = -1; r < rounds; r++) { // round -1 warms both
      double h = heap == null ? Double.NaN : MedianTime.nanos(iterations, () -> heap.variants(q).size());
      double m = mapped == null ? Double.NaN : MedianTime.nanos(iterations, () -> mapped.variants(q).size());
      if (r >= 0) {
        ratios[r] = m / h;
        System.out.printf(Locale.ROOT, "round %d: heap %.0f ns, index %.0f ns, index / heap %.2f%n", r + 1, h, m,
            m / h);
      }
    }
    if (heap != null && mapped != null) {
      Arrays.sort(ratios);
      System.out.printf(Locale.ROOT, "median ratio index / heap: %.2f%n", ratios[rounds / 2]);
    }
  }

  /** The VCF's genotype engine as a server loads it: in the heap, or mapped from {@code index} when given. */
  public static GenotypeQueries engine(Path vcf, Path index) throws Exception {
    SourceConfig c = new SourceConfig("cohort", "cohort", "", "vcf", vcf.toAbsolutePath().toString(), null, null,
        null, true, Access.PUBLIC, null, List.of(), Map.of(), vcf.toAbsolutePath().getParent());
    if (index != null) {
      c = c.withGenotypeIndex(index.toAbsolutePath().toString());
    }
    return new VcfProvider().load(c, LoadMonitor.NONE).capability(GenotypeSource.class).orElseThrow().genotypes();
  }
}
