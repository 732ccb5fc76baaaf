package org.dasgrid.datasources.vcf;

import java.util.Optional;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.source.DamageReport;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.ForwardingDataSource;
import org.dasgrid.core.source.GenotypeSource;
import org.dasgrid.core.source.SourceStats;

/**
 * A VCF served with {@code genotypes: true}: its sites as DAS features, and its genotype engine; with an index
 * checked after open, the {@link DamageReport} of those checks.
 */
final class VcfSource extends ForwardingDataSource implements GenotypeSource {
  private final GenotypeQueries genotypes;
  private final SourceStats stats;
  private final Optional<DamageReport> damage;

  VcfSource(DataSource sites, GenotypeQueries genotypes, long bytesRead) {
    this(sites, genotypes, bytesRead, Optional.empty());
  }

  VcfSource(DataSource sites, GenotypeQueries genotypes, long bytesRead, Optional<DamageReport> damage) {
    super(sites);
    this.genotypes = genotypes;
    this.stats = new SourceStats(genotypes.stats().sites(), bytesRead, genotypes.stats().heapBytes());
    this.damage = damage;
  }

  @Override
  public <C> Optional<C> capability(Class<C> kind) {
    return kind == DamageReport.class && damage.isPresent() ? damage.map(kind::cast) : super.capability(kind);
  }

  @Override
  public GenotypeQueries genotypes() {
    return genotypes;
  }

  /** Records are the VCF's records; heap is the genotype engine's (the site features come on top). */
  @Override
  public SourceStats stats() {
    return stats;
  }
}
