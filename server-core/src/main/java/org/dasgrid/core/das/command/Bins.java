package org.dasgrid.core.das.command;

import java.io.IOException;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.feature.Method;
import org.dasgrid.core.render.FeatureDocument;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.FeatureFilter;

/**
 * Summarises the features of a segment as at most {@code maxbins} density features: each non-empty bin
 * becomes one feature whose score is the number of features starting in it (or, for the first bin, reaching
 * into it). Coarser than the features, never wrong about them.
 */
final class Bins {
  static final FeatureType DENSITY = new FeatureType("density", "density", "");
  static final Method BINNED = new Method("binned", "feature density");

  private Bins() {}

  static void write(DataSource data, Segment seg, FeatureFilter filter, int maxbins, FeatureDocument doc)
      throws IOException {
    int bins = Math.min(maxbins, seg.length());
    long width = (seg.length() + (long) bins - 1) / bins;
    int[] counts = new int[bins];
    data.features(seg, filter, f -> {
      int pos = Math.max(f.start(), seg.start());
      counts[(int) ((pos - (long) seg.start()) / width)]++;
    });
    for (int i = 0; i < bins; i++) {
      if (counts[i] == 0) {
        continue;
      }
      int start = (int) (seg.start() + i * width);
      int end = (int) Math.min(seg.stop(), start + width - 1);
      doc.feature(Feature.builder(seg.ref(), start, end)
          .id("bin:" + seg.ref() + ":" + start + "-" + end)
          .label(counts[i] + " features")
          .type(DENSITY)
          .method(BINNED)
          .score(counts[i])
          .note(counts[i] + " features")
          .build());
    }
  }
}
