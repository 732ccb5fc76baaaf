package org.dasgrid.core.registry;

import java.time.Instant;
import java.util.Optional;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.source.DataSource;

/**
 * A source ready to serve: its config, its data, and a version string that changes whenever the data do
 * (it goes into DAS {@code version} attributes, ETags and cache keys).
 */
public record LoadedSource(
    SourceConfig config,
    DataSource data,
    String version,
    Optional<String> stylesheet,
    Instant loadedAt,
    long loadMillis) {

  public String id() {
    return config.id();
  }
}
