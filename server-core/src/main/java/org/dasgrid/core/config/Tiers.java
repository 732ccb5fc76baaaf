package org.dasgrid.core.config;

/**
 * A source's {@code tiers:}: the {@link AccessLevel} each {@link Tier} needs. Absent parts are public, so a
 * source without the key is open as before; a higher tier never needs less than a lower one (what a record
 * shows, its count shows too), which {@link ConfigLoader} checks.
 */
public record Tiers(AccessLevel aggregate, AccessLevel variants, AccessLevel genotypes) {
  public static final Tiers PUBLIC = new Tiers(null, null, null);

  public Tiers {
    aggregate = aggregate == null ? AccessLevel.PUBLIC : aggregate;
    variants = variants == null ? AccessLevel.PUBLIC : variants;
    genotypes = genotypes == null ? AccessLevel.PUBLIC : genotypes;
  }

  public AccessLevel level(Tier tier) {
    return switch (tier) {
      case AGGREGATE -> aggregate;
      case VARIANTS -> variants;
      case GENOTYPES -> genotypes;
    };
  }

  /** Whether any tier needs more than the public level. */
  public boolean restricted() {
    return genotypes != AccessLevel.PUBLIC || variants != AccessLevel.PUBLIC || aggregate != AccessLevel.PUBLIC;
  }
}
