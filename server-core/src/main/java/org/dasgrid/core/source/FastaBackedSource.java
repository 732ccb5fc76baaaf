package org.dasgrid.core.source;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.segment.Segment;

/**
 * An annotation source joined with a FASTA source for its {@code sequence} command. The references are the
 * union of both; a reference's length is the larger of the two, so annotations on a shortened FASTA (as in
 * the bundled WormBase excerpt) stay reachable. The annotations' other capabilities pass on ({@link #capability}):
 * a VCF source with its reference FASTA answers genotypes and sequence both.
 */
public final class FastaBackedSource implements DataSource, SequenceSource {
  private final DataSource annotations;
  private final SequenceSource sequence;
  private final List<EntryPoint> entryPoints;
  private final Map<String, EntryPoint> byName;

  public FastaBackedSource(DataSource annotations, DataSource sequenceSource) {
    this.annotations = annotations;
    this.sequence = sequenceSource.capability(SequenceSource.class).orElseThrow(() ->
        new IllegalArgumentException("not a sequence source: " + sequenceSource));
    // the FASTA's order first (the assembly's own order), then references only the annotations know
    Map<String, EntryPoint> merged = new LinkedHashMap<>();
    for (EntryPoint ep : sequenceSource.entryPoints()) {
      merged.put(ep.name(), EntryPoint.of(ep.name(), ep.length()));
    }
    for (EntryPoint ep : annotations.entryPoints()) {
      merged.merge(ep.name(), EntryPoint.of(ep.name(), ep.length()),
          (a, b) -> a.withLength(Math.max(a.length(), b.length())));
    }
    this.entryPoints = EntryPoints.withBuiltInAliases(new ArrayList<>(merged.values()));
    this.byName = EntryPoints.byNameOrAlias(entryPoints);
  }

  @Override
  public <C> Optional<C> capability(Class<C> kind) {
    return kind.isInstance(this) ? Optional.of(kind.cast(this)) : annotations.capability(kind);
  }

  @Override
  public List<EntryPoint> entryPoints() {
    return entryPoints;
  }

  @Override
  public Optional<EntryPoint> entryPoint(String nameOrAlias) {
    return Optional.ofNullable(byName.get(nameOrAlias));
  }

  @Override
  public void features(Segment segment, FeatureFilter filter, Consumer<Feature> sink) {
    annotations.features(segment, filter, sink);
  }

  @Override
  public int countFeatures(Segment segment, FeatureFilter filter) {
    return annotations.countFeatures(segment, filter);
  }

  @Override
  public List<Feature> featuresById(String id) {
    return annotations.featuresById(id);
  }

  @Override
  public Map<FeatureType, Integer> typeCounts() {
    return annotations.typeCounts();
  }

  @Override
  public Map<FeatureType, Integer> typeCounts(Segment segment) {
    return annotations.typeCounts(segment);
  }

  @Override
  public SourceStats stats() {
    return annotations.stats();
  }

  @Override
  public boolean featuresAreVcfSites() {
    return annotations.featuresAreVcfSites();
  }

  @Override
  public void prefetch(List<Segment> segments, List<String> featureIds, FeatureFilter filter) {
    annotations.prefetch(segments, featureIds, filter);
  }

  @Override
  public void sequence(Segment segment, Appendable out) throws IOException {
    sequence.sequence(segment, out);
  }

  @Override
  public int sequenceLength(String ref) {
    return sequence.sequenceLength(ref);
  }
}
