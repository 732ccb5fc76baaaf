package org.dasgrid.core.source;

import java.io.IOException;
import org.dasgrid.core.segment.Segment;

/** Capability: the source can return reference sequence (DAS {@code sequence}). */
public interface SequenceSource {
  /** The sequence of a segment that lies within a known reference's sequence, appended to {@code out}. */
  void sequence(Segment segment, Appendable out) throws IOException;

  /** Length of the stored sequence of a reference, or -1 if this source has no sequence for it. */
  int sequenceLength(String ref);
}
