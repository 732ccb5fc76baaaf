package org.dasgrid.core.das;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.dasgrid.core.cache.CachedResponse;
import org.dasgrid.core.cache.ResponseCache;
import org.dasgrid.core.cluster.ClusterSource;
import org.dasgrid.core.cluster.ClusterView;
import org.dasgrid.core.cluster.FanOutOptions;
import org.dasgrid.core.cluster.FanOutReport;
import org.dasgrid.core.config.ServerSettings;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.registry.SourceRegistry;

/**
 * What commands need besides the request: the sources, the limits, the server's name for headers, and the
 * response cache (null: none), which a command may consult before costly work such as asking other cluster
 * nodes. A context made {@link #forRequest() for one request} also collects the reports of the cluster views
 * it opened, so the answer can say which nodes answered.
 */
public record DasContext(SourceRegistry registry, ServerSettings settings, String serverName, ResponseCache cache,
    List<FanOutReport> reports) {

  public DasContext(SourceRegistry registry, ServerSettings settings, String serverName) {
    this(registry, settings, serverName, null, null);
  }

  public DasContext(SourceRegistry registry, ServerSettings settings, String serverName, ResponseCache cache) {
    this(registry, settings, serverName, cache, null);
  }

  /** A context for one request, collecting the cluster reports of the sources it reads. */
  public DasContext forRequest() {
    return new DasContext(registry, settings, serverName, cache, new ArrayList<>(1));
  }

  /**
   * The key a response is cached and tagged under for this client: documents carry hrefs built from the
   * client's DAS root (Host header, proxy path), so the same query through another root is other bytes and
   * must not share cache entries or ETags.
   */
  public static String clientKey(DasRequest request, String key) {
    return key.isEmpty() ? key : request.dasBase() + "|" + key;
  }

  /**
   * The answer cached under a command's {@code key} for this request's client, if there is one (not counted
   * in the cache's statistics: the writer's lookup that follows is).
   */
  public Optional<CachedResponse> cached(DasRequest request, String key) {
    return cache == null ? Optional.empty() : cache.peek(clientKey(request, key));
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
      throw new RequestException(ErrorKind.UNKNOWN_SOURCE, "unknown data source '%s'", shorten(request.source()));
    }
    LoadedSource ls = registry.require(request.source(), settings.requestTimeoutMillis());
    if (ls.data() instanceof ClusterSource cluster) {
      ClusterView view =
          cluster.open(FanOutOptions.of(request.args().single("partial"), settings.maxFeaturesPerResponse()));
      if (reports != null) {
        reports.add(view.report());
      }
      return ls.withData(view, view.version());
    }
    return ls;
  }

  private static String shorten(String id) {
    return id.length() <= 60 ? id : id.substring(0, 57) + "...";
  }
}
