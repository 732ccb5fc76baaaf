package org.dasgrid.webapp.app;

import java.io.PrintStream;
import java.util.Locale;
import org.dasgrid.core.cluster.ClusterSource;
import org.dasgrid.core.registry.LoadListener;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.registry.SourceState;
import org.dasgrid.core.source.DataSource;

/** Prints one line per source as it loads, progress of long loads, and failures with file and line. */
final class ConsoleLoadListener implements LoadListener {
  private final PrintStream out;

  ConsoleLoadListener(PrintStream out) {
    this.out = out;
  }

  @Override
  public void progress(String sourceId, SourceState.Progress p) {
    double seconds = (System.nanoTime() - p.startedNanos()) / 1e9;
    double mbps = p.bytesRead() / 1e6 / Math.max(seconds, 1e-3);
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "  %s: %,d records, %.1f MB", sourceId, p.records(), p.bytesRead() / 1e6));
    if (p.totalBytes() > 0) {
      double fraction = p.fraction();
      sb.append(String.format(Locale.ROOT, " of %.1f MB (%.0f%%)", p.totalBytes() / 1e6, fraction * 100));
      if (fraction > 0) {
        double eta = seconds / fraction - seconds;
        sb.append(String.format(Locale.ROOT, ", %.1f MB/s, ETA %.0f s", mbps, eta));
      }
    } else {
      sb.append(String.format(Locale.ROOT, ", %.1f MB/s", mbps));
    }
    out.println(sb);
  }

  @Override
  public void digesting(String sourceId, long basesDone, long totalBases, long startedNanos) {
    double seconds = (System.nanoTime() - startedNanos) / 1e9;
    double fraction = totalBases > 0 ? (double) basesDone / totalBases : 0;
    out.println(String.format(Locale.ROOT, "  %s: sequence checksums (refget) %,.1f of %,.1f Mb (%.0f%%), ETA %.0f s",
        sourceId, basesDone / 1e6, totalBases / 1e6, fraction * 100,
        fraction > 0 ? seconds / fraction - seconds : 0));
  }

  @Override
  public void loaded(LoadedSource s, boolean reload) {
    String verb = reload ? "reloaded" : "loaded";
    DataSource data = s.data();
    String shard = "";
    if (data instanceof ClusterSource cs) {
      if (cs.held().isNone()) {
        out.println(String.format(Locale.ROOT, "%s %s: held by other nodes (%s); answered through them", verb,
            s.id(), String.join(", ", cs.holders())));
        return;
      }
      data = cs.local();
      shard = " (this node's shard: " + cs.held() + ")";
      if (!cs.unassignedContigs().isEmpty()) {
        out.println("WARNING " + s.id() + ": no node holds " + String.join(", ", cs.unassignedContigs())
            + " (add them to cluster.shards); requests touching them fail");
      }
    }
    var stats = data.stats();
    double seconds = s.loadMillis() / 1000.0;
    out.println(String.format(Locale.ROOT, "%s %s: %,d records on %,d references in %.2f s (%.1f MB/s)%s%s",
        verb, s.id(), stats.records(), data.entryPoints().size(), seconds,
        stats.bytesRead() / 1e6 / Math.max(seconds, 1e-3),
        data.capability(org.dasgrid.core.source.SequenceSource.class).isPresent()
            ? " with sequence" + (s.digests().isEmpty() ? "" : " (" + s.digests().all().size() + " checksummed)")
            : "", shard));
  }

  @Override
  public void failed(String sourceId, String reason, boolean reload) {
    out.println((reload ? "RELOAD FAILED " : "FAILED ") + sourceId + ": " + reason
        + (reload ? " (the previous version keeps serving)" : " (source marked unavailable)"));
  }
}
