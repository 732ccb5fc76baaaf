package org.dasgrid.core.feature;

import java.util.Objects;

/** How a feature was produced: in GFF, the source column (e.g. {@code FlyBase}). */
public record Method(String id, String label) {
  public Method {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(label, "label");
  }
}
