package org.dasgrid.datasources.gff;

import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.Interner;
import org.dasgrid.datasources.io.MalformedRecord;

/**
 * Decodes single GFF2 lines exactly as {@link Gff2Provider} does (the group as parent, GFF3-style {@code
 * ID}/{@code Parent} honoured), for readers that get lines one at a time. Not thread-safe.
 */
public final class Gff2Records {
  private final Interner pool;
  private final Gff2Provider.RecordShaper shaper = new Gff2Provider().shaper();

  public Gff2Records(Interner pool) {
    this.pool = pool;
  }

  /**
   * The feature of a data line; null for blank lines and comments.
   *
   * @throws MalformedRecord if the line is not valid GFF2
   */
  public Feature.Builder decode(String line) {
    if (line.isBlank() || line.charAt(0) == '#') {
      return null;
    }
    try {
      return Gff2Provider.parse(line, pool, shaper);
    } catch (GffColumns.BadColumn | IllegalArgumentException e) {
      throw new MalformedRecord(e.getMessage());
    }
  }
}
