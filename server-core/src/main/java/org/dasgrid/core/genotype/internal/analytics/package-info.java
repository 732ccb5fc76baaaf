/**
 * Cohort analytics over the query engine: filters (text, class, length, allele frequency, INFO, annotations),
 * per-variant statistics, case/control tests, top-N and paging. Internal to the genotype engine.
 */
package org.dasgrid.core.genotype.internal.analytics;
