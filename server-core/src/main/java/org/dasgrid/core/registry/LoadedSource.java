package org.dasgrid.core.registry;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.gene.GeneLookup;
import org.dasgrid.core.genotype.cohort.SampleSheet;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.SequenceDigests;

/**
 * A source ready to serve: its config, its data, and a version string that changes whenever the data do
 * (it goes into DAS {@code version} attributes, ETags and cache keys). {@code stylesheet} is the configured
 * stylesheet file's text, checked at load; {@code typeColours} the colours the data give their own types
 * (a {@link org.dasgrid.core.source.StyledSource}'s, empty otherwise), from which a protocol may make a
 * default stylesheet: the registry renders no protocol's documents. {@code digests} are the checksums of its
 * sequences (refget), computed once at load; for a genotype source, {@code sheet} is its sample sheet
 * ({@code samples:} in the config) and {@code genes} its gene annotation ({@code genes:}), through which
 * {@code gene=} finds spans.
 */
public record LoadedSource(
    SourceConfig config,
    DataSource data,
    String version,
    Optional<String> stylesheet,
    Instant loadedAt,
    long loadMillis,
    Map<String, String> typeColours,
    SequenceDigests digests,
    Optional<SampleSheet> sheet,
    GeneLookup genes) {

  public LoadedSource {
    typeColours = Map.copyOf(typeColours);
    digests = digests == null ? SequenceDigests.NONE : digests;
    sheet = sheet == null ? Optional.empty() : sheet;
    genes = genes == null ? GeneLookup.NONE : genes;
  }

  /** A source without gene annotation. */
  public LoadedSource(SourceConfig config, DataSource data, String version, Optional<String> stylesheet,
      Instant loadedAt, long loadMillis, Map<String, String> typeColours, SequenceDigests digests,
      Optional<SampleSheet> sheet) {
    this(config, data, version, stylesheet, loadedAt, loadMillis, typeColours, digests, sheet, GeneLookup.NONE);
  }

  /** A source whose data give their types no colours, with no sequence checksums and no sample sheet. */
  public LoadedSource(SourceConfig config, DataSource data, String version, Optional<String> stylesheet,
      Instant loadedAt, long loadMillis) {
    this(config, data, version, stylesheet, loadedAt, loadMillis, Map.of(), SequenceDigests.NONE, Optional.empty());
  }

  /** A source without sequence checksums or sample sheet. */
  public LoadedSource(SourceConfig config, DataSource data, String version, Optional<String> stylesheet,
      Instant loadedAt, long loadMillis, Map<String, String> typeColours) {
    this(config, data, version, stylesheet, loadedAt, loadMillis, typeColours, SequenceDigests.NONE,
        Optional.empty());
  }

  /** A source whose data give their types no colours, without a sample sheet. */
  public LoadedSource(SourceConfig config, DataSource data, String version, Optional<String> stylesheet,
      Instant loadedAt, long loadMillis, SequenceDigests digests) {
    this(config, data, version, stylesheet, loadedAt, loadMillis, Map.of(), digests, Optional.empty());
  }

  /** A genotype source with its sample sheet (if any). */
  public LoadedSource(SourceConfig config, DataSource data, String version, Optional<String> stylesheet,
      Instant loadedAt, long loadMillis, Optional<SampleSheet> sheet) {
    this(config, data, version, stylesheet, loadedAt, loadMillis, Map.of(), SequenceDigests.NONE, sheet);
  }

  /** The same source seen through other data (a cluster's view of it), keeping everything else. */
  public LoadedSource withData(DataSource newData, String newVersion) {
    return new LoadedSource(config, newData, newVersion, stylesheet, loadedAt, loadMillis, typeColours, digests,
        sheet, genes);
  }

  public String id() {
    return config.id();
  }
}
