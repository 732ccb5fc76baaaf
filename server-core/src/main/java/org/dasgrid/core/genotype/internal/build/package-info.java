/**
 * How a VCF's sites and calls become the store: the contract's call rules (het, hom-alt, missing, AC/AN
 * corrections), the groups of corrections, the answer order of a contig's rows; into the heap or streamed into
 * an index file. Internal to the genotype engine.
 */
package org.dasgrid.core.genotype.internal.build;
