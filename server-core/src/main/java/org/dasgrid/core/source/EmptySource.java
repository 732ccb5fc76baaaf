package org.dasgrid.core.source;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.segment.Segment;

/** A source with no references and no features: what a cluster node holds of a source it holds none of. */
public final class EmptySource implements DataSource {
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
  public void features(Segment segment, FeatureFilter filter, Consumer<Feature> sink) {}

  @Override
  public int countFeatures(Segment segment, FeatureFilter filter) {
    return 0;
  }

  @Override
  public List<Feature> featuresById(String id) {
    return List.of();
  }

  @Override
  public Map<FeatureType, Integer> typeCounts() {
    return Map.of();
  }

  @Override
  public Map<FeatureType, Integer> typeCounts(Segment segment) {
    return Map.of();
  }

  @Override
  public SourceStats stats() {
    return SourceStats.EMPTY;
  }
}
