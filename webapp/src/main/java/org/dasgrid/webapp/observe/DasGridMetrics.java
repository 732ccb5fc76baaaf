package org.dasgrid.webapp.observe;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.TimeGauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import org.dasgrid.core.access.AccessCheck;
import org.dasgrid.core.cache.ResponseCache;
import org.dasgrid.core.cluster.Cluster;
import org.dasgrid.core.config.Access;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.registry.SourceRegistry;
import org.dasgrid.core.registry.SourceSlot;
import org.dasgrid.core.registry.SourceState;

/**
 * The meters of one running DasGrid, in a registry of its own (never Micrometer's global one, so two apps in one
 * JVM — tests, or two WARs — do not mix): requests by API, command, source and status with a latency histogram;
 * the response cache; every source's state, size and load time; and the JVM. Read at scrape time from the live
 * objects, so nothing here has to be told when a source loads or the cache changes.
 */
public final class DasGridMetrics implements AutoCloseable {
  /** Latency histogram buckets: fixed, so every series has the same small set of {@code le} values. */
  private static final Duration[] BUCKETS = {
    Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofMillis(5), Duration.ofMillis(10),
    Duration.ofMillis(25), Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(250),
    Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(5),
    Duration.ofSeconds(10), Duration.ofSeconds(30)
  };
  private static final String[] STATES = {"loading", "ready", "failed"};

  private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final JvmGcMetrics gc = new JvmGcMetrics();
  private final RequestClassifier classifier;
  /** Timers by tags, so the per-request path is a map lookup rather than a registry builder. */
  private final Map<TimerKey, Timer> timers = new ConcurrentHashMap<>();

  /** Hand-written equals/hashCode: the record's generated ones showed in the profile of every request. */
  private record TimerKey(RequestKind kind, int status) {
    @Override
    public boolean equals(Object o) {
      return o instanceof TimerKey k && k.status == status && k.kind.api().equals(kind.api())
          && k.kind.command().equals(kind.command()) && k.kind.source().equals(kind.source());
    }

    @Override
    public int hashCode() {
      return ((kind.api().hashCode() * 31 + kind.command().hashCode()) * 31 + kind.source().hashCode()) * 31
          + status;
    }
  }

  /** Ids of the token-protected sources: their series are left out of a public scrape. */
  private final Set<String> protectedIds;

  private DasGridMetrics(SourceRegistry sources, ResponseCache cache) {
    this.classifier = new RequestClassifier(sources.all().stream().map(SourceSlot::config).toList());
    this.protectedIds = sources.all().stream().filter(s -> s.config().access() != Access.PUBLIC)
        .map(SourceSlot::id).collect(Collectors.toUnmodifiableSet());
    new ClassLoaderMetrics().bindTo(registry);
    new JvmMemoryMetrics().bindTo(registry);
    gc.bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    new UptimeMetrics().bindTo(registry);
    new FileDescriptorMetrics().bindTo(registry);
    bindCache(registry, cache);
    for (SourceSlot slot : sources.all()) {
      bindSource(registry, slot);
    }
  }

  /** Meters for these sources and this cache, plus the JVM's. */
  public static DasGridMetrics create(SourceRegistry sources, ResponseCache cache) {
    return new DasGridMetrics(sources, cache);
  }

  /**
   * One gauge per node of {@code cluster}: 1 while this node sees it up (it answered its last probe or call), 0
   * while it is marked down — what to alert on, and what says a node just started is used again.
   */
  public void bindCluster(Cluster cluster) {
    for (String node : cluster.layout().nodeIds()) {
      Gauge.builder("dasgrid.cluster.node.up", cluster, c -> c.isUp(node) ? 1 : 0)
          .tag("node", node).strongReference(true)
          .description("1 while this node sees the cluster node up (answering probes and calls), 0 while down")
          .register(registry);
    }
  }

  private static void bindCache(MeterRegistry r, ResponseCache cache) {
    FunctionCounter.builder("dasgrid.cache.hits", cache, c -> c.stats().hitCount())
        .description("Responses served from the serialized-response cache").register(r);
    FunctionCounter.builder("dasgrid.cache.misses", cache, c -> c.stats().missCount())
        .description("Cacheable responses that were not in the cache").register(r);
    FunctionCounter.builder("dasgrid.cache.evictions", cache, c -> c.stats().evictionCount())
        .description("Responses evicted from the cache to stay within its size").register(r);
    Gauge.builder("dasgrid.cache.size", cache, ResponseCache::weightedSize).baseUnit("bytes")
        .description("Bytes held by the response cache").strongReference(true).register(r);
  }

  private static void bindSource(MeterRegistry r, SourceSlot slot) {
    String id = slot.id();
    for (String state : STATES) {
      Gauge.builder("dasgrid.source.state", slot, s -> stateName(s.state()).equals(state) ? 1 : 0)
          .tags("source", id, "state", state).strongReference(true)
          .description("1 for the state the source is in (loading, ready, failed), 0 for the others").register(r);
    }
    sourceGauge(r, "dasgrid.source.records", slot, s -> s.data().stats().records(), null,
        "Features (or variants) held by the serving version");
    sourceGauge(r, "dasgrid.source.input", slot, s -> s.data().stats().bytesRead(), "bytes",
        "Bytes of input read to load the serving version");
    sourceGauge(r, "dasgrid.source.heap", slot, s -> s.data().stats().heapBytes(), "bytes",
        "Estimated heap held by the serving version (-1 when not estimated)");
    sourceGauge(r, "dasgrid.source.references", slot, s -> s.data().entryPoints().size(), null,
        "Reference sequences (entry points) of the serving version");
    TimeGauge.builder("dasgrid.source.load.duration", slot, TimeUnit.MILLISECONDS,
            s -> s.loaded().map(l -> (double) l.loadMillis()).orElse(Double.NaN))
        .tag("source", id).strongReference(true)
        .description("How long the serving version took to load").register(r);
    Gauge.builder("dasgrid.source.loading.progress", slot, DasGridMetrics::loadingFraction)
        .tag("source", id).strongReference(true)
        .description("Fraction of the input read by a first load or reload under way (NaN when none)").register(r);
  }

  private static void sourceGauge(MeterRegistry r, String name, SourceSlot slot, ToDoubleFunction<LoadedSource> f,
      String unit, String description) {
    Gauge.Builder<SourceSlot> b = Gauge.builder(name, slot, s -> s.loaded().map(f::applyAsDouble).orElse(Double.NaN))
        .tag("source", slot.id()).strongReference(true).description(description);
    if (unit != null) {
      b.baseUnit(unit);
    }
    b.register(r);
  }

  private static double loadingFraction(SourceSlot s) {
    if (s.state() instanceof SourceState.Loading l) {
      return l.progress().fraction();
    }
    return s.reloadProgress().map(SourceState.Progress::fraction).orElse(Double.NaN);
  }

  static String stateName(SourceState s) {
    if (s instanceof SourceState.Ready) {
      return "ready";
    }
    return s instanceof SourceState.Failed ? "failed" : "loading";
  }

  /** Records one finished request from a client that may read what {@code access} allows. */
  void recordRequest(String path, AccessCheck access, int status, long nanos) {
    RequestKind kind = classifier.classify(path, access);
    Timer t = timers.computeIfAbsent(new TimerKey(kind, status), k -> Timer.builder("dasgrid.requests")
        .description("HTTP requests by API, command, source and status, from arrival to the last byte")
        .tags("api", kind.api(), "command", kind.command(), "source", kind.source(), "status",
            Integer.toString(status))
        .serviceLevelObjectives(BUCKETS)
        .register(registry));
    t.record(nanos, TimeUnit.NANOSECONDS);
  }

  /** The registry, for meters added by other parts of the server. */
  public MeterRegistry registry() {
    return registry;
  }

  /**
   * Writes the meters in the Prometheus text format (version 0.0.4). Without {@code includeProtected}, every
   * series labelled with a token-protected source is left out (its {@code # HELP}/{@code # TYPE} lines stay, as
   * for a metric with no series yet), so a public scrape does not reveal which protected sources exist.
   */
  void scrape(OutputStream out, boolean includeProtected) throws IOException {
    if (includeProtected || protectedIds.isEmpty()) {
      registry.scrape(out);
      return;
    }
    Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
    for (String line : (Iterable<String>) registry.scrape().lines()::iterator) {
      if (!namesProtectedSource(line)) {
        w.write(line);
        w.write('\n');
      }
    }
    w.flush();
  }

  /** Whether a sample line carries {@code source="<protected id>"} (ids are URL-safe, so never escaped). */
  private boolean namesProtectedSource(String line) {
    if (line.startsWith("#")) {
      return false;
    }
    int at = line.indexOf("source=\"");
    while (at > 0) {
      char before = line.charAt(at - 1);
      int valueStart = at + "source=\"".length();
      int valueEnd = line.indexOf('"', valueStart);
      if ((before == '{' || before == ',') && valueEnd > 0
          && protectedIds.contains(line.substring(valueStart, valueEnd))) {
        return true;
      }
      at = line.indexOf("source=\"", valueStart);
    }
    return false;
  }

  @Override
  public void close() {
    gc.close();
    registry.close();
  }
}
