package org.dasgrid.core.genotype;

/**
 * A sample carrying variants in the queried segments: how many of the variants there it is het for, and
 * how many hom-alt.
 */
public record SampleRow(String sample, int het, int hom) {}
