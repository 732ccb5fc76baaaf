/**
 * Cohort analytics over the genotype engine: the sample sheet of a source (sexes, populations, families,
 * phenotypes; {@link org.dasgrid.core.genotype.cohort.SampleSheet}), and the computations that need it or
 * read every call of a row ({@link org.dasgrid.core.genotype.CallReader}): sex check, KING kinship, polygenic
 * scores, inheritance patterns in families. Engine layer: no protocol imports.
 */
package org.dasgrid.core.genotype.cohort;
