package org.dasgrid.core.ga4gh.beacon;

/**
 * What a client may have of one dataset (contract section 11): its variant records ({@code variantRecords}: the
 * variants tier), records naming its samples ({@code sampleRecords}: individuals, biosamples, case-level data;
 * the genotypes tier), and the smallest count an aggregate answer may report ({@code countFloor}: the source's
 * {@code minCount} below the controlled tier, else 1). Boolean and count answers need only that the dataset is
 * listed at all (the aggregate tier).
 */
public record DatasetAccess(boolean variantRecords, boolean sampleRecords, int countFloor) {
  /** Everything: a public source without a minimum count, or a caller holding its grant. */
  public static final DatasetAccess OPEN = new DatasetAccess(true, true, 1);

  public DatasetAccess {
    if (countFloor < 1) {
      throw new IllegalArgumentException("countFloor must be at least 1, not " + countFloor);
    }
  }

  /** The count to report for {@code count} matches. */
  public long report(long count) {
    return org.dasgrid.core.access.CountFloor.adjust(count, countFloor);
  }
}
