package org.dasgrid.webapp;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.dasgrid.core.genotype.GenotypeCapacityException;
import org.dasgrid.core.genotype.GenotypeStats;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.io.BlockInflater;
import org.dasgrid.datasources.vcf.VcfGenotypeIndexer;

/**
 * {@code java -jar dasgrid.jar index --vcf COHORT.vcf.gz --out COHORT.dgi [--sample-calls]}: builds a genotype
 * index file once, for a source to serve with {@code genotypeIndex: COHORT.dgi} (docs/genotypes.md); with
 * {@code --sample-calls} it also holds the samples' diploid calls sample-major, for cold kinship requests. Prints progress (records,
 * records/s, and an ETA from the share of the file read); exits 0 only when the index is complete, 1 for a
 * bad input (naming the file and line), 2 for bad arguments.
 */
final class IndexCommand {
  static final String USAGE = "usage: java -jar dasgrid.jar index --vcf COHORT.vcf[.gz] --out COHORT.dgi"
      + " [--sample-calls]\n  --sample-calls  also store each sample's diploid calls sample-major (Roaring"
      + " bitmaps per contig):\n                  a cold kinship request reads them instead of scanning every"
      + " row; a larger file and a longer build";
  /** At most one progress line per this many nanoseconds. */
  private static final long PROGRESS_NANOS = 2_000_000_000L;

  private IndexCommand() {}

  /** Runs the command ({@code args} after "index") and returns the exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    Path vcf = null;
    Path index = null;
    boolean sampleCalls = false;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--sample-calls")) {
        sampleCalls = true;
      } else if ((a.equals("--vcf") || a.equals("--out")) && i + 1 < args.length) {
        Path p = Path.of(args[++i]);
        if (a.equals("--vcf")) {
          vcf = p;
        } else {
          index = p;
        }
      } else {
        err.println("dasgrid index: unexpected argument '" + a + "'");
        err.println(USAGE);
        return 2;
      }
    }
    if (vcf == null || index == null) {
      err.println("dasgrid index: " + (vcf == null ? "--vcf" : "--out") + " is required");
      err.println(USAGE);
      return 2;
    }
    if (!Files.isRegularFile(vcf)) {
      err.println("dasgrid index: " + vcf + ": no such file");
      return 1;
    }
    Path dir = index.toAbsolutePath().getParent();
    if (dir == null || !Files.isDirectory(dir)) {
      err.println("dasgrid index: " + index + ": its folder does not exist");
      return 1;
    }
    try {
      long size = Files.size(vcf);
      long start = System.nanoTime();
      BlockInflater.Choice inflater = BlockInflater.intelOrJdk();
      inflater.fallback().ifPresent(note -> out.println("dasgrid index: note: " + note));
      VcfGenotypeIndexer.Result r = VcfGenotypeIndexer.build(vcf, index, progress(out, size, start),
          inflater.inflater(), VcfGenotypeIndexer.defaultThreads(), sampleCalls);
      double s = (System.nanoTime() - start) / 1e9;
      GenotypeStats st = r.stats();
      out.printf(Locale.ROOT, "indexed %,d records (%,d variants, %,d samples, %,d non-ref calls) in %.1f s,"
          + " %,.0f records/s: %s, %,d bytes (%.2f bytes per non-ref call)%n", st.sites(), st.variants(),
          st.samples(), st.nonRefCalls(), s, st.sites() / s, index, r.indexBytes(),
          st.nonRefCalls() == 0 ? 0.0 : (double) r.indexBytes() / st.nonRefCalls());
      return 0;
    } catch (SourceLoadException e) {
      err.println("dasgrid index: " + e.getMessage());
      return 1;
    } catch (IllegalArgumentException | GenotypeCapacityException e) {
      err.println("dasgrid index: " + vcf.getFileName() + ": " + e.getMessage());
      return 1;
    } catch (IOException e) {
      err.println("dasgrid index: " + e.getMessage());
      return 1;
    } catch (OutOfMemoryError e) {
      err.println("dasgrid index: out of heap building the index of " + vcf.getFileName()
          + "; give the JVM more (-Xmx): the build holds the rows and sample sets of one contig at a time");
      return 1;
    }
  }

  private static LoadMonitor progress(PrintStream out, long fileBytes, long start) {
    long[] last = {start};
    return (records, bytesRead) -> {
      long now = System.nanoTime();
      if (now - last[0] < PROGRESS_NANOS) {
        return;
      }
      last[0] = now;
      double s = (now - start) / 1e9;
      double share = fileBytes == 0 ? 1 : Math.min(1, (double) bytesRead / fileBytes);
      double eta = share <= 0 ? Double.NaN : s / share - s;
      out.printf(Locale.ROOT, "%,d records, %,.0f records/s, %.0f%% of the file, ETA %s%n", records,
          records / s, 100 * share, Double.isNaN(eta) ? "?" : Math.round(eta) + " s");
    };
  }
}
