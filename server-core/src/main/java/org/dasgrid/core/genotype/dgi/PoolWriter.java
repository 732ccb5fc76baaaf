package org.dasgrid.core.genotype.dgi;

import java.io.IOException;
import org.dasgrid.core.genotype.internal.column.ByteColumn;
import org.dasgrid.core.genotype.internal.column.CharColumn;
import org.dasgrid.core.genotype.internal.column.IntColumn;
import org.dasgrid.core.genotype.internal.column.LongColumn;

/**
 * Where storage writes the pages of its pools, each pool's pages in order: the sample sets' inline runs, dense
 * bitsets and patches, and the allele-count corrections. What the sample sets and the corrections know of an
 * index file; {@link IndexFileWriter} is one.
 */
public interface PoolWriter {
  void inlineSetPage(int p, CharColumn page) throws IOException;

  /** A page of delta-coded inline runs (a cohort above 65,536 samples; format 5). */
  void gapSetPage(int p, ByteColumn page) throws IOException;

  void denseSetPage(int p, LongColumn page) throws IOException;

  void patchedSetPage(int p, IntColumn page) throws IOException;

  void correctionPage(int p, IntColumn page) throws IOException;
}
