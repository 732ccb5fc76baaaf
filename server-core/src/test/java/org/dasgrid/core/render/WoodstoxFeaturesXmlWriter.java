package org.dasgrid.core.render;

import java.io.IOException;
import java.io.OutputStream;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.Link;
import org.dasgrid.core.feature.Target;
import org.dasgrid.core.segment.Segment;

/**
 * A plain Woodstox (StAX) DASGFF writer, every element through the writer's own calls and encoded to UTF-8
 * by Woodstox itself: the oracle of the bytes {@link FeaturesXmlWriter} writes with its pre-rendered
 * fragments through the JDK's UTF-8 encoder.
 */
final class WoodstoxFeaturesXmlWriter implements FeatureDocument {
  private final XMLStreamWriter w;

  WoodstoxFeaturesXmlWriter(OutputStream out) throws IOException {
    try {
      this.w = XmlOutput.writerEncodedByWoodstox(out);
    } catch (XMLStreamException e) {
      throw new IOException(e);
    }
  }

  @Override
  public void begin(String href) throws IOException {
    try {
      XmlOutput.startDocument(w);
      w.writeStartElement("DASGFF");
      w.writeCharacters("\n");
      w.writeStartElement("GFF");
      w.writeAttribute("href", href);
      w.writeCharacters("\n");
    } catch (XMLStreamException e) {
      throw new IOException(e);
    }
  }

  @Override
  public void beginSegment(String id, Segment segment, String version, String label) throws IOException {
    try {
      w.writeStartElement("SEGMENT");
      w.writeAttribute("id", id);
      w.writeAttribute("start", Integer.toString(segment.start()));
      w.writeAttribute("stop", Integer.toString(segment.stop()));
      w.writeAttribute("version", version);
      w.writeAttribute("label", label);
      w.writeCharacters("\n");
    } catch (XMLStreamException e) {
      throw new IOException(e);
    }
  }

  @Override
  public void feature(Feature f) throws IOException {
    try {
      w.writeStartElement("FEATURE");
      w.writeAttribute("id", f.id());
      w.writeAttribute("label", f.label());
      w.writeStartElement("TYPE");
      w.writeAttribute("id", f.type().id());
      w.writeAttribute("category", f.type().category());
      if (f.type().hasCvId()) {
        w.writeAttribute("cvId", f.type().cvId());
      }
      w.writeCharacters(f.type().id());
      w.writeEndElement();
      w.writeStartElement("METHOD");
      w.writeAttribute("id", f.method().id());
      w.writeCharacters(f.method().label());
      w.writeEndElement();
      simple("START", Integer.toString(f.start()));
      simple("END", Integer.toString(f.end()));
      simple("SCORE", f.hasScore() ? NumberText.format(f.score()) : "-");
      simple("ORIENTATION", f.orientation().symbol());
      simple("PHASE", f.phase().symbol());
      for (String note : f.notes()) {
        simple("NOTE", note);
      }
      for (Link link : f.links()) {
        w.writeStartElement("LINK");
        w.writeAttribute("href", link.href());
        w.writeCharacters(link.text());
        w.writeEndElement();
      }
      for (Target t : f.targets()) {
        w.writeStartElement("TARGET");
        w.writeAttribute("id", t.id());
        w.writeAttribute("start", Integer.toString(t.start()));
        w.writeAttribute("stop", Integer.toString(t.stop()));
        w.writeCharacters(t.label());
        w.writeEndElement();
      }
      for (String parent : f.parents()) {
        w.writeEmptyElement("GROUP");
        w.writeAttribute("id", parent);
      }
      for (String parent : f.parents()) {
        w.writeEmptyElement("PARENT");
        w.writeAttribute("id", parent);
      }
      for (String part : f.parts()) {
        w.writeEmptyElement("PART");
        w.writeAttribute("id", part);
      }
      w.writeEndElement();
      w.writeCharacters("\n");
    } catch (XMLStreamException e) {
      throw new IOException(e);
    }
  }

  private void simple(String name, String text) throws XMLStreamException {
    w.writeStartElement(name);
    w.writeCharacters(text);
    w.writeEndElement();
  }

  @Override
  public void endSegment() throws IOException {
    try {
      w.writeEndElement();
      w.writeCharacters("\n");
    } catch (XMLStreamException e) {
      throw new IOException(e);
    }
  }

  @Override
  public void unknownSegment(String id) throws IOException {
    empty("UNKNOWNSEGMENT", id, null, 0, 0);
  }

  @Override
  public void errorSegment(String id, long start, long stop) throws IOException {
    empty("ERRORSEGMENT", id, Boolean.TRUE, start, stop);
  }

  @Override
  public void unknownFeature(String id) throws IOException {
    empty("UNKNOWNFEATURE", id, null, 0, 0);
  }

  private void empty(String element, String id, Boolean withRange, long start, long stop) throws IOException {
    try {
      w.writeEmptyElement(element);
      w.writeAttribute("id", id);
      if (withRange != null) {
        w.writeAttribute("start", Long.toString(start));
        w.writeAttribute("stop", Long.toString(stop));
      }
      w.writeCharacters("\n");
    } catch (XMLStreamException e) {
      throw new IOException(e);
    }
  }

  @Override
  public void end() throws IOException {
    try {
      w.writeEndElement(); // GFF
      w.writeCharacters("\n");
      w.writeEndElement(); // DASGFF
      w.writeCharacters("\n");
      w.writeEndDocument();
      w.flush();
      w.close();
    } catch (XMLStreamException e) {
      throw new IOException(e);
    }
  }
}
