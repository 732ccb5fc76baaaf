package org.dasgrid.core.cluster;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.dasgrid.core.config.ClusterConfig;
import org.dasgrid.core.source.ContigSelection;

/**
 * Which node holds which contigs of which source, from the config's {@code cluster:} section. A source named
 * in no shard is not sharded: every node holds all of it. A shard without contigs holds all of its source;
 * a contig several nodes hold has replicas. Node order is the config's: the order replicas are tried in.
 */
public final class ClusterLayout {
  private final List<ClusterConfig.Node> nodes;
  /** source -> node id -> contigs held there, for sharded sources only. */
  private final Map<String, Map<String, ContigSelection>> shards;

  private ClusterLayout(List<ClusterConfig.Node> nodes, Map<String, Map<String, ContigSelection>> shards) {
    this.nodes = List.copyOf(nodes);
    this.shards = shards;
  }

  public static ClusterLayout of(ClusterConfig config) {
    Map<String, Map<String, ContigSelection>> shards = new LinkedHashMap<>();
    for (ClusterConfig.Shard s : config.shards()) {
      ContigSelection sel = s.contigs().isEmpty() ? ContigSelection.ALL : ContigSelection.of(s.contigs());
      shards.computeIfAbsent(s.source(), k -> new LinkedHashMap<>()).merge(s.node(), sel, ContigSelection::plus);
    }
    return new ClusterLayout(config.nodes(), shards);
  }

  public List<ClusterConfig.Node> nodes() {
    return nodes;
  }

  public List<String> nodeIds() {
    return nodes.stream().map(ClusterConfig.Node::id).toList();
  }

  public Optional<ClusterConfig.Node> node(String id) {
    return nodes.stream().filter(n -> n.id().equals(id)).findFirst();
  }

  /** Whether the source is split over (or replicated on) some nodes rather than held whole by each. */
  public boolean isSharded(String source) {
    return shards.containsKey(source);
  }

  /** The contigs of {@code source} that node {@code nodeId} holds. */
  public ContigSelection held(String nodeId, String source) {
    Map<String, ContigSelection> bySource = shards.get(source);
    if (bySource == null) {
      return ContigSelection.ALL;
    }
    return bySource.getOrDefault(nodeId, ContigSelection.NONE);
  }

  /** The nodes holding {@code contig} of {@code source}, in config order. */
  public List<String> holders(String source, String contig) {
    List<String> out = new ArrayList<>();
    for (ClusterConfig.Node n : nodes) {
      if (held(n.id(), source).includes(contig)) {
        out.add(n.id());
      }
    }
    return out;
  }

  /** The nodes holding some of {@code source}, in config order. */
  public List<String> holdersOfAny(String source) {
    List<String> out = new ArrayList<>();
    for (ClusterConfig.Node n : nodes) {
      if (!held(n.id(), source).isNone()) {
        out.add(n.id());
      }
    }
    return out;
  }
}
