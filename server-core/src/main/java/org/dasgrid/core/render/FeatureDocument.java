package org.dasgrid.core.render;

import java.io.IOException;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.segment.Segment;

/**
 * A features answer written as it is computed, one feature at a time, so that even a response of millions
 * of features holds no more than one feature in memory. Calls follow the grammar
 * {@code begin (beginSegment feature* endSegment | unknownSegment | errorSegment | unknownFeature)* end}.
 */
public interface FeatureDocument {
  void begin(String href) throws IOException;

  /**
   * Starts a segment. {@code id} is the reference name the client asked for (possibly an alias), {@code
   * segment} the resolved coordinates, {@code label} the source's own name for the reference.
   */
  void beginSegment(String id, Segment segment, String version, String label) throws IOException;

  void feature(Feature feature) throws IOException;

  void endSegment() throws IOException;

  /** DAS 1.6: a reference the source does not know, reported inside a 200 document. */
  void unknownSegment(String id) throws IOException;

  /** DAS 1.6: coordinates outside the reference, reported inside a 200 document. */
  void errorSegment(String id, long start, long stop) throws IOException;

  /** DAS 1.6: a {@code feature_id} the source does not have. */
  void unknownFeature(String id) throws IOException;

  /** Finishes the document and flushes the writer (not the underlying stream). */
  void end() throws IOException;
}
