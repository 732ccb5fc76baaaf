package org.dasgrid.core.genotype;

import java.util.Objects;
import java.util.Optional;

/**
 * A variants query with analytics: the rows of {@code base} (segments, zygosity, chosen samples, limit) that
 * pass {@code filter}, each with its statistics over the chosen samples when {@code stats}, its
 * case/control test when {@code caseControl} is given, ranked by a p-value when {@code top} is given, and
 * starting after {@code after} (a previous page's last row) when given.
 */
public record AnalyticsQuery(GenotypeQuery base, VariantFilter filter, boolean stats,
    Optional<CaseControl> caseControl, Optional<TopN> top, Optional<RowKey> after) {
  public AnalyticsQuery {
    Objects.requireNonNull(base, "base");
    Objects.requireNonNull(filter, "filter");
    Objects.requireNonNull(caseControl, "caseControl");
    Objects.requireNonNull(top, "top");
    Objects.requireNonNull(after, "after");
    if (top.isPresent() && top.get().by() == TopN.By.ASSOC_P && caseControl.isEmpty()) {
      throw new IllegalArgumentException("ranking by assoc_p needs cases");
    }
    if (top.isPresent() && after.isPresent()) {
      throw new IllegalArgumentException("a top-N answer has no pages");
    }
  }

  /** Whether the rows carry HWE p, F and missing counts (asked for, or ranked by). */
  public boolean withStats() {
    return stats || top.isPresent() && top.get().by() == TopN.By.HWE_P;
  }
}
