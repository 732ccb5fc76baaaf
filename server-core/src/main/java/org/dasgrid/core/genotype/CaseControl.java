package org.dasgrid.core.genotype;

import java.util.Objects;

/** The two groups of an association test: cases and controls (disjoint; the controls often the rest of the cohort). */
public record CaseControl(SampleSelection cases, SampleSelection controls) {
  public CaseControl {
    Objects.requireNonNull(cases, "cases");
    Objects.requireNonNull(controls, "controls");
  }
}
