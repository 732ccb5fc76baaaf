package org.dasgrid.core.config;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** The whole configuration: server settings, sources, and (for a cluster) nodes and shards. */
public record DasGridConfig(
    ServerSettings server, List<SourceConfig> sources, ClusterConfig cluster, @JsonIgnore Path file) {
  public DasGridConfig {
    server = server == null ? ServerSettings.DEFAULTS : server;
    sources = sources == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(sources));
  }

  public Optional<ClusterConfig> clusterConfig() {
    return Optional.ofNullable(cluster);
  }

  public Optional<SourceConfig> source(String id) {
    return sources.stream().filter(s -> s.id().equals(id)).findFirst();
  }
}
