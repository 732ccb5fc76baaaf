package org.dasgrid.core.ga4gh.beacon;

import java.util.List;
import org.dasgrid.core.genotype.VariantRow;

/**
 * What one dataset answered: how many variants matched, and the page of them a record answer lists ({@code
 * skip}/{@code limit} applied; empty unless records were asked for).
 */
record DatasetHits(BeaconDataset dataset, long count, List<VariantRow> page) {
  DatasetHits {
    page = List.copyOf(page);
  }

  boolean exists() {
    return count > 0;
  }
}
