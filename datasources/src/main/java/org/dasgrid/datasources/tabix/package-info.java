/**
 * Bgzipped, tabix-indexed GFF3, GTF, BED and VCF files served from disk, region by region, with the same
 * answers as the in-memory sources (VCF lines become features through the vcf package's {@code
 * VcfSiteFeatures}, as in the in-memory {@code vcf} format).
 */
package org.dasgrid.datasources.tabix;
