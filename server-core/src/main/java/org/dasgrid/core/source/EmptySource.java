package org.dasgrid.core.source;

import java.util.List;
import java.util.Optional;

/** A source with no references and no features: what a cluster node holds of a source it holds none of. */
public final class EmptySource extends FeaturelessSource {
  public static final EmptySource INSTANCE = new EmptySource();

  private EmptySource() {}

  @Override
  public List<EntryPoint> entryPoints() {
    return List.of();
  }

  @Override
  public Optional<EntryPoint> entryPoint(String nameOrAlias) {
    return Optional.empty();
  }

  @Override
  public SourceStats stats() {
    return SourceStats.EMPTY;
  }
}
