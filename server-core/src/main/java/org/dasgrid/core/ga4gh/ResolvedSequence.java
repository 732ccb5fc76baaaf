package org.dasgrid.core.ga4gh;

import java.util.List;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.source.SequenceDigests;

/**
 * A sequence found by a refget identifier: the first readable source holding it (which serves its bases),
 * its checksums, and every readable source holding the same sequence, with the name it has there (for the
 * metadata's aliases).
 */
public record ResolvedSequence(LoadedSource source, SequenceDigests.Digest digest, List<Holder> holders) {
  public ResolvedSequence {
    holders = List.copyOf(holders);
  }

  /** A source holding the sequence, and its canonical name for it there. */
  public record Holder(LoadedSource source, String ref) {}
}
