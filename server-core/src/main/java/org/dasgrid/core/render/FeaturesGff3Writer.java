package org.dasgrid.core.render;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.Link;
import org.dasgrid.core.feature.Orientation;
import org.dasgrid.core.feature.Phase;
import org.dasgrid.core.feature.Target;
import org.dasgrid.core.segment.Segment;

/**
 * Streams a features answer as GFF3 ({@code format=gff3}), for scripts, igv.js and JBrowse. One line per
 * feature: DAS id, label, parents, targets, links and notes become {@code ID}, {@code Name}, {@code Parent},
 * {@code Target}, {@code Dbxref} and {@code Note}. Each segment's reference is announced once with {@code
 * ##sequence-region}; unknown segments and features, which GFF3 cannot express, are {@code #} comments.
 *
 * <p>The GFF loaders keep each value of an attribute that is not structure as a {@code key=value} note; such
 * notes are written back as attributes, so every attribute of a GFF3 source round-trips (the order of the
 * attributes in column 9 aside). Other notes go in {@code Note}.
 */
public final class FeaturesGff3Writer implements FeatureDocument {
  /** GFF3 column 9 reserves these in tags and values; column 1 also escapes a leading {@code >}. */
  private static final String VALUE_RESERVED = "\t;=&,";
  private static final String COLUMN_RESERVED = "\t";
  private static final Pattern NOTE_ATTRIBUTE = Pattern.compile("[A-Za-z_][A-Za-z0-9_.:-]*=.*", Pattern.DOTALL);
  /**
   * Attributes the writer writes from the feature's own parts, which a note must not repeat. Every other
   * {@code key=value} note ({@code Alias}, {@code Ontology_term}, {@code Derives_from}...) is written back as
   * the attribute it was read from.
   */
  private static final Set<String> WRITTEN_TAGS = Set.of("ID", "Name", "Parent", "Target", "Dbxref", "Note");
  /** How a loader keeps a {@code Target} it could not parse. */
  private static final String TARGET_NOTE = "Target=";

  private final Writer w;
  private final Set<String> announced = new HashSet<>();

  public FeaturesGff3Writer(OutputStream out) {
    this.w = TextOutput.writer(out);
  }

  @Override
  public void begin(String href) throws IOException {
    w.write("##gff-version 3\n");
    w.write("# DAS features from ");
    w.write(TextOutput.field(href));
    w.write('\n');
  }

  @Override
  public void beginSegment(String id, Segment segment, String version, String label) throws IOException {
    if (announced.add(segment.ref())) {
      w.write("##sequence-region ");
      TextOutput.escape(w, segment.ref(), " ");
      w.write(' ');
      w.write(Integer.toString(segment.start()));
      w.write(' ');
      w.write(Integer.toString(segment.stop()));
      w.write('\n');
    }
  }

  @Override
  public void feature(Feature f) throws IOException {
    column(f.ref());
    column(f.method().id());
    column(f.type().id());
    w.write(Integer.toString(f.start()));
    w.write('\t');
    w.write(Integer.toString(f.end()));
    w.write('\t');
    w.write(f.hasScore() ? NumberText.format(f.score()) : ".");
    w.write('\t');
    w.write(f.orientation() == Orientation.NONE ? "." : f.orientation().symbol());
    w.write('\t');
    w.write(f.phase() == Phase.NONE ? "." : f.phase().symbol());
    w.write('\t');
    attributes(f);
    w.write('\n');
  }

  private void column(String s) throws IOException {
    TextOutput.escape(w, s, COLUMN_RESERVED);
    w.write('\t');
  }

  private void attributes(Feature f) throws IOException {
    w.write("ID=");
    TextOutput.escape(w, f.id(), VALUE_RESERVED);
    if (f.hasLabel()) {
      w.write(";Name=");
      TextOutput.escape(w, f.label(), VALUE_RESERVED);
    }
    list("Parent", f.parents());
    targets(f);
    if (!f.links().isEmpty()) {
      w.write(";Dbxref=");
      boolean first = true;
      for (Link l : f.links()) {
        if (!first) {
          w.write(',');
        }
        first = false;
        TextOutput.escape(w, l.text(), VALUE_RESERVED);
      }
    }
    // a loader keeps each value of an attribute that is not structure as a key=value note: the values of one
    // key, next to each other, are that attribute's comma-separated values again (their own commas escaped)
    String key = null;
    for (String note : f.notes()) {
      if (isAttribute(note)) {
        int eq = note.indexOf('=');
        String k = note.substring(0, eq);
        if (k.equals(key)) {
          w.write(',');
        } else {
          w.write(';');
          TextOutput.escape(w, k, VALUE_RESERVED);
          w.write('=');
          key = k;
        }
        TextOutput.escape(w, note.substring(eq + 1), VALUE_RESERVED);
      }
    }
    boolean firstNote = true;
    for (String note : f.notes()) {
      if (!isAttribute(note) && !note.startsWith(TARGET_NOTE)) {
        w.write(firstNote ? ";Note=" : ",");
        firstNote = false;
        TextOutput.escape(w, note, VALUE_RESERVED);
      }
    }
  }

  /** {@code Target}: the parsed ones, then any a loader could not parse and kept as a {@code Target=} note. */
  private void targets(Feature f) throws IOException {
    boolean first = true;
    for (Target t : f.targets()) {
      w.write(first ? ";Target=" : ",");
      first = false;
      TextOutput.escape(w, t.id(), VALUE_RESERVED + " ");
      w.write(' ');
      w.write(Integer.toString(t.start()));
      w.write(' ');
      w.write(Integer.toString(t.stop()));
      if (t.orientation() != Orientation.NONE) {
        w.write(' ');
        w.write(t.orientation().symbol());
      }
    }
    for (String note : f.notes()) {
      if (note.startsWith(TARGET_NOTE)) {
        w.write(first ? ";Target=" : ",");
        first = false;
        TextOutput.escape(w, note.substring(TARGET_NOTE.length()), VALUE_RESERVED);
      }
    }
  }

  private static boolean isAttribute(String note) {
    if (!NOTE_ATTRIBUTE.matcher(note).matches()) {
      return false;
    }
    return !WRITTEN_TAGS.contains(note.substring(0, note.indexOf('=')));
  }

  private void list(String tag, List<String> values) throws IOException {
    if (values.isEmpty()) {
      return;
    }
    w.write(';');
    w.write(tag);
    w.write('=');
    for (int i = 0; i < values.size(); i++) {
      if (i > 0) {
        w.write(',');
      }
      TextOutput.escape(w, values.get(i), VALUE_RESERVED);
    }
  }

  @Override
  public void endSegment() {}

  @Override
  public void unknownSegment(String id) throws IOException {
    comment("UNKNOWNSEGMENT", id);
  }

  @Override
  public void errorSegment(String id, long start, long stop) throws IOException {
    comment("ERRORSEGMENT", id + ":" + start + "," + stop);
  }

  @Override
  public void unknownFeature(String id) throws IOException {
    comment("UNKNOWNFEATURE", id);
  }

  private void comment(String what, String id) throws IOException {
    w.write("# ");
    w.write(what);
    w.write(' ');
    w.write(TextOutput.field(id));
    w.write('\n');
  }

  @Override
  public void end() throws IOException {
    w.flush();
  }
}
