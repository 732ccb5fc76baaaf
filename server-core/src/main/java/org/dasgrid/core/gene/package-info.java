/**
 * Gene annotation for genotype queries: a source's {@code genes:} file (GFF3 or GTF) read once at load into
 * an immutable {@link org.dasgrid.core.gene.GeneIndex} (gene name, ID with or without its version, aliases →
 * spans), and {@link org.dasgrid.core.gene.GeneSpans}, which turns the symbols of a request ({@code gene=},
 * Beacon {@code geneId}) into the source's segments. Files are parsed by a format's provider
 * ({@link org.dasgrid.core.gene.GeneFileReader}, implemented in datasources). An engine package: no protocol.
 */
package org.dasgrid.core.gene;
