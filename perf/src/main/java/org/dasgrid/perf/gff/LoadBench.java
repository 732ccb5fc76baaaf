package org.dasgrid.perf.gff;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.DataSourceProvider;
import org.dasgrid.core.source.DataSourceProviders;
import org.dasgrid.core.source.LoadMonitor;

/**
 * Loads a file with a format's provider a few times and prints, per run, the load time, the throughput in MB/s
 * of file, and the heap the loaded source keeps (used heap after full collections, with and without it),
 * per feature. Run with a fixed heap so the numbers are comparable, e.g.
 *
 * <pre>java -Xms4g -Xmx4g -cp ... org.dasgrid.perf.gff.LoadBench gff3 big.gff3 [RUNS]</pre>
 */
public final class LoadBench {
  private LoadBench() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 2) {
      System.err.println("usage: LoadBench FORMAT FILE [RUNS]");
      System.exit(2);
    }
    String format = args[0];
    Path file = Path.of(args[1]).toAbsolutePath();
    int runs = args.length > 2 ? Integer.parseInt(args[2]) : 3;
    DataSourceProvider provider = DataSourceProviders.discover(LoadBench.class.getClassLoader())
        .forFormat(format).orElseThrow(() -> new IllegalArgumentException("no provider for " + format));
    double mb = Files.size(file) / 1e6;
    System.out.printf(Locale.ROOT, "%s (%s, %.1f MB), %d runs, java %s, -Xmx %d MB%n", file.getFileName(), format,
        mb, runs, System.getProperty("java.version"), Runtime.getRuntime().maxMemory() >> 20);
    for (int run = 1; run <= runs; run++) {
      long before = usedAfterGc();
      long gc0 = gcMillis();
      long cpu0 = cpuNanos();
      long t0 = System.nanoTime();
      DataSource source = provider.load(SourceConfig.of("bench", format, file), LoadMonitor.NONE);
      double seconds = (System.nanoTime() - t0) / 1e9;
      double cpu = (cpuNanos() - cpu0) / 1e9;
      long gc = gcMillis() - gc0;
      long after = usedAfterGc();
      long records = source.stats().records();
      // on a shared machine wall time swings with other load; the loading thread's CPU time does not
      System.out.printf(Locale.ROOT, "run %d: %,d features in %.2f s wall (%.1f MB/s), loader thread %.2f s CPU"
          + " (%.1f MB/s), GC %.2f s; heap %.1f MB = %.0f bytes/feature%n", run, records, seconds, mb / seconds,
          cpu, mb / cpu, gc / 1e3, (after - before) / 1e6, (double) (after - before) / records);
      java.lang.ref.Reference.reachabilityFence(source);
    }
  }

  private static long cpuNanos() {
    return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
  }

  private static long gcMillis() {
    long ms = 0;
    for (var gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      ms += Math.max(0, gc.getCollectionTime());
    }
    return ms;
  }

  private static long usedAfterGc() throws InterruptedException {
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 4; i++) {
      System.gc();
      Thread.sleep(100);
      used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
    }
    return used;
  }
}
