package org.dasgrid.core.gene;

import org.dasgrid.core.error.RequestException;

/**
 * What a source's gene lookup is: none configured, ready, or unavailable because its {@code genes:} file could
 * not be read (the reason names file and line). An unreadable genes file costs the source its gene queries
 * only: its other queries serve, and {@link #require} answers gene queries with the reason.
 */
public sealed interface GeneLookup {
  /** No {@code genes:} in the source's config. */
  GeneLookup NONE = new None();

  /** The index, or the request error that says why there is none: 400 without {@code genes:}, 503 if broken. */
  GeneIndex require(String argument);

  record None() implements GeneLookup {
    @Override
    public GeneIndex require(String argument) {
      throw RequestException.badArgument("%s: the source has no gene annotation (a 'genes:' GFF3 or GTF file in "
          + "its config); give the region as segment=REF:START,STOP", argument);
    }
  }

  record Ready(GeneIndex index, String file) implements GeneLookup {
    @Override
    public GeneIndex require(String argument) {
      return index;
    }
  }

  record Unavailable(String reason) implements GeneLookup {
    @Override
    public GeneIndex require(String argument) {
      throw RequestException.unavailable("%s: the source's gene annotation is unavailable: %s", argument, reason);
    }
  }
}
