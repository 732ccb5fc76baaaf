package org.dasgrid.core.feature;

import java.util.Objects;

/**
 * The other sequence an alignment-like feature maps to, 1-based inclusive, and on which strand of it
 * ({@code NONE} when the source does not say; GFF3's {@code Target=id start stop [strand]}).
 */
public record Target(String id, int start, int stop, String label, Orientation orientation) {
  public Target {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(orientation, "orientation");
  }

  /** A target whose strand is not given. */
  public Target(String id, int start, int stop, String label) {
    this(id, start, stop, label, Orientation.NONE);
  }
}
