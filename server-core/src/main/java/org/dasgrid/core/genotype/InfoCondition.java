package org.dasgrid.core.genotype;

import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * A test of one INFO field of a variant's record ({@code info.KEY=} in the API). For a field with one value
 * per ALT ({@code Number=A}) the row's own ALT's value is tested, per allele ({@code R}) the REF's and its
 * ALT's, otherwise every value; a row passes when one tested value passes. A record without the field, or
 * with {@code .}, fails every test but {@code Flag(key, false)}.
 */
public sealed interface InfoCondition {
  String key();

  /** A numeric field within {@code [min, max]} (either bound may be absent). */
  record Range(String key, OptionalDouble min, OptionalDouble max) implements InfoCondition {
    public Range {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(min, "min");
      Objects.requireNonNull(max, "max");
    }
  }

  /** A string or character field equal to one of the values. */
  record Values(String key, Set<String> values) implements InfoCondition {
    public Values {
      Objects.requireNonNull(key, "key");
      values = Set.copyOf(values);
    }
  }

  /** A flag present ({@code true}) or absent. */
  record Flag(String key, boolean present) implements InfoCondition {
    public Flag {
      Objects.requireNonNull(key, "key");
    }
  }
}
