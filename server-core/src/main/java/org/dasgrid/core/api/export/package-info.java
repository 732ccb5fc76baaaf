/**
 * Cohort exports (contract section 12), a protocol room over the genotype engine's public reads: {@code GET
 * /genotypes/{source}/export} writes the chosen samples' calls of some regions as a VCF ({@link VcfExport}) or
 * PLINK 1 binary files ({@link PlinkExport}), {@code POST /genotypes/{source}/frequencies} writes AC, AN and AF
 * of listed variants overall and by a sample sheet column ({@link FrequenciesEndpoint}). The engine answers
 * records and calls; every byte of the files is written here.
 */
package org.dasgrid.core.api.export;
