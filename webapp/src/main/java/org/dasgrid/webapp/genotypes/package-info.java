/**
 * HTTP in, JSON out for genotype and cohort queries under {@code /genotypes/{source}/...}: the request parsed and
 * run in the core's genotype engine (through a cluster's view for a sharded source), the answer written as JSON
 * or NDJSON with its timings, small answers held whole so {@code Server-Timing} is final, rendered analytics
 * answers kept for the next asker; errors mapped to HTTP statuses once ({@link
 * org.dasgrid.webapp.genotypes.GenotypeServlet#status}).
 */
package org.dasgrid.webapp.genotypes;
