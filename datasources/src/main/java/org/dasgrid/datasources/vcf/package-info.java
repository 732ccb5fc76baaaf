/**
 * VCF sources ({@code format: vcf}): sites as DAS features and, with {@code genotypes: true}, the genotype
 * engine of {@code org.dasgrid.core.genotype}, fed by a byte-level GT reader (htsjdk reads the header).
 */
package org.dasgrid.datasources.vcf;
