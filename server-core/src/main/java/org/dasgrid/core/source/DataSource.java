package org.dasgrid.core.source;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.segment.Segment;

/**
 * What every data source answers, whatever its format or where its data live. Implementations are immutable
 * snapshots: a reload builds a new one and swaps it in, so a request sees one version from start to end.
 *
 * <p>Optional abilities are separate capability interfaces ({@link SequenceSource}, {@link
 * GenotypeSource}), asked for through {@link #capability}; the DAS capabilities a source advertises are derived
 * from which it has.
 */
public interface DataSource {

  /**
   * The capability {@code kind} ({@link SequenceSource}, {@link GenotypeSource}) if this source has it: itself
   * when it implements it. Asked this way, never with {@code instanceof}, so that a decorator (aliases, a
   * cluster) passes its delegate's capabilities on through this one method instead of needing one decorator
   * class per combination of capabilities (LayeringTest keeps every caller to it).
   */
  default <C> Optional<C> capability(Class<C> kind) {
    return kind.isInstance(this) ? Optional.of(kind.cast(this)) : Optional.empty();
  }

  /** The reference sequences, in the source's own order (also the order of genotype answers). */
  List<EntryPoint> entryPoints();

  /** The reference with this name or alias. */
  Optional<EntryPoint> entryPoint(String nameOrAlias);

  /** Calls {@code sink} with each feature overlapping the segment and passing the filter, by start. */
  void features(Segment segment, FeatureFilter filter, Consumer<Feature> sink);

  /** How many features {@link #features} would give. */
  int countFeatures(Segment segment, FeatureFilter filter);

  /**
   * The features with this id, wherever they are (several when one GFF3 feature spans lines). A VCF source
   * also gives the features of the records with this ID, after those with this id: the ALT alleles of a
   * multi-allelic record have ids {@code ID:ALT}, and are found by {@code ID} too.
   */
  List<Feature> featuresById(String id);

  /** Feature counts per type over the whole source, ordered by type id. */
  Map<FeatureType, Integer> typeCounts();

  /** Feature counts per type inside a segment, ordered by type id. */
  Map<FeatureType, Integer> typeCounts(Segment segment);

  /** Size figures for the status page, metrics and logs. */
  SourceStats stats();

  /**
   * Whether every feature is a VCF site ({@link org.dasgrid.core.feature.VcfSite}: one per ALT allele, with
   * {@code REF=}, {@code ALT=}, {@code QUAL=} and {@code FILTER=} notes), so the features can be written back
   * as VCF ({@code features?format=vcf}). A property of the features rather than a capability interface:
   * decorators (aliases, a sequence file, a cluster) just pass the answer on, where a marker interface would
   * need one decorator class per combination of capabilities.
   */
  default boolean featuresAreVcfSites() {
    return false;
  }

  /**
   * Says which segments and feature ids are about to be counted and read with this filter, so that a source
   * whose data live elsewhere (a cluster's) can fetch them at once, in parallel, before the answer starts.
   * In-memory and on-disk sources ignore it.
   */
  default void prefetch(List<Segment> segments, List<String> featureIds, FeatureFilter filter) {}
}
