package org.dasgrid.core.genotype.dgi;

import org.dasgrid.core.genotype.internal.column.BlockCounts;
import org.dasgrid.core.genotype.internal.column.ByteColumn;
import org.dasgrid.core.genotype.internal.column.IntColumn;
import org.dasgrid.core.genotype.internal.column.LongColumn;

/**
 * Every stored part of a contig's rows, by the name of its section: what storage hands the writer and takes back
 * mapped. {@code cohortCounts} is null only in a format-3 file of 65,536 samples (which has no such section).
 */
public record RowColumns(IntColumn pos, IntColumn end, IntColumn het, IntColumn hom, IntColumn acFix,
    IntColumn anFix, ByteColumn ploidy, IntColumn textStart, ByteColumn text, ByteColumn idLength,
    ByteColumn refLength, LongColumn plainText, LongColumn anyHet, LongColumn anyHom, IntColumn longRows,
    LongColumn cohortCounts, BlockCounts hetBlocks, BlockCounts homBlocks, BlockCounts hetSupers,
    BlockCounts homSupers) {}
