package org.dasgrid.core.cluster;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which nodes are in trouble, as calls and the health probe find: a node marked down is tried after its
 * healthy replicas, and marked up again by its next answer. Shared by every request of a node.
 */
final class NodeHealth {
  private final Map<String, Long> downSince = new ConcurrentHashMap<>();
  private final java.util.Set<String> answered = ConcurrentHashMap.newKeySet();

  boolean isUp(String node) {
    return !downSince.containsKey(node);
  }

  void markDown(String node) {
    downSince.putIfAbsent(node, System.nanoTime());
  }

  /** Marks a node up; true if it was down, or had never answered before. */
  boolean markUp(String node) {
    boolean first = answered.add(node);
    return downSince.remove(node) != null || first;
  }

  /** Marks a node down; true if it had answered before and was up (a node going away, worth a warning). */
  boolean markDownNoticing(String node) {
    return downSince.putIfAbsent(node, System.nanoTime()) == null && answered.contains(node);
  }
}
