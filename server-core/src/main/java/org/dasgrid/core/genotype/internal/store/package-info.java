/**
 * What the engine holds: per contig its rows (positions, set handles, texts, carried bits, whole-cohort counts,
 * block counts), the allele-count corrections, the statistics' call gaps, the INFO text, the precomputed texts
 * and statistics, and the optional sample-major calls; on the heap or mapped from an index. Internal to the
 * genotype engine.
 */
package org.dasgrid.core.genotype.internal.store;
