package org.dasgrid.core.config;

import java.util.Locale;

/**
 * What an answer reveals, lowest first: whether and how often something occurs ({@code aggregate}), variant
 * records ({@code variants}), or anything naming samples or their calls ({@code genotypes}). Every API maps to
 * one (contract section 11).
 */
public enum Tier {
  AGGREGATE,
  VARIANTS,
  GENOTYPES;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
