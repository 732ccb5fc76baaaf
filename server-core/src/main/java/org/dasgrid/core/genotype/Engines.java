package org.dasgrid.core.genotype;

import org.dasgrid.core.genotype.internal.analytics.CohortAnalytics;
import org.dasgrid.core.genotype.internal.engine.GenotypeIndex;
import org.dasgrid.core.genotype.internal.engine.IndexRecords;
import org.dasgrid.core.genotype.internal.store.GenotypeStore;

/**
 * How the public entry points ({@link GenotypeIndexBuilder}, {@link GenotypeIndexFile}) make an engine from a
 * store: the query engine with the cohort analytics plugged in. The one place that knows both.
 */
final class Engines {
  private Engines() {}

  static GenotypeIndex over(GenotypeStore store) {
    return new GenotypeIndex(store, CohortAnalytics::new);
  }

  /** The record reader of an engine made here ({@link RecordReader#of}). */
  static java.util.Optional<RecordReader> records(GenotypeQueries engine) {
    return engine instanceof GenotypeIndex index ? java.util.Optional.of(new IndexRecords(index))
        : java.util.Optional.empty();
  }
}
