package org.dasgrid.datasources.vcf;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.core.source.FeatureFilter;
import org.dasgrid.core.source.GenotypeSource;
import org.dasgrid.core.source.InMemoryFeatureSource;
import org.dasgrid.core.source.SourceStats;

/** A VCF served with {@code genotypes: true}: its sites as DAS features, and its genotype engine. */
final class VcfSource implements DataSource, GenotypeSource {
  private final InMemoryFeatureSource sites;
  private final GenotypeQueries genotypes;
  private final SourceStats stats;

  VcfSource(InMemoryFeatureSource sites, GenotypeQueries genotypes, long bytesRead) {
    this.sites = sites;
    this.genotypes = genotypes;
    this.stats = new SourceStats(genotypes.stats().sites(), bytesRead, genotypes.stats().heapBytes());
  }

  @Override
  public GenotypeQueries genotypes() {
    return genotypes;
  }

  @Override
  public List<EntryPoint> entryPoints() {
    return sites.entryPoints();
  }

  @Override
  public Optional<EntryPoint> entryPoint(String nameOrAlias) {
    return sites.entryPoint(nameOrAlias);
  }

  @Override
  public void features(Segment segment, FeatureFilter filter, Consumer<Feature> sink) {
    sites.features(segment, filter, sink);
  }

  @Override
  public int countFeatures(Segment segment, FeatureFilter filter) {
    return sites.countFeatures(segment, filter);
  }

  @Override
  public List<Feature> featuresById(String id) {
    return sites.featuresById(id);
  }

  @Override
  public Map<FeatureType, Integer> typeCounts() {
    return sites.typeCounts();
  }

  @Override
  public Map<FeatureType, Integer> typeCounts(Segment segment) {
    return sites.typeCounts(segment);
  }

  /** Records are the VCF's records; heap is the genotype engine's (the site features come on top). */
  @Override
  public SourceStats stats() {
    return stats;
  }
}
