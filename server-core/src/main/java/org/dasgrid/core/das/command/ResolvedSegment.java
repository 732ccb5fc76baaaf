package org.dasgrid.core.das.command;

import org.dasgrid.core.segment.Segment;

/** A requested segment after looking its reference up in a source. */
sealed interface ResolvedSegment {
  /** The id the client used (an alias or the canonical name). */
  String requestedId();

  /** Known reference, coordinates inside it. {@code label} is the canonical name. */
  record Found(String requestedId, Segment segment, String label) implements ResolvedSegment {}

  /** DAS UNKNOWNSEGMENT: the source has no such reference. */
  record Unknown(String requestedId) implements ResolvedSegment {}

  /** DAS ERRORSEGMENT: the reference exists, the coordinates are outside it. */
  record OutOfRange(String requestedId, long start, long stop) implements ResolvedSegment {}
}
