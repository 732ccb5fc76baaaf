package org.dasgrid.core.config;

import java.util.List;

/**
 * Which nodes make up the cluster and which of them hold which source/contigs ({@code cluster:}). A
 * source/contig may be held by several nodes (replicas).
 */
public record ClusterConfig(List<Node> nodes, List<Shard> shards) {
  public ClusterConfig {
    // copies that keep null entries, so the loader can report them rather than fail here
    nodes = nodes == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(nodes));
    shards = shards == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(shards));
  }

  /** A cluster member: its id, gRPC address ({@code host:port}) and HTTP base URL. */
  public record Node(String id, String grpc, String http) {}

  /** The contigs of a source held by a node; no contigs means all of them. */
  public record Shard(String source, List<String> contigs, String node) {
    public Shard {
      contigs = contigs == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(contigs));
    }
  }
}
