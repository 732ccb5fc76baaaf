package org.dasgrid.datasources.vcf;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.ContigSelection;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.core.source.FeatureFilter;
import org.dasgrid.core.source.InMemoryFeatureSource;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.core.source.SourceStats;

/**
 * The sites of an indexed VCF ({@code genotypeIndex:}) as DAS features: the same features the source serves
 * without its index (an index changes where the calls live, not what the source serves), read from the VCF's
 * site columns by the same reader, but on the first question about features rather than at start, so a start
 * still costs only the index's checksums. They are then kept, as a source loaded without the index keeps them.
 * The references are the index's (listed as the VCF lists them), known from the start.
 */
final class SitesOnDemand implements DataSource {
  private final SourceConfig config;
  private final ContigSelection contigs;
  private final DataSource references;
  private volatile InMemoryFeatureSource sites;

  SitesOnDemand(SourceConfig config, ContigSelection contigs, DataSource references) {
    this.config = config;
    this.contigs = contigs;
    this.references = references;
  }

  private InMemoryFeatureSource sites() {
    InMemoryFeatureSource s = sites;
    if (s == null) {
      synchronized (this) {
        s = sites;
        if (s == null) {
          try {
            s = VcfProvider.readSites(config, contigs);
          } catch (SourceLoadException e) {
            // the index was checked against this VCF at start: only a file changed or removed since fails here
            throw new RequestException(ErrorKind.UNAVAILABLE, "the sites of source '%s' cannot be read: %s",
                config.id(), e.getMessage());
          }
          sites = s;
        }
      }
    }
    return s;
  }

  @Override
  public List<EntryPoint> entryPoints() {
    return references.entryPoints();
  }

  @Override
  public Optional<EntryPoint> entryPoint(String nameOrAlias) {
    return references.entryPoint(nameOrAlias);
  }

  @Override
  public void features(Segment segment, FeatureFilter filter, Consumer<Feature> sink) {
    sites().features(segment, filter, sink);
  }

  @Override
  public int countFeatures(Segment segment, FeatureFilter filter) {
    return sites().countFeatures(segment, filter);
  }

  @Override
  public List<Feature> featuresById(String id) {
    return sites().featuresById(id);
  }

  @Override
  public Map<FeatureType, Integer> typeCounts() {
    return sites().typeCounts();
  }

  @Override
  public Map<FeatureType, Integer> typeCounts(Segment segment) {
    return sites().typeCounts(segment);
  }

  /** What the index's references say; the VCF source reports its genotype engine's figures on top. */
  @Override
  public SourceStats stats() {
    return references.stats();
  }

  @Override
  public boolean featuresAreVcfSites() {
    return true;
  }
}
