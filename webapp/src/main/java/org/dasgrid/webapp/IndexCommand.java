package org.dasgrid.webapp;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.dasgrid.core.genotype.GenotypeCapacityException;
import org.dasgrid.core.genotype.GenotypeStats;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.io.BlockInflater;
import org.dasgrid.datasources.vcf.GenotypeIndexSet;
import org.dasgrid.datasources.vcf.VcfGenotypeIndexer;

/**
 * {@code java -jar dasgrid.jar index --vcf COHORT.vcf.gz --out COHORT.dgi [--sample-calls]}: builds a genotype
 * index file once, for a source to serve with {@code genotypeIndex: COHORT.dgi} (docs/genotypes.md); with
 * {@code --sample-calls} it also holds the samples' diploid calls sample-major, for cold kinship requests. Prints progress (records,
 * records/s, and an ETA from the share of the file read); exits 0 only when the index is complete, 1 for a
 * bad input (naming the file and line), 2 for bad arguments.
 */
final class IndexCommand {
  static final String USAGE = "usage: java -jar dasgrid.jar index --vcf COHORT.vcf[.gz] [--vcf MORE.vcf.gz ...]"
      + " --out COHORT.dgi [--threads N] [--sample-calls] [--piece-calls N] [--range-bytes N]\n  --vcf           a VCF of the source; several (the same"
      + " samples, each contig in one file) make\n                  an index set: a folder of one piece per VCF,"
      + " built at once\n  --threads N     cores to build with (default: all); a bgzipped VCF with a tabix index"
      + " (.tbi or .csi)\n                  is read in ranges at once, a piece or more each, when there are fewer"
      + " VCFs\n  --sample-calls  also store each"
      + " sample's diploid calls sample-major (Roaring bitmaps per contig):\n                  a cold kinship"
      + " request reads them instead of scanning every row; a larger file and a longer build\n  --piece-calls N"
      + " cut the index into pieces (a folder) every N non-0/0 calls (default 400,000,000:\n                  no"
      + " piece near a file's 1 GiB of inline sets)\n  --range-bytes N the least compressed bytes of a range read at once"
      + " (default 16,777,216:\n                  smaller VCFs are read on one thread into one file)";
  /** At most one progress line per this many nanoseconds. */
  private static final long PROGRESS_NANOS = 2_000_000_000L;

  private IndexCommand() {}

  /** Runs the command ({@code args} after "index") and returns the exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    List<Path> vcfs = new ArrayList<>();
    Path index = null;
    boolean sampleCalls = false;
    int threads = Runtime.getRuntime().availableProcessors();
    long pieceCalls = GenotypeIndexSet.PIECE_CALLS;
    long rangeBytes = GenotypeIndexSet.RANGE_BYTES;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--sample-calls")) {
        sampleCalls = true;
      } else if (a.equals("--threads") && i + 1 < args.length) {
        String v = args[++i];
        try {
          threads = Integer.parseInt(v);
        } catch (NumberFormatException e) {
          threads = 0;
        }
        if (threads < 1) {
          err.println("dasgrid index: --threads takes a number of cores, at least 1, not '" + v + "'");
          err.println(USAGE);
          return 2;
        }
      } else if ((a.equals("--range-bytes") || a.equals("--piece-calls")) && i + 1 < args.length) {
        long v = positive(args[++i]);
        if (v < 1) {
          err.println("dasgrid index: " + a + " takes a number of " + (a.equals("--range-bytes") ? "bytes" : "calls")
              + ", at least 1, not '" + args[i] + "'");
          err.println(USAGE);
          return 2;
        }
        if (a.equals("--range-bytes")) {
          rangeBytes = v;
        } else {
          pieceCalls = v;
        }
      } else if ((a.equals("--vcf") || a.equals("--out")) && i + 1 < args.length) {
        Path p = Path.of(args[++i]);
        if (a.equals("--vcf")) {
          vcfs.add(p);
        } else {
          index = p;
        }
      } else {
        err.println("dasgrid index: unexpected argument '" + a + "'");
        err.println(USAGE);
        return 2;
      }
    }
    if (vcfs.isEmpty() || index == null) {
      err.println("dasgrid index: " + (vcfs.isEmpty() ? "--vcf" : "--out") + " is required");
      err.println(USAGE);
      return 2;
    }
    for (Path vcf : vcfs) {
      if (!Files.isRegularFile(vcf)) {
        err.println("dasgrid index: " + vcf + ": no such file");
        return 1;
      }
    }
    if (Set.copyOf(vcfs.stream().map(p -> p.toAbsolutePath().normalize()).toList()).size() < vcfs.size()) {
      err.println("dasgrid index: a VCF is given twice");
      return 2;
    }
    Path vcf = vcfs.get(0);
    Path dir = index.toAbsolutePath().getParent();
    if (dir == null || !Files.isDirectory(dir)) {
      err.println("dasgrid index: " + index + ": its folder does not exist");
      return 1;
    }
    try {
      long start = System.nanoTime();
      BlockInflater.Choice inflater = BlockInflater.intelOrJdk();
      inflater.fallback().ifPresent(note -> out.println("dasgrid index: note: " + note));
      String prefix = vcfs.size() == 1 ? "" : null;
      GenotypeIndexSet.Result r = GenotypeIndexSet.build(vcfs, index, v -> progress(out,
          prefix != null ? prefix : v.getFileName() + ": ", sizeOf(v), start), inflater.inflater(), threads,
          sampleCalls, pieceCalls, rangeBytes);
      r.notes().forEach(note -> out.println("dasgrid index: note: " + note));
      GenotypeStats st = r.stats();
      long bytes = r.indexBytes();
      String what = r.pieces().size() == 1 ? index.toString()
          : index + " (an index set: " + r.pieces().size() + " pieces)";
      double s = (System.nanoTime() - start) / 1e9;
      out.printf(Locale.ROOT, "indexed %,d records (%,d variants, %,d samples, %,d non-ref calls) in %.1f s,"
          + " %,.0f records/s: %s, %,d bytes (%.2f bytes per non-ref call)%n", st.sites(), st.variants(),
          st.samples(), st.nonRefCalls(), s, st.sites() / s, what, bytes,
          st.nonRefCalls() == 0 ? 0.0 : (double) bytes / st.nonRefCalls());
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

  /** The number {@code v} says, or 0 when it is not one. */
  private static long positive(String v) {
    try {
      return Long.parseLong(v);
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static long sizeOf(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      return 0;
    }
  }

  private static LoadMonitor progress(PrintStream out, String prefix, long fileBytes, long start) {
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
      out.printf(Locale.ROOT, "%s%,d records, %,.0f records/s, %.0f%% of the file, ETA %s%n", prefix, records,
          records / s, 100 * share, Double.isNaN(eta) ? "?" : Math.round(eta) + " s");
    };
  }
}
