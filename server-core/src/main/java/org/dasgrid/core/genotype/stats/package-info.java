/**
 * The statistics of the genotype engine as pure functions of counts: Hardy–Weinberg's exact test, the allelic
 * association test and odds ratio of {@code plink --assoc}, the inbreeding coefficient. Import nothing of the
 * engine; each is checked against an independent oracle in its test.
 */
package org.dasgrid.core.genotype.stats;
