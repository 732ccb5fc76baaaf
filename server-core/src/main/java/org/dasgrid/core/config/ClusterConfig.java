package org.dasgrid.core.config;

import java.util.List;

/**
 * Which nodes make up the cluster and which of them hold which source/contigs ({@code cluster:}). A
 * source/contig may be held by several nodes (replicas).
 */
public record ClusterConfig(List<Node> nodes, List<Shard> shards) {
  public ClusterConfig {
    nodes = nodes == null ? List.of() : List.copyOf(nodes);
    shards = shards == null ? List.of() : List.copyOf(shards);
  }

  /** A cluster member: its id, gRPC address ({@code host:port}) and HTTP base URL. */
  public record Node(String id, String grpc, String http) {}

  /** The contigs of a source held by a node; no contigs means all of them. */
  public record Shard(String source, List<String> contigs, String node) {
    public Shard {
      contigs = contigs == null ? List.of() : List.copyOf(contigs);
    }
  }
}
