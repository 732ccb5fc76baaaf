package org.dasgrid.core.cluster;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.dasgrid.core.error.RequestException;

/**
 * One request's calls to the nodes holding a source: contigs are assigned to nodes (this node first when it
 * holds them, then healthy replicas, spread over requests), the calls go out in parallel, a node that fails
 * is replaced by another replica of its contigs while the request's deadline allows, and the report records
 * who answered. Contigs nobody could answer for make the request fail with a 503-kind error naming them,
 * unless the client accepted a partial answer. Used by one request thread.
 */
final class FanOut {
  private final Cluster cluster;
  private final String source;
  private final FanOutOptions options;
  private final long deadline;
  private final int rotation;
  private final FanOutReport report = new FanOutReport();

  FanOut(Cluster cluster, String source, FanOutOptions options) {
    this.cluster = cluster;
    this.source = source;
    this.options = options;
    this.deadline = System.nanoTime() + cluster.deadlineNanos();
    this.rotation = cluster.nextRotation();
  }

  /** A call to one node about some contigs. */
  @FunctionalInterface
  interface PartCall<T> {
    CompletableFuture<NodeReply<T>> call(NodeClient node, List<String> contigs, long deadlineNanos);
  }

  /** One node's answer for some contigs. */
  record Part<T>(String node, List<String> contigs, T value) {}

  FanOutOptions options() {
    return options;
  }

  long deadline() {
    return deadline;
  }

  FanOutReport report() {
    return report;
  }

  /**
   * Asks the nodes holding {@code contigs} (canonical names), each about the contigs assigned to it, and
   * returns their answers in the order the calls were made. Contigs nobody holds or could answer for are
   * recorded as missing, or fail the request when partial answers are not allowed.
   */
  <T> List<Part<T>> run(Collection<String> contigs, PartCall<T> call) {
    List<Part<T>> done = new ArrayList<>();
    Map<String, Set<String>> triedNodes = new HashMap<>();
    Map<String, String> lastFailure = new HashMap<>();
    Set<String> pending = new LinkedHashSet<>(contigs);
    Set<String> missingNow = new LinkedHashSet<>();
    while (!pending.isEmpty()) {
      Map<String, List<String>> byNode = new LinkedHashMap<>();
      for (String contig : pending) {
        Optional<String> node = cluster.choose(source, contig, triedNodes.getOrDefault(contig, Set.of()), rotation);
        if (node.isEmpty()) {
          missing(contig, lastFailure.getOrDefault(contig, "no node holds it"), missingNow);
        } else if (System.nanoTime() >= deadline) {
          missing(contig, lastFailure.getOrDefault(contig, "deadline passed"), missingNow);
        } else {
          byNode.computeIfAbsent(node.get(), k -> new ArrayList<>()).add(contig);
        }
      }
      pending.clear();
      Map<String, CompletableFuture<NodeReply<T>>> calls = dispatch(byNode, call);
      for (Map.Entry<String, CompletableFuture<NodeReply<T>>> e : calls.entrySet()) {
        String node = e.getKey();
        List<String> assigned = byNode.get(node);
        try {
          NodeReply<T> reply = await(e.getValue());
          cluster.health().markUp(node);
          report.answered(node, assigned, reply.dbNanos());
          done.add(new Part<>(node, assigned, reply.value()));
        } catch (NodeFailure f) {
          if (f.nodeInTrouble()) {
            cluster.health().markDown(node);
          }
          for (String contig : assigned) {
            triedNodes.computeIfAbsent(contig, k -> new HashSet<>()).add(node);
            lastFailure.put(contig, node + ": " + f.getMessage());
            pending.add(contig);
          }
        }
      }
    }
    if (!missingNow.isEmpty() && !options.allowPartial()) {
      FanOutReport gaps = new FanOutReport();
      for (String contig : missingNow) {
        gaps.missing(contig, lastFailure.getOrDefault(contig, "no node holds it"));
      }
      throw RequestException.unavailable(
          "part of '%s' is unavailable: %s%s; retry shortly, or add partial=allow for an answer without it",
          source, source + ":", gaps.missingText());
    }
    return done;
  }

  private void missing(String contig, String reason, Set<String> missingNow) {
    missingNow.add(contig);
    report.missing(contig, reason);
  }

  /** Starts the remote calls first, then answers this node's part on this thread while they run. */
  private <T> Map<String, CompletableFuture<NodeReply<T>>> dispatch(Map<String, List<String>> byNode,
      PartCall<T> call) {
    Map<String, CompletableFuture<NodeReply<T>>> calls = new LinkedHashMap<>();
    for (Map.Entry<String, List<String>> e : byNode.entrySet()) {
      if (!e.getKey().equals(cluster.self())) {
        calls.put(e.getKey(), start(e.getKey(), e.getValue(), call));
      }
    }
    List<String> mine = byNode.get(cluster.self());
    if (mine != null) {
      calls.put(cluster.self(), start(cluster.self(), mine, call));
    }
    return calls;
  }

  private <T> CompletableFuture<NodeReply<T>> start(String node, List<String> contigs, PartCall<T> call) {
    try {
      return call.call(cluster.client(node), contigs, deadline);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(NodeFailure.of(node, e));
    }
  }

  /** Waits for a call until the deadline (plus a little, since the call's own deadline ends it first). */
  private <T> T await(CompletableFuture<T> f) {
    long wait = Math.max(0, deadline - System.nanoTime()) + TimeUnit.MILLISECONDS.toNanos(250);
    try {
      return f.get(wait, TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      f.cancel(true);
      throw new NodeFailure("", NodeFailure.Reason.DEADLINE, deadlineText());
    } catch (ExecutionException e) {
      throw NodeFailure.of("", e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new NodeFailure("", NodeFailure.Reason.ERROR, "interrupted");
    }
  }

  String deadlineText() {
    return "no answer within the deadline of " + TimeUnit.NANOSECONDS.toMillis(cluster.deadlineNanos()) + " ms";
  }

  /**
   * Asks one node holding some of the source (any will do: every node agrees on the catalog), trying the
   * next on failure. Not part of the report: metadata, not the answer.
   */
  <T> T any(java.util.function.BiFunction<NodeClient, Long, CompletableFuture<T>> call) {
    List<String> failures = new ArrayList<>();
    for (String node : cluster.holdersInOrder(source, rotation)) {
      if (System.nanoTime() >= deadline) {
        break;
      }
      try {
        T value = await(call.apply(cluster.client(node), deadline));
        cluster.health().markUp(node);
        return value;
      } catch (NodeFailure f) {
        if (f.nodeInTrouble()) {
          cluster.health().markDown(node);
        }
        failures.add(node + ": " + f.getMessage());
      }
    }
    throw RequestException.unavailable("'%s' is unavailable: no node holding it answered (%s); retry shortly", source,
        failures.isEmpty() ? "deadline passed" : String.join("; ", failures));
  }
}
