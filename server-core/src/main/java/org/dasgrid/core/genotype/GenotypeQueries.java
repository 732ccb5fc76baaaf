package org.dasgrid.core.genotype;

/** Genotype queries of a source (variants, samples, counts); defined with the genotype engine. */
public interface GenotypeQueries {}
