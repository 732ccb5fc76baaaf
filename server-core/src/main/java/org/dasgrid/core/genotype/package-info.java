/**
 * The genotype engine: an immutable in-memory index of a multi-sample VCF's calls that answers which
 * variants in some segments have het or hom-alt calls among chosen samples, which samples carry them, and
 * how many ({@link org.dasgrid.core.genotype.GenotypeQueries}). Loaders feed it through {@link
 * org.dasgrid.core.genotype.GenotypeIndexBuilder}; the core knows no file format. Per ALT allele it keeps
 * the sets of het and hom-alt samples ({@link org.dasgrid.core.genotype.SetEncoding}) and positions in
 * primitive arrays per contig.
 */
package org.dasgrid.core.genotype;
