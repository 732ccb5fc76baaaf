package org.dasgrid.core.genotype;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import org.dasgrid.core.genotype.internal.analytics.CohortAnalytics;
import org.dasgrid.core.genotype.internal.engine.GenotypeIndex;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.perf.cohort.EngineShapeTiming;
import org.dasgrid.perf.cohort.MedianTime;

/**
 * A virtual cohort's {@code stats=true} engine time in one JVM, A/B: {@link CohortAnalytics} with a row's set
 * intersections shared (the carried test's counts, the AN corrections' missing count; the server's path)
 * against intersecting each set per use (its {@code fuseCounts = false} switch, the computation before), in
 * alternating rounds of {@code --iterations} calls each, median ns per call; without HTTP and writing, and with
 * one JIT and one heap for both, so the machine's load moves both alike. In this package for the switch,
 * which is package-private. The first {@code --samples} samples of the cohort are chosen (the analytics
 * benchmark's 100-sample shapes).
 *
 * <pre>
 * java -cp perf/target/classes:$(cat perf/target/classpath.txt) org.dasgrid.core.genotype.VirtualCohortTiming \
 *     --vcf cohort.vcf.gz [--index cohort.dgi] [--segment chr13:32315508-32400268[,more]] [--samples 100]
 *     [--iterations 200] [--rounds 7]
 * </pre>
 */
public final class VirtualCohortTiming {
  private VirtualCohortTiming() {}

  public static void main(String[] args) throws Exception {
    Path vcf = null;
    Path index = null;
    String segment = "chr13:32315508-32400268";
    int samples = 100;
    int iterations = 200;
    int rounds = 7;
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--vcf" -> vcf = Path.of(args[i + 1]);
        case "--index" -> index = Path.of(args[i + 1]);
        case "--segment" -> segment = args[i + 1];
        case "--samples" -> samples = Integer.parseInt(args[i + 1]);
        case "--iterations" -> iterations = Integer.parseInt(args[i + 1]);
        case "--rounds" -> rounds = Integer.parseInt(args[i + 1]);
        default -> throw new IllegalArgumentException("unknown argument " + args[i]);
      }
    }
    if (vcf == null) {
      throw new IllegalArgumentException("--vcf FILE.vcf.gz is required");
    }
    GenotypeIndex engine = (GenotypeIndex) EngineShapeTiming.engine(vcf, index);
    int[] chosen = new int[samples];
    Arrays.setAll(chosen, i -> i);
    for (String one : segment.split(",")) {
      time(engine, one, engine.select(chosen), iterations, rounds);
    }
  }

  /** Times one segment's shape. */
  private static void time(GenotypeIndex engine, String segment, SampleSelection sel, int iterations, int rounds) {
    int samples = sel.size();
    String ref = segment.substring(0, segment.lastIndexOf(':'));
    String[] range = segment.substring(segment.lastIndexOf(':') + 1).split("-");
    GenotypeQuery base = new GenotypeQuery(List.of(new Segment(ref, Integer.parseInt(range[0]),
        Integer.parseInt(range[1]))), Zygosity.ANY, sel, OptionalInt.empty());
    AnalyticsQuery q = new AnalyticsQuery(base, VariantFilter.NONE, true, Optional.empty(), Optional.empty(),
        Optional.empty());
    int rows = new CohortAnalytics(engine, CohortAnalytics.Shortcuts.ALL).run(q).size();
    if (new CohortAnalytics(engine, new CohortAnalytics.Shortcuts(true, false)).run(q).size() != rows) {
      throw new IllegalStateException("the two paths disagree on the rows");
    }
    System.out.printf(Locale.ROOT, "%s, %d samples, stats: %d rows; %d calls per round and path%n", segment,
        samples, rows, iterations);
    double[] ratios = new double[rounds];
    for (int r = -1; r < rounds; r++) { // round -1 warms both
      double shared = MedianTime.nanos(iterations, () -> new CohortAnalytics(engine, CohortAnalytics.Shortcuts.ALL).run(q).size());
      double perUse = MedianTime.nanos(iterations, () -> new CohortAnalytics(engine, new CohortAnalytics.Shortcuts(true, false)).run(q).size());
      if (r >= 0) {
        ratios[r] = shared / perUse;
        System.out.printf(Locale.ROOT, "round %d: per use %.0f us, shared %.0f us, shared / per use %.3f%n", r + 1,
            perUse / 1e3, shared / 1e3, shared / perUse);
      }
    }
    Arrays.sort(ratios);
    System.out.printf(Locale.ROOT, "median ratio shared / per use: %.3f (min %.3f, max %.3f)%n", ratios[rounds / 2],
        ratios[0], ratios[rounds - 1]);
  }
}
