package org.dasgrid.webapp;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import org.dasgrid.core.cache.ResponseCache;
import org.dasgrid.core.config.ConfigLoader;
import org.dasgrid.core.config.DasGridConfig;
import org.dasgrid.core.das.DasContext;
import org.dasgrid.core.das.DasService;
import org.dasgrid.core.registry.SourceLoader;
import org.dasgrid.core.registry.SourceRegistry;
import org.dasgrid.core.registry.SourceWatcher;
import org.dasgrid.core.source.DataSourceProviders;
import org.dasgrid.webapp.observe.DasGridMetrics;

/**
 * One running DasGrid: the config, the sources and their loader, the DAS service and the response cache.
 * Built once per web application (embedded or WAR) by {@link DasGridListener}; no static state.
 */
public final class DasGridApp implements AutoCloseable {
  /** The servlet-context attribute holding the running app. */
  public static final String ATTRIBUTE = DasGridApp.class.getName();

  private final DasGridConfig config;
  private final SourceRegistry registry;
  private final SourceLoader loader;
  private final DasService das;
  private final ResponseCache cache;
  private final CompletableFuture<Void> loaded;
  private final SourceWatcher watcher;
  private final String version;
  private final DasGridMetrics metrics;

  private DasGridApp(DasGridConfig config, PrintStream console, String version) {
    this.config = config;
    this.version = version;
    DataSourceProviders providers = DataSourceProviders.discover(DasGridApp.class.getClassLoader());
    this.registry = new SourceRegistry(config.sources());
    this.loader = new SourceLoader(providers, new ConsoleLoadListener(console), config.server().loadThreads(),
        config.server().maxHeapShare());
    this.das = new DasService(new DasContext(registry, config.server(), "DasGrid/" + version));
    this.cache = new ResponseCache(config.server().cacheBytes(), config.server().cacheMaxEntryBytes());
    this.watcher = new SourceWatcher(registry, loader);
    this.metrics = DasGridMetrics.create(registry, cache);
    this.loaded = loader.loadAll(registry);
  }

  /**
   * Reads the config (the bundled examples when {@code configPath} is null) and starts loading the sources
   * in the background. A bad config fails here, before the server takes requests.
   */
  public static DasGridApp start(Path configPath, PrintStream console) {
    return start(loadConfig(configPath), console);
  }

  /** Reads and validates a config file, or the bundled examples' when {@code configPath} is null. */
  public static DasGridConfig loadConfig(Path configPath) {
    Path path = configPath != null ? configPath : BundledExamples.config(implementationVersion());
    DataSourceProviders providers = DataSourceProviders.discover(DasGridApp.class.getClassLoader());
    return new ConfigLoader(providers.formats()).load(path);
  }

  /**
   * Starts on a config already read (and perhaps adjusted, as the benchmarks' cache-less twin is), loading
   * its sources in the background.
   */
  public static DasGridApp start(DasGridConfig config, PrintStream console) {
    String version = implementationVersion();
    console.println("DasGrid " + version + ": config " + config.file() + " (" + config.sources().size()
        + " sources)");
    return new DasGridApp(config, console, version);
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

  public DasGridMetrics metrics() {
    return metrics;
  }

  /** Completes when every source is loaded or failed. */
  public CompletableFuture<Void> loaded() {
    return loaded;
  }

  public String serverName() {
    return "DasGrid/" + version;
  }

  public String version() {
    return version;
  }

  @Override
  public void close() {
    watcher.close();
    loader.close();
    cache.invalidateAll();
    metrics.close();
  }
}
