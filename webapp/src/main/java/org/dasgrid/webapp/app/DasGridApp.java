package org.dasgrid.webapp.app;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.OptionalInt;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import org.dasgrid.core.cache.ResponseCache;
import org.dasgrid.core.cluster.Cluster;
import org.dasgrid.core.cluster.ClusterLayout;
import org.dasgrid.core.cluster.LocalNode;
import org.dasgrid.core.cluster.NodeClient;
import org.dasgrid.core.config.ClusterConfig;
import org.dasgrid.core.config.ConfigException;
import org.dasgrid.core.config.ConfigLoader;
import org.dasgrid.core.config.DasGridConfig;
import org.dasgrid.core.das.DasContext;
import org.dasgrid.core.das.DasService;
import org.dasgrid.core.registry.Placement;
import org.dasgrid.core.registry.SourceLoader;
import org.dasgrid.core.registry.SourceRegistry;
import org.dasgrid.core.registry.SourceWatcher;
import org.dasgrid.core.source.ContigSelection;
import org.dasgrid.core.source.DataSourceProviders;
import org.dasgrid.datasources.export.ExportStore;
import org.dasgrid.proto.sidecar.GrpcNodeClient;
import org.dasgrid.proto.sidecar.Sidecar;
import org.dasgrid.proto.sidecar.TlsFiles;
import org.dasgrid.webapp.observe.DasGridMetrics;

/**
 * One running DasGrid: the config, the sources and their loader, the DAS service and the response cache.
 * Built once per web application (embedded or WAR) by {@code DasGridListener}; no static state.
 */
public final class DasGridApp implements AutoCloseable {
  /** The servlet-context attribute holding the running app. */
  public static final String ATTRIBUTE = DasGridApp.class.getName();

  private final DasGridConfig config;
  private final SourceRegistry registry;
  private final SourceLoader loader;
  private final DasService das;
  private final ResponseCache cache;
  private final ExportStore exports;
  private final CompletableFuture<Void> loaded;
  private final SourceWatcher watcher;
  private final String version;
  private final DasGridMetrics metrics;
  private final Cluster cluster;
  private final Sidecar sidecar;
  /** The start-up JIT warm-up; none unless the embedded server begins one (a WAR has none). */
  private final WarmupState warmup;
  /** The most the warm-up's own response cache holds (its answers are dropped when it ends). */
  private static final long WARMUP_CACHE_BYTES = 32L << 20;

  private DasGridApp(DasGridConfig config, PrintStream console, String version, NodeOptions node) {
    this.config = config;
    this.version = version;
    DataSourceProviders providers = DataSourceProviders.discover(DasGridApp.class.getClassLoader());
    this.registry = new SourceRegistry(config.sources());
    Optional<TlsFiles> tls = TlsFiles.of(config);
    this.cluster = config.clusterConfig().map(c -> join(c, node, tls)).orElse(null);
    this.loader = new SourceLoader(providers, new ConsoleLoadListener(console), config.server().loadThreads(),
        config.server().maxHeapShare(), cluster != null ? cluster : Placement.SINGLE_NODE);
    this.cache = new ResponseCache(config.server().cacheBytes(), config.server().cacheMaxEntryBytes());
    this.exports = new ExportStore(exportDir(config));
    this.das = dasOver(cache);
    ResponseCache warmupCache = new ResponseCache(Math.min(WARMUP_CACHE_BYTES, config.server().cacheBytes()),
        config.server().cacheMaxEntryBytes());
    this.warmup = new WarmupState(warmupCache, dasOver(warmupCache));
    this.watcher = new SourceWatcher(registry, loader);
    this.metrics = DasGridMetrics.create(registry, cache);
    if (cluster != null) {
      metrics.bindCluster(cluster);
    }
    this.loaded = loader.loadAll(registry);
    this.sidecar = startSidecar(node, tls, console);
  }

  /** A DAS service over the sources, keeping its answers in {@code responses}. */
  private DasService dasOver(ResponseCache responses) {
    return new DasService(new DasContext(registry, config.server(), serverName(), responses));
  }

  /** {@code server.exportDir}, a relative path taken from the config file's folder. */
  private static Path exportDir(DasGridConfig config) {
    Path dir = Path.of(config.server().exportDir());
    if (!dir.isAbsolute() && config.file() != null && config.file().getParent() != null) {
      dir = config.file().getParent().resolve(dir);
    }
    return dir.normalize();
  }

  /** Joins the cluster of the config as the node {@code --node-id} names. */
  private Cluster join(ClusterConfig c, NodeOptions node, Optional<TlsFiles> tls) {
    String ids = String.join(", ", ClusterLayout.of(c).nodeIds());
    String self = node.nodeId().orElseThrow(() -> new ConfigException(config.file().getFileName()
        + ": the config has a cluster section: start each node with --node-id (one of " + ids + ")"));
    if (c.nodes().stream().noneMatch(n -> n.id().equals(self))) {
      throw new ConfigException("--node-id " + self + " is not in " + config.file().getFileName()
          + "'s cluster.nodes (" + ids + ")");
    }
    return Cluster.join(c, self, registry, n -> GrpcNodeClient.connect(n, tls));
  }

  /**
   * Serves this node's shards over gRPC on {@code --grpc-port}, or for a cluster node on the port of its own
   * {@code grpc} address in the config.
   */
  private Sidecar startSidecar(NodeOptions node, Optional<TlsFiles> tls, PrintStream console) {
    OptionalInt port = node.grpcPort();
    if (port.isEmpty() && cluster != null) {
      String address = cluster.layout().node(cluster.self()).orElseThrow().grpc();
      port = OptionalInt.of(Integer.parseInt(address.substring(address.lastIndexOf(':') + 1)));
    }
    if (port.isEmpty()) {
      return null;
    }
    NodeClient local = cluster != null ? cluster.local()
        : new LocalNode(node.nodeId().orElse("standalone"), registry, s -> ContigSelection.ALL);
    try {
      Sidecar s = Sidecar.start(node.bind(), port.getAsInt(), local, serverName(), tls, loaded);
      console.println("gRPC sidecar on " + node.bind() + ":" + s.port()
          + (cluster == null ? "" : " (node " + cluster.self() + " of " + cluster.layout().nodeIds().size() + ")")
          + (tls.isPresent() ? " with mutual TLS" : ""));
      return s;
    } catch (IOException e) {
      close();
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Reads the config (the bundled examples when {@code configPath} is null) and starts loading the sources
   * in the background. A bad config fails here, before the server takes requests.
   */
  public static DasGridApp start(Path configPath, PrintStream console) {
    return start(loadConfig(configPath), console);
  }

  /** As above, as a cluster node and/or with a gRPC sidecar. */
  public static DasGridApp start(Path configPath, PrintStream console, NodeOptions node) {
    return start(loadConfig(configPath), console, node);
  }

  /** Reads and validates a config file, or the bundled examples' when {@code configPath} is null. */
  public static DasGridConfig loadConfig(Path configPath) {
    Path path = configPath != null ? configPath : BundledExamples.config(implementationVersion());
    DataSourceProviders providers = DataSourceProviders.discover(DasGridApp.class.getClassLoader());
    return new ConfigLoader(providers.optionKeys()).load(path);
  }

  /**
   * Starts on a config already read (and perhaps adjusted, as the benchmarks' cache-less twin is), loading
   * its sources in the background.
   */
  public static DasGridApp start(DasGridConfig config, PrintStream console) {
    return start(config, console, NodeOptions.NONE);
  }

  public static DasGridApp start(DasGridConfig config, PrintStream console, NodeOptions node) {
    String version = implementationVersion();
    console.println("DasGrid " + version + ": config " + config.file() + " (" + config.sources().size()
        + " sources)");
    return new DasGridApp(config, console, version, node);
  }

  static String implementationVersion() {
    String v = DasGridApp.class.getPackage().getImplementationVersion();
    return v != null ? v : "dev";
  }

  public DasGridConfig config() {
    return config;
  }

  public SourceRegistry registry() {
    return registry;
  }

  public SourceLoader loader() {
    return loader;
  }

  public DasService das() {
    return das;
  }

  public ResponseCache cache() {
    return cache;
  }

  /** The one store of bgzipped, indexed copies: the browser exports and htsget's blocks. */
  public ExportStore exports() {
    return exports;
  }

  public WarmupState warmup() {
    return warmup;
  }

  public DasGridMetrics metrics() {
    return metrics;
  }

  /** Completes when every source is loaded or failed. */
  public CompletableFuture<Void> loaded() {
    return loaded;
  }

  /**
   * Starts the sources' deferred index checks once the server says ready (every source loaded or failed, the
   * warm-up over), so they never compete with the start-up for the cores. Called when the webapp's context is
   * up: after {@link WarmupState#begin}, which an embedded server calls before starting Tomcat.
   */
  public void checkIndexesOnceReady() {
    loaded.handle((v, e) -> null).thenCompose(v -> warmup.done()).thenRun(loader::startDeferredChecks);
  }

  public String serverName() {
    return "DasGrid/" + version;
  }

  public String version() {
    return version;
  }

  /** The cluster this node is part of, if the config has one. */
  public Optional<Cluster> cluster() {
    return Optional.ofNullable(cluster);
  }

  /** The gRPC sidecar's port, if one runs. */
  public OptionalInt grpcPort() {
    return sidecar == null ? OptionalInt.empty() : OptionalInt.of(sidecar.port());
  }

  @Override
  public void close() {
    if (sidecar != null) {
      sidecar.close();
    }
    if (cluster != null) {
      cluster.close();
    }
    watcher.close();
    loader.close();
    cache.invalidateAll();
    metrics.close();
  }
}
