package org.dasgrid.core.genotype;

import java.util.Collection;
import java.util.List;
import org.dasgrid.core.genotype.internal.build.SiteCalls;
import org.dasgrid.core.genotype.internal.build.StoreBuilder;

/**
 * Builds a genotype engine from sites and their calls, as a VCF loader reads them (the core knows no file
 * format): {@link #startSite}, the calls of the samples that are not 0/0 in sample order ({@link #diploid},
 * {@link #haploid}, {@link #call}), {@link #endSite}; then {@link #build}. Samples a site does not mention
 * are complete diploid 0/0 calls, so a loader can skip them without a method call.
 *
 * <p>Contig order is the order of {@link #declareContig} (a VCF's {@code ##contig} lines), then of first
 * appearance; sites may come in any order within a contig. Mistakes in the input (an allele the site does
 * not have, calls out of sample order) are {@link IllegalArgumentException}s for the loader to report with
 * file and line. Not thread-safe.
 *
 * <p>A streaming build ({@link GenotypeIndexFile#build}) writes each contig to the index file, with the pool
 * pages it filled, when the first site of another contig starts, and then forgets it: its heap holds one
 * contig's rows and sample sets at a time, and a contig cannot come back once another has started.
 */
public final class GenotypeIndexBuilder {
  /** An allele that was not called ({@code .} in a VCF GT). */
  public static final int MISSING = SiteCalls.MISSING;

  private final StoreBuilder store;

  public GenotypeIndexBuilder(List<String> sampleNames) {
    this(sampleNames, SetEncoding.COMPACT);
  }

  public GenotypeIndexBuilder(List<String> sampleNames, SetEncoding encoding) {
    this(new StoreBuilder(sampleNames, encoding));
  }

  /** Over a streaming build's store (see {@link GenotypeIndexFile#build}). */
  GenotypeIndexBuilder(StoreBuilder store) {
    this.store = store;
  }

  /**
   * Keeps each record's INFO text (given by {@link #siteInfo}) for the INFO and annotation filters, which
   * may test the fields the header declares; without this call the engine keeps no INFO.
   */
  public GenotypeIndexBuilder keepInfo(Collection<InfoField> declared) {
    store.keepInfo(declared);
    return this;
  }

  /** Whether {@link #siteInfo} is wanted. */
  public boolean keepsInfo() {
    return store.keepsInfo();
  }

  /** The current site's INFO column, {@code b[from, to)} (between {@link #startSite} and {@link #endSite}). */
  public void siteInfo(byte[] b, int from, int to) {
    store.siteInfo(b, from, to);
  }

  /** Declares a contig, fixing its place in the source's order even if it has no sites. */
  public GenotypeIndexBuilder declareContig(String name) {
    store.declareContig(name);
    return this;
  }

  /**
   * Starts a site.
   *
   * @param pos 1-based position of the first REF base
   * @param end last base the site covers (POS + length(REF) - 1, or INFO/END of a symbolic allele)
   * @param id the VCF ID, or {@code .} for none
   * @param alts the ALT alleles, allele 1 first; may be empty (a site without ALT)
   */
  public void startSite(String contig, int pos, int end, String id, String ref, List<String> alts) {
    store.startSite(contig, pos, end, id, ref, alts);
  }

  /** A diploid call; alleles are 0 (REF), 1.. (ALT) or {@link #MISSING}. */
  public void diploid(int sample, int allele1, int allele2) {
    store.diploid(sample, allele1, allele2);
  }

  public void haploid(int sample, int allele) {
    store.haploid(sample, allele);
  }

  /** A call of any ploidy: the first {@code n} entries of {@code alleles}. */
  public void call(int sample, int[] alleles, int n) {
    store.call(sample, alleles, n);
  }

  public void endSite() {
    store.endSite();
  }

  /** Sites ended so far. */
  public long sites() {
    return store.sites();
  }

  /** The engine over the sites added, in the heap. */
  public GenotypeQueries build() {
    return Engines.over(store.build());
  }
}
