/**
 * Bgzipped, tabix-indexed GFF3, BED and VCF files served from disk, region by region, with the same answers
 * as the in-memory sources; and {@link org.dasgrid.datasources.tabix.VcfRecordFeatures}, VCF sites as DAS
 * features.
 */
package org.dasgrid.datasources.tabix;
