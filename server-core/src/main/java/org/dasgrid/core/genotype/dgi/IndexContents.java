package org.dasgrid.core.genotype.dgi;

import java.util.List;
import java.util.Map;
import org.dasgrid.core.genotype.IndexedReference;
import org.dasgrid.core.genotype.InfoField;
import org.dasgrid.core.genotype.SourceIdentity;
import org.dasgrid.core.genotype.internal.column.ByteColumn;
import org.dasgrid.core.genotype.internal.column.CharColumn;
import org.dasgrid.core.genotype.internal.column.IntColumn;
import org.dasgrid.core.genotype.internal.column.LongColumn;

/**
 * What an opened index file holds, mapped and checked ({@link IndexFileReader}): the cohort, the INFO fields the
 * filters may test, the build's counts, the pools' pages, the contigs in the source's order, the references as
 * the VCF source lists them, the VCF's identity and the file's size.
 */
public record IndexContents(List<String> samples, Map<String, InfoField> infoFields, Counts counts, Pools pools,
    List<ContigSections> contigs, List<IndexedReference> references, SourceIdentity source, long fileBytes) {

  /** The catalog's counts: VCF records, rows, het and hom-alt calls, and the sets of each stored form. */
  public record Counts(long sites, long variants, long nonRefCalls, long inlineSets, long denseSets) {}

  /** The pools' pages: the sample sets' three forms, and the allele-count corrections. */
  public record Pools(CharColumn[] inlineSets, ByteColumn[] gapSets, LongColumn[] denseSets,
      IntColumn[] patchedSets, IntColumn[] corrections) {}
}
