package org.dasgrid.core.render;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.Orientation;
import org.dasgrid.core.segment.Segment;

/**
 * Streams a features answer as BED6 ({@code format=bed}): {@code chrom, chromStart (0-based), chromEnd,
 * name, score, strand}, one line per feature, with the feature's label as name. A feature without a score
 * gets 0, since BED readers (UCSC, bedToBigBed) need a number there. DAS problems (unknown segments and
 * features) are {@code #} comments, which bedtools, igv.js and the UCSC browser skip.
 */
public final class FeaturesBedWriter implements FeatureDocument {
  private final Writer w;

  public FeaturesBedWriter(OutputStream out) {
    this.w = TextOutput.writer(out);
  }

  @Override
  public void begin(String href) throws IOException {
    w.write("# DAS features from ");
    w.write(TextOutput.field(href));
    w.write('\n');
  }

  @Override
  public void beginSegment(String id, Segment segment, String version, String label) {}

  @Override
  public void feature(Feature f) throws IOException {
    w.write(TextOutput.field(f.ref()));
    w.write('\t');
    w.write(Integer.toString(f.start() - 1));
    w.write('\t');
    w.write(Integer.toString(f.end()));
    w.write('\t');
    w.write(TextOutput.field(f.label()));
    w.write('\t');
    w.write(f.hasScore() ? NumberText.format(f.score()) : "0");
    w.write('\t');
    w.write(f.orientation() == Orientation.NONE ? "." : f.orientation().symbol());
    w.write('\n');
  }

  @Override
  public void endSegment() {}

  @Override
  public void unknownSegment(String id) throws IOException {
    comment("UNKNOWNSEGMENT " + id);
  }

  @Override
  public void errorSegment(String id, long start, long stop) throws IOException {
    comment("ERRORSEGMENT " + id + ":" + start + "," + stop);
  }

  @Override
  public void unknownFeature(String id) throws IOException {
    comment("UNKNOWNFEATURE " + id);
  }

  private void comment(String text) throws IOException {
    w.write("# ");
    w.write(TextOutput.field(text));
    w.write('\n');
  }

  @Override
  public void end() throws IOException {
    w.flush();
  }
}
