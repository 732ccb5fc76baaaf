/**
 * The persistent index file ({@code .dgi}): its layout (header, sections, page tables, catalog), the checks a
 * reader makes (magic, version, length, checksums, staleness) and the writer. The only place that knows the
 * layout: storage hands it columns and pages through the types it defines, and takes mapped columns back.
 */
package org.dasgrid.core.genotype.dgi;
