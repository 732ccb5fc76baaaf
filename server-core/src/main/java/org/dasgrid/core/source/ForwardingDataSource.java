package org.dasgrid.core.source;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.segment.Segment;

/**
 * A source that passes every question to another, for decorators that change one answer. The wrapped source's
 * capabilities pass on too ({@link #capability}), but for those the decorator implements itself.
 */
public abstract class ForwardingDataSource implements DataSource {
  protected final DataSource delegate;

  protected ForwardingDataSource(DataSource delegate) {
    this.delegate = java.util.Objects.requireNonNull(delegate, "delegate");
  }

  @Override
  public <C> Optional<C> capability(Class<C> kind) {
    return kind.isInstance(this) ? Optional.of(kind.cast(this)) : delegate.capability(kind);
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
