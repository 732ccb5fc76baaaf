package org.dasgrid.core.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Which nodes make up the cluster and which of them hold which source/contigs ({@code cluster:}). A
 * source/contig may be held by several nodes (replicas).
 *
 * @param deadlineMs how long a node of contact waits for the other nodes' parts of one answer
 * @param probeIntervalMs how often each node checks on the others (and notices one that came back)
 * @param tls mutual TLS between nodes; absent for plaintext on a private network
 */
public record ClusterConfig(
    List<Node> nodes, List<Shard> shards, Integer deadlineMs, Integer probeIntervalMs, Tls tls) {
  public static final int DEFAULT_DEADLINE_MS = 3000;
  public static final int DEFAULT_PROBE_INTERVAL_MS = 1000;

  public ClusterConfig {
    // copies that keep null entries, so the loader can report them rather than fail here
    nodes = nodes == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(nodes));
    shards = shards == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(shards));
    deadlineMs = deadlineMs == null ? DEFAULT_DEADLINE_MS : deadlineMs;
    probeIntervalMs = probeIntervalMs == null ? DEFAULT_PROBE_INTERVAL_MS : probeIntervalMs;
  }

  public ClusterConfig(List<Node> nodes, List<Shard> shards) {
    this(nodes, shards, null, null, null);
  }

  /** A cluster member: its id, gRPC address ({@code host:port}) and HTTP base URL. */
  public record Node(String id, String grpc, String http) {}

  /** The contigs of a source held by a node; no contigs means all of them. */
  public record Shard(String source, List<String> contigs, String node) {
    public Shard {
      contigs = contigs == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(contigs));
    }
  }

  /**
   * Mutual TLS between nodes, PEM files (relative to the config file): this node's certificate chain and
   * private key (PKCS#8), and the CA that signs every node's certificate. Each side checks the other's.
   */
  public record Tls(String cert, String key, String ca) {}
}
