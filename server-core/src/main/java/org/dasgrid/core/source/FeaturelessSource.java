package org.dasgrid.core.source;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.segment.Segment;

/**
 * A source with no features: every feature question has the empty answer. What it has (references, a
 * sequence) its subclass says: a FASTA file, or nothing at all ({@link EmptySource}).
 */
public abstract class FeaturelessSource implements DataSource {
  @Override
  public final void features(Segment segment, FeatureFilter filter, Consumer<Feature> sink) {}

  @Override
  public final int countFeatures(Segment segment, FeatureFilter filter) {
    return 0;
  }

  @Override
  public final List<Feature> featuresById(String id) {
    return List.of();
  }

  @Override
  public final Map<FeatureType, Integer> typeCounts() {
    return Map.of();
  }

  @Override
  public final Map<FeatureType, Integer> typeCounts(Segment segment) {
    return Map.of();
  }
}
