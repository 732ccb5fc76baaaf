package org.dasgrid.webapp;

import java.util.Collection;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What a cluster node sees of the others, read as an operator would: the {@code dasgrid_cluster_node_up} gauges
 * of its {@code /metrics}. Tests start asking a cluster once every node sees every other up: a node started
 * before the others has marked them down, and uses them again only after its next probe finds them.
 */
public final class ClusterHealth {
  private ClusterHealth() {}

  /** The node's gauges by node id: true for 1 (up), false for 0 (marked down). */
  public static Map<String, Boolean> nodesUp(String base) {
    Http.Response r = Http.get(base + "/metrics");
    if (r.status() != 200) {
      throw new AssertionError(base + "/metrics: " + r.status());
    }
    return LocalCluster.nodesUp(r.text());
  }

  /** Waits until the node at {@code base} sees {@code node} up ({@code true}) or down. */
  public static void await(String base, String node, boolean up, long seconds) throws InterruptedException {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    Map<String, Boolean> seen = nodesUp(base);
    while (!Boolean.valueOf(up).equals(seen.get(node))) {
      if (System.nanoTime() > until) {
        throw new AssertionError(base + " still sees " + node + (up ? " down" : " up") + " after " + seconds
            + " s: " + seen);
      }
      Thread.sleep(50);
      seen = nodesUp(base);
    }
  }

  /** Waits until each node at {@code bases} sees every one of {@code nodes} up. */
  public static void awaitAllUp(Collection<String> bases, Collection<String> nodes, long seconds)
      throws InterruptedException {
    for (String base : bases) {
      for (String node : nodes) {
        await(base, node, true, seconds);
      }
    }
  }
}
