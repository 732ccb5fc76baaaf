package org.dasgrid.datasources.vcf;

import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.ForwardingDataSource;
import org.dasgrid.core.source.GenotypeSource;
import org.dasgrid.core.source.SourceStats;

/** A VCF served with {@code genotypes: true}: its sites as DAS features, and its genotype engine. */
final class VcfSource extends ForwardingDataSource implements GenotypeSource {
  private final GenotypeQueries genotypes;
  private final SourceStats stats;

  VcfSource(DataSource sites, GenotypeQueries genotypes, long bytesRead) {
    super(sites);
    this.genotypes = genotypes;
    this.stats = new SourceStats(genotypes.stats().sites(), bytesRead, genotypes.stats().heapBytes());
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
