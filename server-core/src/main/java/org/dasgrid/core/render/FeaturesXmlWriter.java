package org.dasgrid.core.render;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLStreamException;
import org.codehaus.stax2.XMLStreamWriter2;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.feature.Link;
import org.dasgrid.core.feature.Method;
import org.dasgrid.core.feature.Target;
import org.dasgrid.core.segment.Segment;

/**
 * Streams a DASGFF document through a Woodstox StAX writer. Element order inside FEATURE follows DAS 1.6
 * (TYPE, METHOD, START, END, SCORE, ORIENTATION, PHASE, NOTE*, LINK*, TARGET*, GROUP*, PARENT*, PART*). GROUP
 * repeats the parents for DAS 1.53 clients (Bio::Das::Lite groups features by it); 1.6 clients read
 * PARENT/PART.
 *
 * <p>Two things keep it fast on answers of tens of thousands of features without leaving StAX: the TYPE and
 * METHOD markup, the same for thousands of features, is rendered (and escaped) by Woodstox once per type and
 * method and then written raw; and the coordinate, score, strand and phase elements, whose text is digits
 * and fixed symbols that never need escaping, go out as one raw string. Everything that carries file or
 * client text is written through Woodstox's escaping.
 */
public final class FeaturesXmlWriter implements FeatureDocument {
  private final XMLStreamWriter2 w;
  private final Map<FeatureType, Map<Method, String>> fragments = new HashMap<>();
  private final StringBuilder fixed = new StringBuilder(160);
  private char[] rawChars = new char[160];

  public FeaturesXmlWriter(OutputStream out) throws IOException {
    try {
      this.w = (XMLStreamWriter2) XmlOutput.writer(out);
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
      w.writeRaw(typeAndMethod(f.type(), f.method()));
      fixed.setLength(0);
      fixed.append("<START>").append(f.start()).append("</START><END>").append(f.end()).append("</END><SCORE>")
          .append(f.hasScore() ? Numbers.format(f.score()) : "-").append("</SCORE><ORIENTATION>")
          .append(f.orientation().symbol()).append("</ORIENTATION><PHASE>").append(f.phase().symbol())
          .append("</PHASE>");
      int raw = fixed.length();
      if (raw > rawChars.length) {
        rawChars = new char[raw * 2];
      }
      fixed.getChars(0, raw, rawChars, 0);
      w.writeRaw(rawChars, 0, raw); // no String per feature
      // indexed loops over the (immutable, random-access) lists, each skipped when empty: for-each made an
      // iterator per list per feature, six per feature, ~10% of a large document's CPU
      List<String> notes = f.notes();
      for (int i = 0, n = notes.size(); i < n; i++) {
        w.writeStartElement("NOTE");
        w.writeCharacters(notes.get(i));
        w.writeEndElement();
      }
      List<Link> links = f.links();
      for (int i = 0, n = links.size(); i < n; i++) {
        Link link = links.get(i);
        w.writeStartElement("LINK");
        w.writeAttribute("href", link.href());
        w.writeCharacters(link.text());
        w.writeEndElement();
      }
      List<Target> targets = f.targets();
      for (int i = 0, n = targets.size(); i < n; i++) {
        Target t = targets.get(i);
        w.writeStartElement("TARGET");
        w.writeAttribute("id", t.id());
        w.writeAttribute("start", Integer.toString(t.start()));
        w.writeAttribute("stop", Integer.toString(t.stop()));
        w.writeCharacters(t.label());
        w.writeEndElement();
      }
      List<String> parents = f.parents();
      for (int i = 0, n = parents.size(); i < n; i++) {
        w.writeEmptyElement("GROUP");
        w.writeAttribute("id", parents.get(i));
      }
      for (int i = 0, n = parents.size(); i < n; i++) {
        w.writeEmptyElement("PARENT");
        w.writeAttribute("id", parents.get(i));
      }
      List<String> parts = f.parts();
      for (int i = 0, n = parts.size(); i < n; i++) {
        w.writeEmptyElement("PART");
        w.writeAttribute("id", parts.get(i));
      }
      w.writeEndElement();
      w.writeCharacters("\n");
    } catch (XMLStreamException e) {
      throw new IOException(e);
    }
  }

  /** The TYPE and METHOD elements of a type/method pair, rendered by Woodstox the first time they occur. */
  private String typeAndMethod(FeatureType type, Method method) throws XMLStreamException {
    Map<Method, String> byMethod = fragments.computeIfAbsent(type, t -> new HashMap<>(4));
    String fragment = byMethod.get(method);
    if (fragment == null) {
      StringWriter out = new StringWriter(128);
      XMLStreamWriter2 x = (XMLStreamWriter2) XmlOutput.writer(out);
      x.writeStartElement("TYPE");
      x.writeAttribute("id", type.id());
      x.writeAttribute("category", type.category());
      if (type.hasCvId()) {
        x.writeAttribute("cvId", type.cvId());
      }
      x.writeCharacters(type.id());
      x.writeEndElement();
      x.writeStartElement("METHOD");
      x.writeAttribute("id", method.id());
      x.writeCharacters(method.label());
      x.writeEndElement();
      x.flush();
      fragment = out.toString();
      byMethod.put(method, fragment);
    }
    return fragment;
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
    empty("UNKNOWNSEGMENT", id, false, 0, 0);
  }

  @Override
  public void errorSegment(String id, long start, long stop) throws IOException {
    empty("ERRORSEGMENT", id, true, start, stop);
  }

  @Override
  public void unknownFeature(String id) throws IOException {
    empty("UNKNOWNFEATURE", id, false, 0, 0);
  }

  private void empty(String element, String id, boolean withRange, long start, long stop) throws IOException {
    try {
      w.writeEmptyElement(element);
      w.writeAttribute("id", id);
      if (withRange) {
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
