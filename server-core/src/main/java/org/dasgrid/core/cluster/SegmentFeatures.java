package org.dasgrid.core.cluster;

import java.util.List;
import org.dasgrid.core.feature.Feature;

/**
 * The features of one segment from a node: how many match, and the features themselves unless there were
 * more than the caller's maximum ({@code countOnly}), in which case only the count came.
 */
public record SegmentFeatures(int total, boolean countOnly, List<Feature> features) {
  public SegmentFeatures {
    features = List.copyOf(features);
  }
}
