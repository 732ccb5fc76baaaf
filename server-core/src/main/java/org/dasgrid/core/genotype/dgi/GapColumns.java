package org.dasgrid.core.genotype.dgi;

import org.dasgrid.core.genotype.internal.column.ByteColumn;
import org.dasgrid.core.genotype.internal.column.IntColumn;

/** A contig's per-row parts that the statistics and the allelic filter read (format 2): sections by name. */
public record GapColumns(IntColumn missing, IntColumn nonDiploid, ByteColumn alts, ByteColumn altIndex) {}
