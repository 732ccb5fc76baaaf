package org.dasgrid.perf.gff;

import htsjdk.tribble.gff.Gff3Codec;
import htsjdk.tribble.readers.LineIterator;
import htsjdk.tribble.readers.LineIteratorImpl;
import htsjdk.tribble.readers.SynchronousLineReader;
import java.io.BufferedReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.dasgrid.core.feature.Interner;
import org.dasgrid.datasources.gff.Gff3Records;

/**
 * Where the CPU time of a GFF3 load goes, stage by stage, on one thread: reading lines, htsjdk's codec alone,
 * and the codec with the mapping to DAS features (what a load does before building the index).
 *
 * <pre>java -cp ... org.dasgrid.perf.gff.CodecBench FILE.gff3 [RUNS]</pre>
 */
public final class CodecBench {
  private CodecBench() {}

  public static void main(String[] args) throws Exception {
    Path file = Path.of(args[0]);
    int runs = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    double mb = Files.size(file) / 1e6;
    ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
    for (int run = 1; run <= runs; run++) {
      long c0 = cpu.getCurrentThreadCpuTime();
      long lines = 0;
      try (BufferedReader r = Files.newBufferedReader(file)) {
        while (r.readLine() != null) {
          lines++;
        }
      }
      long c1 = cpu.getCurrentThreadCpuTime();
      long decoded = 0;
      Gff3Codec codec = new Gff3Codec(Gff3Codec.DecodeDepth.SHALLOW);
      try (BufferedReader r = Files.newBufferedReader(file)) {
        LineIterator it = new LineIteratorImpl(new SynchronousLineReader(r));
        codec.readHeader(it);
        while (!codec.isDone(it)) {
          if (codec.decode(it) != null) {
            decoded++;
          }
        }
      }
      long c2 = cpu.getCurrentThreadCpuTime();
      Gff3Records records = new Gff3Records(new Interner());
      try (BufferedReader r = Files.newBufferedReader(file)) {
        String line;
        while ((line = r.readLine()) != null) {
          if (!line.startsWith("#")) {
            records.decode(line);
          }
        }
      }
      long c3 = cpu.getCurrentThreadCpuTime();
      System.out.printf(Locale.ROOT, "run %d: %,d lines; CPU s (MB/s): readLine %.2f (%.0f), htsjdk Gff3Codec %.2f"
          + " (%.0f) for %,d features, codec + DAS mapping %.2f (%.0f)%n", run, lines, sec(c0, c1),
          mb / sec(c0, c1), sec(c1, c2), mb / sec(c1, c2), decoded, sec(c2, c3), mb / sec(c2, c3));
    }
  }

  private static double sec(long from, long to) {
    return (to - from) / 1e9;
  }
}
