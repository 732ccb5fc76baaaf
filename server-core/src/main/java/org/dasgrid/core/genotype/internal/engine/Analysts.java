package org.dasgrid.core.genotype.internal.engine;

import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.genotype.AnalyticsAnswer;
import org.dasgrid.core.genotype.AnalyticsQuery;
import org.dasgrid.core.genotype.CountAnswer;

/**
 * Who answers an engine's analytics queries ({@link org.dasgrid.core.genotype.GenotypeQueries#analyse}): the
 * analytics, which read the engine, are plugged into it when it is made, so the engine knows nothing of them.
 * One {@link Analyst} per query.
 */
@FunctionalInterface
public interface Analysts {
  /** An engine without analytics: every analytics query is unsupported. */
  Analysts NONE = index -> new Analyst() {
    @Override
    public AnalyticsAnswer run(AnalyticsQuery query) {
      throw RequestException.unsupported("statistics, filters and paging are not available for this source yet");
    }

    @Override
    public CountAnswer count(AnalyticsQuery query) {
      throw RequestException.unsupported("count with filters is not available for this source yet");
    }
  };

  /** The analyst of one query over {@code index}. */
  Analyst over(GenotypeIndex index);

  /** Answers one analytics query. */
  interface Analyst {
    AnalyticsAnswer run(AnalyticsQuery query);

    /** The totals of the rows {@link #run} would list without a limit or cursor (a filtered count). */
    CountAnswer count(AnalyticsQuery query);
  }
}
