package org.dasgrid.core.genotype.dgi;

import org.dasgrid.core.genotype.internal.column.ByteColumn;
import org.dasgrid.core.genotype.internal.column.IntColumn;

/**
 * A contig's INFO text: its pool and, per row, where its record's text starts and ends; {@code starts} and
 * {@code ends} are null when no row has INFO text (format 3 stores no offsets then).
 */
public record InfoColumns(ByteColumn pool, IntColumn starts, IntColumn ends) {}
