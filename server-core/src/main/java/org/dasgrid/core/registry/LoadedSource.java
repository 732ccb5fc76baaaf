package org.dasgrid.core.registry;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.source.DataSource;

/**
 * A source ready to serve: its config, its data, and a version string that changes whenever the data do
 * (it goes into DAS {@code version} attributes, ETags and cache keys). {@code stylesheet} is the configured
 * stylesheet file's text, checked at load; {@code typeColours} the colours the data give their own types
 * (a {@link org.dasgrid.core.source.StyledSource}'s, empty otherwise), from which a protocol may make a
 * default stylesheet: the registry renders no protocol's documents.
 */
public record LoadedSource(
    SourceConfig config,
    DataSource data,
    String version,
    Optional<String> stylesheet,
    Instant loadedAt,
    long loadMillis,
    Map<String, String> typeColours) {

  public LoadedSource {
    typeColours = Map.copyOf(typeColours);
  }

  /** A source whose data give their types no colours. */
  public LoadedSource(SourceConfig config, DataSource data, String version, Optional<String> stylesheet,
      Instant loadedAt, long loadMillis) {
    this(config, data, version, stylesheet, loadedAt, loadMillis, Map.of());
  }

  public String id() {
    return config.id();
  }
}
