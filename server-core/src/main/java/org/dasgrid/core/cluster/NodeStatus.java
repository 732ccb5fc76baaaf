package org.dasgrid.core.cluster;

import java.util.List;
import java.util.Optional;

/** A node's answer to the health probe: its id and the state of each source it holds. */
public record NodeStatus(String nodeId, List<ShardStatus> sources) {
  public NodeStatus {
    sources = List.copyOf(sources);
  }

  public Optional<ShardStatus> source(String id) {
    return sources.stream().filter(s -> s.source().equals(id)).findFirst();
  }
}
