package org.dasgrid.core.cluster;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.dasgrid.core.config.Access;
import org.dasgrid.core.config.ClusterConfig;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.genotype.VariantRow;
import org.dasgrid.core.registry.LoadListener;
import org.dasgrid.core.registry.SourceLoader;
import org.dasgrid.core.registry.SourceRegistry;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSourceProviders;
import org.dasgrid.core.source.FeatureFilter;

/**
 * Three cluster nodes in one JVM, each with its own registry, loader and {@link Cluster}, talking through
 * {@link Flaky} clients (in-process {@link LocalNode}s that a test can make unreachable or silent). Source
 * {@code syn} (features and genotypes) is spread with replicas: n1 holds c1,c2,c5; n2 c2,c3; n3 c4,c5.
 * Source {@code side} is held by n2 (c1-c3) and n3 (c4,c5) only, so n1 must fetch its catalog.
 */
final class TestCluster implements AutoCloseable {
  static final List<String> NODES = List.of("n1", "n2", "n3");
  final Map<String, Cluster> clusters = new LinkedHashMap<>();
  final Map<String, SourceRegistry> registries = new LinkedHashMap<>();
  final Map<String, Flaky> network = new LinkedHashMap<>();
  final SourceConfig syn;
  final SourceConfig side;

  TestCluster(Path dir, int deadlineMs) throws Exception {
    Path file = Files.writeString(dir.resolve("syn.txt"), "synthetic");
    syn = config("syn", file, true);
    side = config("side", file, false);
    ClusterConfig cc = new ClusterConfig(
        NODES.stream().map(n -> new ClusterConfig.Node(n, "127.0.0.1:1", "http://127.0.0.1:1")).toList(),
        List.of(
            new ClusterConfig.Shard("syn", List.of("c1", "c2", "c5"), "n1"),
            new ClusterConfig.Shard("syn", List.of("c2", "c3"), "n2"),
            new ClusterConfig.Shard("syn", List.of("c4", "c5"), "n3"),
            new ClusterConfig.Shard("side", List.of("c1", "c2", "c3"), "n2"),
            new ClusterConfig.Shard("side", List.of("c4", "c5"), "n3")),
        deadlineMs, 50, null);
    for (String n : NODES) {
      network.put(n, new Flaky(n));
    }
    for (String n : NODES) {
      SourceRegistry registry = new SourceRegistry(List.of(syn, side));
      Cluster cluster = Cluster.join(cc, n, registry, node -> network.get(node.id()));
      network.get(n).target = cluster.local();
      SourceLoader loader = new SourceLoader(DataSourceProviders.of(new SyntheticProvider()), LoadListener.NONE, 1,
          1.0, cluster);
      loader.loadAll(registry).join();
      loader.close();
      clusters.put(n, cluster);
      registries.put(n, registry);
    }
    // a node's prober may have asked a node not built yet and marked it down: start once all see all up
    long until = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
    while (!clusters.values().stream().allMatch(c -> NODES.stream().allMatch(c::isUp))) {
      if (System.nanoTime() > until) {
        throw new IllegalStateException("test cluster: nodes still down after 10 s");
      }
      Thread.sleep(10);
    }
  }

  static SourceConfig config(String id, Path file, boolean genotypes) {
    return new SourceConfig(id, id, "", "synthetic", file.toString(), null, null, null, genotypes, Access.PUBLIC,
        null, List.of(), Map.of(), file.getParent());
  }

  /** The sharded source as node {@code n} serves it. */
  ClusterSource source(String n, String id) {
    return (ClusterSource) registries.get(n).require(id).data();
  }

  @Override
  public void close() {
    clusters.values().forEach(Cluster::close);
  }

  /** A node as the others reach it: answering, unreachable, silent (never answering), or answering errors. */
  static final class Flaky implements NodeClient {
    enum Mode { UP, DOWN, SILENT, FAILING }

    final String id;
    volatile NodeClient target;
    volatile Mode mode = Mode.UP;
    volatile int calls;
    /** Questions about a source's data (every call but the status probe, which a cluster sends on its own). */
    final java.util.concurrent.atomic.AtomicInteger questions = new java.util.concurrent.atomic.AtomicInteger();

    Flaky(String id) {
      this.id = id;
    }

    private <T> CompletableFuture<T> via(java.util.function.Supplier<CompletableFuture<T>> call) {
      calls++;
      return switch (mode) {
        case UP -> call.get();
        case DOWN -> CompletableFuture.failedFuture(
            new NodeFailure(id, NodeFailure.Reason.UNAVAILABLE, "unreachable (connection refused)"));
        case SILENT -> new CompletableFuture<>();
        case FAILING -> CompletableFuture.failedFuture(
            new NodeFailure(id, NodeFailure.Reason.ERROR, "INTERNAL: disk read error"));
      };
    }

    private <T> CompletableFuture<T> asked(java.util.function.Supplier<CompletableFuture<T>> call) {
      questions.incrementAndGet();
      return via(call);
    }

    @Override
    public String nodeId() {
      return id;
    }

    /** A failing node still answers the probe: its errors are about data, not about being there. */
    @Override
    public CompletableFuture<NodeStatus> status(long deadlineNanos) {
      return mode == Mode.FAILING ? target.status(deadlineNanos) : via(() -> target.status(deadlineNanos));
    }

    @Override
    public CompletableFuture<SourceCatalog> catalog(String source, long deadlineNanos) {
      return asked(() -> target.catalog(source, deadlineNanos));
    }

    @Override
    public CompletableFuture<NodeReply<Map<FeatureType, Integer>>> types(String source, List<Segment> segments,
        long deadlineNanos) {
      return asked(() -> target.types(source, segments, deadlineNanos));
    }

    @Override
    public CompletableFuture<NodeReply<List<SegmentFeatures>>> features(String source, List<Segment> segments,
        FeatureFilter filter, int maxFeatures, long deadlineNanos) {
      return asked(() -> target.features(source, segments, filter, maxFeatures, deadlineNanos));
    }

    @Override
    public CompletableFuture<NodeReply<List<Feature>>> featuresById(String source, List<String> ids,
        List<String> contigs, long deadlineNanos) {
      return asked(() -> target.featuresById(source, ids, contigs, deadlineNanos));
    }

    @Override
    public CompletableFuture<NodeReply<List<VariantRow>>> variants(String source, GenotypeCall call,
        long deadlineNanos) {
      return asked(() -> target.variants(source, call, deadlineNanos));
    }

    @Override
    public CompletableFuture<NodeReply<SampleCounts>> samples(String source, GenotypeCall call,
        long deadlineNanos) {
      return asked(() -> target.samples(source, call, deadlineNanos));
    }

    @Override
    public CompletableFuture<NodeReply<CountReply>> count(String source, GenotypeCall call, long deadlineNanos) {
      return asked(() -> target.count(source, call, deadlineNanos));
    }
  }
}
