package org.dasgrid.core.source;

import org.dasgrid.core.genotype.GenotypeQueries;

/** Capability: the source answers genotype queries (a multi-sample VCF with {@code genotypes: true}). */
public interface GenotypeSource {
  GenotypeQueries genotypes();
}
