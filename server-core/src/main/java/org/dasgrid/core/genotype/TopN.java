package org.dasgrid.core.genotype;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/** The {@code n} variants with the smallest p-value of a test (ties in answer order); rows without a p-value are left out. */
public record TopN(int n, By by) {
  /** The test ranked by. */
  public enum By {
    HWE_P,
    ASSOC_P;

    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<By> named(String name) {
      for (By b : values()) {
        if (b.label().equals(name.toLowerCase(Locale.ROOT))) {
          return Optional.of(b);
        }
      }
      return Optional.empty();
    }
  }

  public TopN {
    Objects.requireNonNull(by, "by");
    if (n < 0) {
      throw new IllegalArgumentException("top " + n + " < 0");
    }
  }
}
