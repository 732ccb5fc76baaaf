package org.dasgrid.core.registry;

import java.time.Instant;
import java.util.Optional;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.SequenceDigests;

/**
 * A source ready to serve: its config, its data, and a version string that changes whenever the data do
 * (it goes into DAS {@code version} attributes, ETags and cache keys), and the checksums of its sequences
 * (computed once at load).
 */
public record LoadedSource(
    SourceConfig config,
    DataSource data,
    String version,
    Optional<String> stylesheet,
    Instant loadedAt,
    long loadMillis,
    SequenceDigests digests) {

  public LoadedSource {
    digests = digests == null ? SequenceDigests.NONE : digests;
  }

  /** A source without sequence checksums. */
  public LoadedSource(SourceConfig config, DataSource data, String version, Optional<String> stylesheet,
      Instant loadedAt, long loadMillis) {
    this(config, data, version, stylesheet, loadedAt, loadMillis, SequenceDigests.NONE);
  }

  /** The same source seen through other data (a cluster's view of it), keeping everything else. */
  public LoadedSource withData(DataSource newData, String newVersion) {
    return new LoadedSource(config, newData, newVersion, stylesheet, loadedAt, loadMillis, digests);
  }

  public String id() {
    return config.id();
  }
}
