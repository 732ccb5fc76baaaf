package org.dasgrid.perf.gff;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Locale;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.DataSourceProviders;
import org.dasgrid.core.source.FeatureFilter;
import org.dasgrid.core.source.LoadMonitor;

/**
 * CPU time per {@code features} query of a source, without HTTP or XML: the classic small, medium and large
 * DAS segments on the FlyBase 2L data by default.
 *
 * <pre>java -cp ... org.dasgrid.perf.gff.QueryBench FORMAT FILE [SEGMENT...]</pre>
 */
public final class QueryBench {
  private QueryBench() {}

  public static void main(String[] args) throws Exception {
    String format = args[0];
    Path file = Path.of(args[1]).toAbsolutePath();
    String[] segments = args.length > 2 ? java.util.Arrays.copyOfRange(args, 2, args.length)
        : new String[] {"2L:2501,2550", "2L:1,27772", "2L:1,1605126"};
    DataSource d = DataSourceProviders.discover(QueryBench.class.getClassLoader()).forFormat(format).orElseThrow()
        .load(SourceConfig.of("bench", format, file), LoadMonitor.NONE);
    ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
    for (String text : segments) {
      String[] p = text.split("[:,]");
      Segment s = new Segment(p[0], Integer.parseInt(p[1]), Integer.parseInt(p[2]));
      long[] n = new long[1];
      long warm = System.nanoTime();
      int runs = 0;
      while (System.nanoTime() - warm < 2_000_000_000L || runs < 3) {
        d.features(s, FeatureFilter.ANY, f -> n[0]++);
        runs++;
      }
      n[0] = 0;
      long c0 = cpu.getCurrentThreadCpuTime();
      for (int i = 0; i < runs; i++) {
        d.features(s, FeatureFilter.ANY, f -> n[0]++);
      }
      double ms = (cpu.getCurrentThreadCpuTime() - c0) / 1e6 / runs;
      System.out.printf(Locale.ROOT, "%s %s: %,d features, %.3f ms CPU per query (%d queries)%n", format, text,
          n[0] / runs, ms, runs);
    }
  }
}
