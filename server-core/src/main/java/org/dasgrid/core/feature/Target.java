package org.dasgrid.core.feature;

import java.util.Objects;

/** The other sequence an alignment-like feature maps to, 1-based inclusive. */
public record Target(String id, int start, int stop, String label) {
  public Target {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(label, "label");
  }
}
