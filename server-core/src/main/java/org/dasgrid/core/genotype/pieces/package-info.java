/**
 * One cohort's genotypes held in pieces (contract section 10): each piece an engine over some contigs of the
 * same samples (one VCF of a list, or a part of one cut by the index builder), joined into one {@link
 * org.dasgrid.core.genotype.GenotypeQueries} and {@link org.dasgrid.core.genotype.CallReader} that answers
 * exactly as one engine over all the contigs would. Built on the engine's public package only.
 */
package org.dasgrid.core.genotype.pieces;
