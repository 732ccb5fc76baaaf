package org.dasgrid.webapp.cluster;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dasgrid.webapp.ClusterHealth;

/**
 * A loopback cluster, each node its own JVM started from the built jar, beside a single node (the twin)
 * holding the same data whole: the cluster ITs check that any node's answer is the twin's. Started ready
 * (every node ready, every node seeing all the others up); closing stops every process.
 */
final class TwinCluster implements AutoCloseable {
  private final NodeProcess single;
  private final String singleBase;
  private final Map<String, NodeProcess> nodes;
  private final Map<String, String> bases;

  private TwinCluster(NodeProcess single, String singleBase, Map<String, NodeProcess> nodes,
      Map<String, String> bases) {
    this.single = single;
    this.singleBase = singleBase;
    this.nodes = nodes;
    this.bases = bases;
  }

  /**
   * Writes {@code single.yaml} ({@code singleConfig}) and {@code cluster.yaml} ({@code clusterSources}, then a
   * {@code cluster:} section with the nodes on free ports, {@code deadlineMs} and the {@code shards} YAML list)
   * into {@code dir}, and starts the twin and the nodes.
   *
   * @param shards the {@code shards:} entries, one {@code - {...}} per line, unindented
   */
  static TwinCluster start(Path dir, String singleConfig, String clusterSources, List<String> nodeIds,
      int deadlineMs, String shards) throws Exception {
    StringBuilder cluster = new StringBuilder(clusterSources).append("cluster:\n  deadlineMs: ").append(deadlineMs)
        .append("\n  probeIntervalMs: 300\n  nodes:\n");
    Map<String, Integer> httpPorts = new LinkedHashMap<>();
    for (String n : nodeIds) {
      int http = NodeProcess.freePort();
      httpPorts.put(n, http);
      cluster.append("    - {id: ").append(n).append(", grpc: \"127.0.0.1:").append(NodeProcess.freePort())
          .append("\", http: \"http://127.0.0.1:").append(http).append("\"}\n");
    }
    cluster.append("  shards:\n");
    shards.lines().filter(l -> !l.isBlank()).forEach(l -> cluster.append("    ").append(l.strip()).append('\n'));
    Files.writeString(dir.resolve("single.yaml"), singleConfig);
    Files.writeString(dir.resolve("cluster.yaml"), cluster);
    int singlePort = NodeProcess.freePort();
    NodeProcess single = new NodeProcess("single", args(dir.resolve("single.yaml"), singlePort)).start();
    Map<String, NodeProcess> nodes = new LinkedHashMap<>();
    Map<String, String> bases = new LinkedHashMap<>();
    TwinCluster c = new TwinCluster(single, "http://127.0.0.1:" + singlePort, nodes, bases);
    try {
      for (var e : httpPorts.entrySet()) {
        List<String> a = new ArrayList<>(args(dir.resolve("cluster.yaml"), e.getValue()));
        a.addAll(List.of("--node-id", e.getKey()));
        nodes.put(e.getKey(), new NodeProcess(e.getKey(), a).start());
        bases.put(e.getKey(), "http://127.0.0.1:" + e.getValue());
      }
      single.awaitReady(180);
      for (NodeProcess n : nodes.values()) {
        n.awaitReady(180);
      }
      ClusterHealth.awaitAllUp(bases.values(), nodes.keySet(), 30);
      return c;
    } catch (Exception | Error e) {
      c.close();
      throw e;
    }
  }

  private static List<String> args(Path config, int port) {
    return List.of("--config", config.toString(), "--port", Integer.toString(port), "--bind", "127.0.0.1",
        "--access-log", "off");
  }

  /** The single node's base URL. */
  String singleBase() {
    return singleBase;
  }

  NodeProcess node(String id) {
    return nodes.get(id);
  }

  /** Each node's base URL by id, in the order given at start. */
  Map<String, String> bases() {
    return bases;
  }

  /** The nodes' base URLs, in the order given at start. */
  List<String> baseList() {
    return List.copyOf(bases.values());
  }

  @Override
  public void close() {
    nodes.values().forEach(NodeProcess::close);
    single.close();
  }
}
