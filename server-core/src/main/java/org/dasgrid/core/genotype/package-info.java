/**
 * The genotype engine's public face: the questions ({@link org.dasgrid.core.genotype.GenotypeQueries}, {@link
 * org.dasgrid.core.genotype.GenotypeQuery}, {@link org.dasgrid.core.genotype.AnalyticsQuery} with its filters,
 * case/control split and top-N), the sample selection, the answers and their rows, the call-level capability
 * ({@link org.dasgrid.core.genotype.CallReader}), the exceptions, and the two ways to get an engine: built from a
 * VCF's sites and calls ({@link org.dasgrid.core.genotype.GenotypeIndexBuilder}) or opened from its persistent
 * index ({@link org.dasgrid.core.genotype.GenotypeIndexFile}). Everything else of the engine is in its
 * subpackages: {@code stats} (the tests), {@code dgi} (the file format), {@code cohort} (sample-level analytics)
 * and {@code internal.*} (how it stores and answers; no other room uses them).
 */
package org.dasgrid.core.genotype;
