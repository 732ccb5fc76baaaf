/**
 * GA4GH Beacon v2 over the genotype engine: the framework documents ({@code /info}, {@code /configuration},
 * {@code /map}, ...) and the {@code genomicVariant} entry type ({@code /g_variants}). Each readable VCF source
 * served with genotypes is a dataset; a variant is there when at least one of its samples carries the allele.
 *
 * <p>A protocol: it reads the engines ({@code genotype}, {@code registry}, {@code source}) and owns every
 * byte it writes; no engine imports it. {@link org.dasgrid.core.ga4gh.beacon.BeaconService} is the entry
 * point, HTTP-free; the webapp's servlet only moves bytes and maps {@link
 * org.dasgrid.core.error.ErrorKind}s to statuses ({@link org.dasgrid.core.ga4gh.beacon.BeaconService#status}).
 */
package org.dasgrid.core.ga4gh.beacon;
