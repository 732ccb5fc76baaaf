package org.dasgrid.core.cluster;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Who answered a request across the cluster: each node with the contigs it answered for and the time its
 * engine spent, and the shards nobody answered for (only in a partial answer, which the client asked to
 * accept). Built by one request thread.
 */
public final class FanOutReport {
  private final Map<String, Node> nodes = new LinkedHashMap<>();
  private final Map<String, String> missing = new LinkedHashMap<>();

  /** One node's part of the answer. */
  public record Node(String node, List<String> contigs, long dbNanos) {}

  /** A contig nobody answered for, and why. */
  public record Missing(String contig, String reason) {}

  void answered(String nodeId, List<String> contigs, long dbNanos) {
    Node before = nodes.get(nodeId);
    if (before == null) {
      nodes.put(nodeId, new Node(nodeId, List.copyOf(contigs), dbNanos));
      return;
    }
    Set<String> all = new LinkedHashSet<>(before.contigs());
    all.addAll(contigs);
    nodes.put(nodeId, new Node(nodeId, List.copyOf(all), before.dbNanos() + dbNanos));
  }

  void missing(String contig, String reason) {
    missing.putIfAbsent(contig, reason);
  }

  public List<Node> nodes() {
    return new ArrayList<>(nodes.values());
  }

  public List<Missing> missing() {
    return missing.entrySet().stream().map(e -> new Missing(e.getKey(), e.getValue())).toList();
  }

  public boolean isPartial() {
    return !missing.isEmpty();
  }

  public boolean isEmpty() {
    return nodes.isEmpty() && missing.isEmpty();
  }

  /**
   * The engine time on the answer's critical path: the nodes work in parallel, so the longest of them. This
   * is what a cluster answer reports as {@code elapsed_db_ms}; the rest of {@code elapsed_ms} is the fan-out.
   */
  public long engineNanos() {
    long max = 0;
    for (Node n : nodes.values()) {
      max = Math.max(max, n.dbNanos());
    }
    return max;
  }

  /** {@code n1 (1,2), n2 (3)}: for a response header. */
  public String nodesText() {
    StringBuilder sb = new StringBuilder();
    for (Node n : nodes.values()) {
      if (sb.length() > 0) {
        sb.append(", ");
      }
      sb.append(n.node()).append(" (").append(String.join(",", n.contigs())).append(')');
    }
    return sb.toString();
  }

  /** {@code 5,6 (n3: unreachable)}: for a response header or an error message. */
  public String missingText() {
    Map<String, List<String>> byReason = new LinkedHashMap<>();
    missing.forEach((contig, reason) -> byReason.computeIfAbsent(reason, r -> new ArrayList<>()).add(contig));
    StringBuilder sb = new StringBuilder();
    byReason.forEach((reason, contigs) -> {
      if (sb.length() > 0) {
        sb.append("; ");
      }
      sb.append(String.join(",", contigs)).append(" (").append(reason).append(')');
    });
    return sb.toString();
  }

  /** Adds another report's answers and gaps to this one. */
  public void addAll(FanOutReport other) {
    other.nodes.values().forEach(n -> answered(n.node(), n.contigs(), n.dbNanos()));
    other.missing.forEach(this::missing);
  }
}
