package org.dasgrid.core.source;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.segment.Segment;

/**
 * A source that passes every question to another, for decorators that change one answer. Capability
 * interfaces of the wrapped source are not inherited: a decorator that must keep them implements them.
 */
public abstract class ForwardingDataSource implements DataSource {
  protected final DataSource delegate;

  protected ForwardingDataSource(DataSource delegate) {
    this.delegate = java.util.Objects.requireNonNull(delegate, "delegate");
  }

  @Override
  public List<EntryPoint> entryPoints() {
    return delegate.entryPoints();
  }

  @Override
  public Optional<EntryPoint> entryPoint(String nameOrAlias) {
    return delegate.entryPoint(nameOrAlias);
  }

  @Override
  public void features(Segment segment, FeatureFilter filter, Consumer<Feature> sink) {
    delegate.features(segment, filter, sink);
  }

  @Override
  public int countFeatures(Segment segment, FeatureFilter filter) {
    return delegate.countFeatures(segment, filter);
  }

  @Override
  public List<Feature> featuresById(String id) {
    return delegate.featuresById(id);
  }

  @Override
  public Map<FeatureType, Integer> typeCounts() {
    return delegate.typeCounts();
  }

  @Override
  public Map<FeatureType, Integer> typeCounts(Segment segment) {
    return delegate.typeCounts(segment);
  }

  @Override
  public SourceStats stats() {
    return delegate.stats();
  }

  @Override
  public boolean featuresAreVcfSites() {
    return delegate.featuresAreVcfSites();
  }

  @Override
  public void prefetch(List<Segment> segments, List<String> featureIds, FeatureFilter filter) {
    delegate.prefetch(segments, featureIds, filter);
  }
}
