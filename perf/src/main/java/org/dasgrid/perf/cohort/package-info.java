/**
 * Synthetic cohorts for genotype tests and benchmarks: {@link org.dasgrid.perf.cohort.CohortGenerator}
 * writes bgzipped multi-sample VCFs on GRCh38 with a realistic allele-frequency spectrum; {@link
 * org.dasgrid.perf.cohort.GenotypeBenchmark} measures the Dnaerys query shapes on one.
 */
package org.dasgrid.perf.cohort;
