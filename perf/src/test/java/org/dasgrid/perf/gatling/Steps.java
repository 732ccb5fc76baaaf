package org.dasgrid.perf.gatling;

import io.gatling.javaapi.core.PopulationBuilder;
import java.util.List;

/** Runs populations one after another: each starts when the previous one has finished. */
final class Steps {
  private Steps() {}

  static PopulationBuilder sequence(List<PopulationBuilder> steps) {
    if (steps.isEmpty()) {
      throw new IllegalArgumentException("no steps to run");
    }
    // andThen(x) adds x as a child started when the parent ends, so the chain is built from its tail
    PopulationBuilder chain = steps.get(steps.size() - 1);
    for (int i = steps.size() - 2; i >= 0; i--) {
      chain = steps.get(i).andThen(chain);
    }
    return chain;
  }
}
