package org.dasgrid.core.das;

import java.util.ArrayList;
import java.util.List;
import org.dasgrid.core.cluster.ClusterSource;
import org.dasgrid.core.cluster.ClusterView;
import org.dasgrid.core.cluster.FanOutOptions;
import org.dasgrid.core.cluster.FanOutReport;
import org.dasgrid.core.config.ServerSettings;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.registry.SourceRegistry;

/**
 * What commands need besides the request: the sources, the limits, and the server's name for headers. A
 * context made {@link #forRequest() for one request} also collects the reports of the cluster views it
 * opened, so the answer can say which nodes answered.
 */
public record DasContext(
    SourceRegistry registry, ServerSettings settings, String serverName, List<FanOutReport> reports) {

  public DasContext(SourceRegistry registry, ServerSettings settings, String serverName) {
    this(registry, settings, serverName, null);
  }

  /** A context for one request, collecting the cluster reports of the sources it reads. */
  public DasContext forRequest() {
    return new DasContext(registry, settings, serverName, new ArrayList<>(1));
  }

  /** What the cluster views opened for this request report, together (empty for a single node's sources). */
  public FanOutReport report() {
    FanOutReport all = new FanOutReport();
    if (reports != null) {
      reports.forEach(all::addAll);
    }
    return all;
  }

  /**
   * The source a request is addressed to. A protected source the client may not read is answered exactly
   * like an unknown one (401), so its existence is not revealed. A sharded source comes as a view for this
   * request (its version the cluster's), whose calls to other nodes are reported in {@link #reports()}.
   */
  public LoadedSource require(DasRequest request) {
    boolean readable = registry.slot(request.source()).map(s -> request.access().mayRead(s.config())).orElse(false);
    if (!readable) {
      throw new DasException(DasStatus.BAD_DATA_SOURCE, "unknown data source '%s'", shorten(request.source()));
    }
    LoadedSource ls = registry.require(request.source(), settings.requestTimeoutMillis());
    if (ls.data() instanceof ClusterSource cluster) {
      ClusterView view = cluster.open(FanOutOptions.of(request.args(), settings.maxFeaturesPerResponse()));
      if (reports != null) {
        reports.add(view.report());
      }
      return new LoadedSource(ls.config(), view, view.version(), ls.stylesheet(), ls.loadedAt(), ls.loadMillis());
    }
    return ls;
  }

  private static String shorten(String id) {
    return id.length() <= 60 ? id : id.substring(0, 57) + "...";
  }
}
