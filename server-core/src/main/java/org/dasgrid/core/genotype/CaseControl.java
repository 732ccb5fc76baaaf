package org.dasgrid.core.genotype;

import java.util.Objects;

/** The two groups of an association test: cases and controls (disjoint; the controls often the rest of the cohort). */
public record CaseControl(SampleSelection cases, SampleSelection controls) {
  public CaseControl {
    Objects.requireNonNull(cases, "cases");
    Objects.requireNonNull(controls, "controls");
  }

  /**
   * Whether cases and controls split {@code cohort} exactly (disjoint, and together every chosen sample): then
   * one group's counts are the cohort's less the other's, and the engine counts only one group per row.
   */
  public boolean splits(SampleSelection cohort) {
    if ((long) cases.size() + controls.size() != cohort.size()) {
      return false;
    }
    for (int s : cases.members()) {
      if (!cohort.contains(s)) {
        return false;
      }
    }
    for (int s : controls.members()) {
      if (!cohort.contains(s) || cases.contains(s)) {
        return false;
      }
    }
    return true;
  }
}
