package org.dasgrid.core.genotype;

import java.util.List;
import java.util.OptionalInt;

/**
 * The genotype queries of a source (a multi-sample VCF served with {@code genotypes: true}): which variants in
 * some segments have het or hom-alt calls among chosen samples, which samples carry them, and how many. See
 * the API contract (section 4) for the matching rules; {@link GenotypeIndexBuilder} builds an engine.
 *
 * <p>Implementations are immutable and safe to query from many threads at once.
 */
public interface GenotypeQueries {

  /** The cohort, in VCF column order; a sample's number is its position here. */
  List<String> sampleNames();

  /** The number of the sample with this exact name. */
  OptionalInt sampleNumber(String name);

  /** Every sample of the cohort. */
  SampleSelection allSamples();

  /** A virtual cohort: the samples with these numbers (duplicates ignored). */
  SampleSelection select(int... sampleNumbers);

  /** The contigs, in the source's order: the order of every answer. */
  List<String> contigs();

  /**
   * The ALT alleles overlapping the segments (by their REF span) for which at least one chosen sample has
   * the zygosity asked for, in answer order, at most {@code limit}; het/hom/AC/AN over the chosen samples.
   */
  VariantAnswer variants(GenotypeQuery query);

  /**
   * The chosen samples that have the zygosity asked for at one or more ALT alleles in the segments, in cohort
   * order, at most {@code limit}; each with its het and hom-alt counts over all ALT alleles in the segments.
   */
  SampleAnswer carriers(GenotypeQuery query);

  /** The totals of {@link #variants} and {@link #carriers} without a limit. */
  CountAnswer count(GenotypeQuery query);

  /**
   * The numbers of the samples {@link #carriers} lists without a limit, ascending: what answers of several
   * nodes (each holding some contigs) are united by to count carriers once.
   */
  default int[] carrierNumbers(GenotypeQuery query) {
    SampleAnswer a = carriers(new GenotypeQuery(query.segments(), query.zygosity(), query.samples(),
        java.util.OptionalInt.empty()));
    int[] out = new int[a.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = a.sampleNumber(i);
    }
    return out;
  }

  GenotypeStats stats();

  /**
   * The samples carrying one ALT allele, named as a variants answer names it (contig, 1-based POS, REF and
   * ALT as in the VCF); empty when no row is that allele, or when this engine cannot say per sample (a
   * cluster's view asks the node holding the contig). Per-sample answers (Beacon's case-level data) read it one allele at a time.
   */
  default java.util.Optional<AlleleCarriers> alleleCarriers(String chrom, int pos, String ref, String alt) {
    return java.util.Optional.empty();
  }

  /** The INFO fields an analytics filter may test (those the header declares, when the engine keeps INFO). */
  default java.util.Map<String, InfoField> infoFields() {
    return java.util.Map.of();
  }

  /** The functional annotation the {@code csq.*} filters read: {@code CSQ} (VEP) or {@code ANN} (SnpEff). */
  default java.util.Optional<String> annotationSource() {
    return java.util.Optional.empty();
  }

  /**
   * Cohort analytics over the variants of a query: filters, per-variant statistics, case/control tests, top-N
   * and paging ({@link AnalyticsQuery}). Engines that cannot answer them say so.
   */
  default AnalyticsAnswer analyse(AnalyticsQuery query) {
    throw org.dasgrid.core.error.RequestException.unsupported(
        "statistics, filters and paging are not available for this source yet");
  }

  /**
   * The totals of the rows {@link #analyse} would list for the query's segments, zygosity, samples and filter,
   * without a limit (a filtered {@code count}). Engines that cannot filter answer only the filter that keeps
   * every row.
   */
  default CountAnswer count(AnalyticsQuery query) {
    if (query.filter().keepsAll()) {
      return count(query.base());
    }
    throw org.dasgrid.core.error.RequestException.unsupported(
        "count with filters is not available for this source yet");
  }
}
