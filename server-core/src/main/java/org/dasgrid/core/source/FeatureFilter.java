package org.dasgrid.core.source;

import java.util.Set;
import org.dasgrid.core.feature.Feature;

/**
 * Which features a query wants, by DAS {@code type=} and {@code category=}; empty sets mean any. A feature
 * passes when its type is one of the types (if any are given) and its category one of the categories (if
 * any are given).
 */
public record FeatureFilter(Set<String> types, Set<String> categories) {
  public static final FeatureFilter ANY = new FeatureFilter(Set.of(), Set.of());

  public FeatureFilter {
    types = Set.copyOf(types);
    categories = Set.copyOf(categories);
  }

  public boolean isAny() {
    return types.isEmpty() && categories.isEmpty();
  }

  public boolean matches(Feature f) {
    return (types.isEmpty() || types.contains(f.type().id()))
        && (categories.isEmpty() || categories.contains(f.type().category()));
  }
}
