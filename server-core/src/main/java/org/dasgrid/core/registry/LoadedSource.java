package org.dasgrid.core.registry;

import java.time.Instant;
import java.util.Optional;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.genotype.cohort.SampleSheet;
import org.dasgrid.core.source.DataSource;

/**
 * A source ready to serve: its config, its data, and a version string that changes whenever the data do
 * (it goes into DAS {@code version} attributes, ETags and cache keys); for a genotype source, its sample
 * sheet ({@code samples:} in the config).
 */
public record LoadedSource(
    SourceConfig config,
    DataSource data,
    String version,
    Optional<String> stylesheet,
    Instant loadedAt,
    long loadMillis,
    Optional<SampleSheet> sheet) {

  /** A source without a sample sheet. */
  public LoadedSource(SourceConfig config, DataSource data, String version, Optional<String> stylesheet,
      Instant loadedAt, long loadMillis) {
    this(config, data, version, stylesheet, loadedAt, loadMillis, Optional.empty());
  }

  public String id() {
    return config.id();
  }
}
