package org.dasgrid.core.cluster;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.zip.CRC32C;
import org.dasgrid.core.config.ClusterConfig;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.registry.Placement;
import org.dasgrid.core.registry.SourceRegistry;
import org.dasgrid.core.source.ContigSelection;

/**
 * This node's view of the cluster: the layout, a client for every member (this node's own {@link LocalNode}
 * among them), their health, and the probe that keeps it current. As the {@link Placement} of the node's
 * sources it makes the loader load only this node's shards and publishes each sharded source as a {@link
 * ClusterSource}, which answers for all of it.
 */
public final class Cluster implements Placement, AutoCloseable {
  private static final System.Logger LOG = System.getLogger(Cluster.class.getName());

  private final ClusterLayout layout;
  private final String self;
  private final Map<String, NodeClient> clients;
  private final NodeHealth health = new NodeHealth();
  private final long deadlineNanos;
  private final Map<String, NodeStatus> statuses = new ConcurrentHashMap<>();
  private final AtomicInteger rotation = new AtomicInteger();
  private final ScheduledExecutorService prober;

  private Cluster(ClusterConfig config, String self, SourceRegistry registry,
      Function<ClusterConfig.Node, NodeClient> connect) {
    this.layout = ClusterLayout.of(config);
    if (layout.node(self).isEmpty()) {
      throw new IllegalArgumentException("node id '" + self + "' is not in the config's cluster.nodes "
          + layout.nodeIds());
    }
    this.self = self;
    this.deadlineNanos = TimeUnit.MILLISECONDS.toNanos(config.deadlineMs());
    Map<String, NodeClient> m = new LinkedHashMap<>();
    for (ClusterConfig.Node n : layout.nodes()) {
      m.put(n.id(), n.id().equals(self) ? new LocalNode(self, registry, this::held) : connect.apply(n));
    }
    this.clients = Map.copyOf(m);
    this.prober = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "dasgrid-cluster-probe");
      t.setDaemon(true);
      return t;
    });
    long interval = config.probeIntervalMs();
    prober.scheduleWithFixedDelay(this::probe, 0, interval, TimeUnit.MILLISECONDS);
  }

  /**
   * Joins the cluster as {@code self}: connects to the other members (with {@code connect}, the gRPC client)
   * and starts checking on them.
   */
  public static Cluster join(ClusterConfig config, String self, SourceRegistry registry,
      Function<ClusterConfig.Node, NodeClient> connect) {
    return new Cluster(config, self, registry, connect);
  }

  public String self() {
    return self;
  }

  public ClusterLayout layout() {
    return layout;
  }

  /** This node's own shards, as the other nodes see them (what the gRPC sidecar serves). */
  public NodeClient local() {
    return clients.get(self);
  }

  NodeClient client(String node) {
    NodeClient c = clients.get(node);
    if (c == null) {
      throw new IllegalArgumentException("unknown node " + node);
    }
    return c;
  }

  NodeHealth health() {
    return health;
  }

  long deadlineNanos() {
    return deadlineNanos;
  }

  int nextRotation() {
    return rotation.getAndIncrement() & Integer.MAX_VALUE;
  }

  /** Whether a node answered its last probe or call. */
  public boolean isUp(String node) {
    return node.equals(self) || health.isUp(node);
  }

  /** The last status each other node reported, by node id. */
  public Map<String, NodeStatus> statuses() {
    return Map.copyOf(statuses);
  }

  @Override
  public ContigSelection held(SourceConfig source) {
    return layout.held(self, source.id());
  }

  @Override
  public LoadedSource publish(LoadedSource loaded) {
    if (!layout.isSharded(loaded.id())) {
      return loaded;
    }
    ClusterSource source = ClusterSource.of(this, loaded, held(loaded.config()));
    return loaded.withData(source, loaded.version());
  }

  /**
   * The node to ask about {@code contig} of {@code source}, not one of {@code exclude}: this node if it
   * holds it; else a healthy replica, chosen by {@code rotation} so that requests spread over replicas
   * while the contigs of one request stay together; else one that is marked down, in case it is back.
   */
  Optional<String> choose(String source, String contig, Set<String> exclude, int rotation) {
    List<String> holders = layout.holders(source, contig);
    if (holders.contains(self) && !exclude.contains(self)) {
      return Optional.of(self);
    }
    List<String> up = new ArrayList<>();
    List<String> down = new ArrayList<>();
    for (String n : holders) {
      if (!exclude.contains(n)) {
        (health.isUp(n) ? up : down).add(n);
      }
    }
    if (!up.isEmpty()) {
      return Optional.of(up.get(rotation % up.size()));
    }
    return down.isEmpty() ? Optional.empty() : Optional.of(down.get(0));
  }

  /** The nodes holding some of {@code source}: this node first, then healthy ones rotated, then the rest. */
  List<String> holdersInOrder(String source, int rotation) {
    List<String> holders = layout.holdersOfAny(source);
    List<String> out = new ArrayList<>();
    if (holders.contains(self)) {
      out.add(self);
    }
    List<String> up = holders.stream().filter(n -> !n.equals(self) && health.isUp(n)).toList();
    for (int i = 0; i < up.size(); i++) {
      out.add(up.get((i + rotation) % up.size()));
    }
    holders.stream().filter(n -> !out.contains(n)).forEach(out::add);
    return out;
  }

  /**
   * The version of a sharded source across the cluster. Versions derive from the files, so nodes holding the
   * same files report the same one and it is simply that (the same as a single node's). When a node's shard
   * differs (its files changed and it reloaded), the version combines them all, so cached answers and ETags
   * follow a reload anywhere within a probe interval.
   */
  String version(String source, String localVersion) {
    java.util.TreeMap<String, String> others = new java.util.TreeMap<>();
    boolean same = true;
    for (String node : layout.holdersOfAny(source)) {
      NodeStatus st = statuses.get(node);
      if (node.equals(self) || st == null) {
        continue;
      }
      java.util.Optional<ShardStatus> shard = st.source(source);
      if (shard.isEmpty() || shard.get().state() != ShardStatus.State.READY) {
        continue; // a shard not serving has no version to offer; its node answers nothing meanwhile
      }
      String v = shard.get().version();
      others.put(node, v);
      same &= v.equals(localVersion);
    }
    if (same) {
      return localVersion;
    }
    CRC32C crc = new CRC32C();
    others.forEach((node, v) -> crc.update((node + "=" + v + ";").getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    return localVersion + "-" + Long.toHexString(crc.getValue());
  }

  /** Asks every other node how it is; a node that answers is up, one that does not is down. */
  private void probe() {
    long timeout = Math.min(deadlineNanos, TimeUnit.SECONDS.toNanos(1));
    for (NodeClient c : clients.values()) {
      String node = c.nodeId();
      if (node.equals(self)) {
        continue;
      }
      if (!health.isUp(node)) {
        c.retryNow();
      }
      try {
        c.status(System.nanoTime() + timeout).whenComplete((st, e) -> {
          if (e == null) {
            statuses.put(node, st);
            if (health.markUp(node)) {
              LOG.log(System.Logger.Level.INFO, "cluster node " + node + " answers");
            }
          } else if (health.markDownNoticing(node)) {
            LOG.log(System.Logger.Level.WARNING, "cluster node " + node + " is not answering: "
                + NodeFailure.of(node, e).getMessage());
          }
        });
      } catch (RuntimeException e) {
        health.markDown(node);
      }
    }
  }

  @Override
  public void close() {
    prober.shutdownNow();
    for (NodeClient c : clients.values()) {
      c.close();
    }
  }
}
