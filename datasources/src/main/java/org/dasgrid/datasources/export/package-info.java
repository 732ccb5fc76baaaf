/**
 * The one store of bgzipped, indexed copies of the sources ({@link org.dasgrid.datasources.export.ExportStore}):
 * the browser exports, each source written once as the indexed files genome browsers read with no plugin
 * (bgzipped + tabix-indexed GFF3, BED and VCF; bgzipped FASTA with {@code .fai} and {@code .gzi}), and the
 * record-aligned VCF copies htsget hands out in whole blocks; made with htsjdk's BGZF, tabix and FASTA-index
 * writers and kept on disk per source version. An output format over
 * the engines: it reads sources through the {@code source} SPI and the registry's snapshots, and nothing below
 * it imports it. It lives in this module, not in server-core, because server-core is kept free of htsjdk (its
 * enforcer rule {@code core-stays-pure}); it is not a data source.
 */
package org.dasgrid.datasources.export;
