package org.dasgrid.core.genotype;

/**
 * Totals of a query without the rows: the variants that match (as {@code variants} would list them without a
 * limit), their het and hom-alt calls among the chosen samples, and the samples {@code samples} would list.
 */
public record CountAnswer(long variants, long het, long hom, long samples) {}
