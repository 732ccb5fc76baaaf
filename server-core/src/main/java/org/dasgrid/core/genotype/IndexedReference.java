package org.dasgrid.core.genotype;

/**
 * A reference sequence of an indexed VCF as its source lists it without reading the records: whether the
 * header declares it ({@code ##contig}, with its length, 0 when unknown) and the last base a record on it
 * covers (0 if none), so that a source served from the index has the same entry points and lengths as one
 * loaded from the VCF.
 */
public record IndexedReference(String name, boolean declared, int length, int extent) {}
