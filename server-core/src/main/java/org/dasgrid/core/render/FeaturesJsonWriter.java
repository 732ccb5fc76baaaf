package org.dasgrid.core.render;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.Link;
import org.dasgrid.core.feature.Target;
import org.dasgrid.core.segment.Segment;

/**
 * Streams the JSON form of a DASGFF document:
 *
 * <pre>{"features": {"href": ..., "segments": [{"id", "start", "stop", "version", "label",
 *   "features": [{"id", "label", "type": {"id", "category", "cvId"}, "method": {"id", "label"}, "start",
 *   "end", "score", "orientation", "phase", "notes", "links", "targets", "parents", "parts"}]}],
 *   "unknownSegments": [{"id"}], "errorSegments": [{"id", "start", "stop"}], "unknownFeatures": [{"id"}]}}</pre>
 *
 * Unknown and erroneous segments are collected and written after the segments, since JSON keeps each kind
 * in its own array. A feature's empty lists are left out and a missing score is {@code null}.
 */
public final class FeaturesJsonWriter implements FeatureDocument {
  private final JsonGenerator g;
  private final java.util.List<Object[]> problems = new java.util.ArrayList<>();
  private boolean segmentsOpen;

  public FeaturesJsonWriter(OutputStream out) throws IOException {
    this.g = JsonOutput.generator(out);
  }

  @Override
  public void begin(String href) throws IOException {
    g.writeStartObject();
    g.writeObjectFieldStart("features");
    g.writeStringField("href", href);
    g.writeArrayFieldStart("segments");
    segmentsOpen = true;
  }

  @Override
  public void beginSegment(String id, Segment segment, String version, String label) throws IOException {
    g.writeStartObject();
    g.writeStringField("id", id);
    g.writeNumberField("start", segment.start());
    g.writeNumberField("stop", segment.stop());
    g.writeStringField("version", version);
    g.writeStringField("label", label);
    g.writeArrayFieldStart("features");
  }

  @Override
  public void feature(Feature f) throws IOException {
    g.writeStartObject();
    g.writeStringField("id", f.id());
    g.writeStringField("label", f.label());
    g.writeObjectFieldStart("type");
    g.writeStringField("id", f.type().id());
    g.writeStringField("category", f.type().category());
    if (f.type().hasCvId()) {
      g.writeStringField("cvId", f.type().cvId());
    }
    g.writeEndObject();
    g.writeObjectFieldStart("method");
    g.writeStringField("id", f.method().id());
    g.writeStringField("label", f.method().label());
    g.writeEndObject();
    g.writeNumberField("start", f.start());
    g.writeNumberField("end", f.end());
    if (f.hasScore()) {
      g.writeNumberField("score", f.score());
    } else {
      g.writeNullField("score");
    }
    g.writeStringField("orientation", f.orientation().symbol());
    g.writeStringField("phase", f.phase().symbol());
    strings("notes", f.notes());
    if (!f.links().isEmpty()) {
      g.writeArrayFieldStart("links");
      for (Link l : f.links()) {
        g.writeStartObject();
        g.writeStringField("href", l.href());
        g.writeStringField("text", l.text());
        g.writeEndObject();
      }
      g.writeEndArray();
    }
    if (!f.targets().isEmpty()) {
      g.writeArrayFieldStart("targets");
      for (Target t : f.targets()) {
        g.writeStartObject();
        g.writeStringField("id", t.id());
        g.writeNumberField("start", t.start());
        g.writeNumberField("stop", t.stop());
        g.writeStringField("label", t.label());
        g.writeEndObject();
      }
      g.writeEndArray();
    }
    strings("parents", f.parents());
    strings("parts", f.parts());
    g.writeEndObject();
  }

  private void strings(String field, java.util.List<String> values) throws IOException {
    if (values.isEmpty()) {
      return;
    }
    g.writeArrayFieldStart(field);
    for (String v : values) {
      g.writeString(v);
    }
    g.writeEndArray();
  }

  @Override
  public void endSegment() throws IOException {
    g.writeEndArray();
    g.writeEndObject();
  }

  @Override
  public void unknownSegment(String id) throws IOException {
    problems.add(new Object[] {"unknownSegments", id, null, null});
  }

  @Override
  public void errorSegment(String id, long start, long stop) throws IOException {
    problems.add(new Object[] {"errorSegments", id, start, stop});
  }

  @Override
  public void unknownFeature(String id) throws IOException {
    problems.add(new Object[] {"unknownFeatures", id, null, null});
  }

  @Override
  public void end() throws IOException {
    if (segmentsOpen) {
      g.writeEndArray();
    }
    for (String kind : new String[] {"unknownSegments", "errorSegments", "unknownFeatures"}) {
      g.writeArrayFieldStart(kind);
      for (Object[] p : problems) {
        if (p[0].equals(kind)) {
          g.writeStartObject();
          g.writeStringField("id", (String) p[1]);
          if (p[2] != null) {
            g.writeNumberField("start", (Long) p[2]);
            g.writeNumberField("stop", (Long) p[3]);
          }
          g.writeEndObject();
        }
      }
      g.writeEndArray();
    }
    g.writeEndObject();
    g.writeEndObject();
    g.flush();
    g.close();
  }
}
