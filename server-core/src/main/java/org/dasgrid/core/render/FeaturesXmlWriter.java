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
 * <p>Three things keep it fast on answers of tens of thousands of features while Woodstox keeps deciding
 * every escape: the TYPE and METHOD markup, the same for thousands of features, is rendered (and escaped) by
 * Woodstox once per type and method and then written raw; the coordinate, score, strand and phase elements,
 * digits and fixed symbols, go out as raw text; and a feature whose every text value Woodstox would write
 * unchanged ({@link PlainMarkup}: nearly every feature of a real file) goes out as one raw FEATURE element,
 * skipping Woodstox's per-element and per-attribute bookkeeping — over half of the CPU of a large document.
 * A feature with anything to escape is written through Woodstox's calls. A plain Woodstox writer is the
 * tests' oracle for the bytes.
 */
public final class FeaturesXmlWriter implements FeatureDocument {
  private final XMLStreamWriter2 w;
  private final Map<FeatureType, Map<Method, String>> fragments = new HashMap<>();
  private final PlainMarkup markup = new PlainMarkup();

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
      markup.clear();
      if (plainMarkup(f)) {
        w.writeRaw(markup.chars(), 0, markup.length());
      } else {
        featureThroughWoodstox(f);
      }
    } catch (XMLStreamException e) {
      throw new IOException(e);
    }
  }

  /**
   * The whole FEATURE element, and the newline after it, into {@link #markup} if none of the feature's text
   * needs escaping (nearly every feature of a real file); false at the first value that does. The same
   * characters as {@link #featureThroughWoodstox}, which the tests check against a plain Woodstox writer.
   */
  private boolean plainMarkup(Feature f) throws XMLStreamException {
    PlainMarkup m = markup;
    m.raw("<FEATURE id=\"");
    if (!m.value(f.id())) {
      return false;
    }
    m.raw("\" label=\"");
    if (!m.value(f.label())) {
      return false;
    }
    coordinates(m.raw("\">").raw(typeAndMethod(f.type(), f.method())), f);
    List<String> notes = f.notes();
    for (int i = 0, n = notes.size(); i < n; i++) {
      m.raw("<NOTE>");
      if (!m.value(notes.get(i))) {
        return false;
      }
      m.raw("</NOTE>");
    }
    List<Link> links = f.links();
    for (int i = 0, n = links.size(); i < n; i++) {
      Link link = links.get(i);
      m.raw("<LINK href=\"");
      // the href's two parts, without joining them into a String per link per answer
      if (!m.value(link.hrefPrefix()) || !m.value(link.text(), link.hrefTextStart())) {
        return false;
      }
      m.raw("\">");
      if (!m.value(link.text())) {
        return false;
      }
      m.raw("</LINK>");
    }
    List<Target> targets = f.targets();
    for (int i = 0, n = targets.size(); i < n; i++) {
      Target t = targets.get(i);
      m.raw("<TARGET id=\"");
      if (!m.value(t.id())) {
        return false;
      }
      m.raw("\" start=\"").number(t.start()).raw("\" stop=\"").number(t.stop()).raw("\">");
      if (!m.value(t.label())) {
        return false;
      }
      m.raw("</TARGET>");
    }
    List<String> parents = f.parents();
    if (!emptyElements(m, "<GROUP id=\"", parents) || !emptyElements(m, "<PARENT id=\"", parents)
        || !emptyElements(m, "<PART id=\"", f.parts())) {
      return false;
    }
    m.raw("</FEATURE>\n");
    return true;
  }

  /** START, END, SCORE, ORIENTATION and PHASE: digits and fixed symbols, never escaped. */
  private static PlainMarkup coordinates(PlainMarkup m, Feature f) {
    return m.raw("<START>").number(f.start()).raw("</START><END>").number(f.end()).raw("</END><SCORE>")
        .raw(f.hasScore() ? NumberText.format(f.score()) : "-").raw("</SCORE><ORIENTATION>")
        .raw(f.orientation().symbol()).raw("</ORIENTATION><PHASE>").raw(f.phase().symbol()).raw("</PHASE>");
  }

  private static boolean emptyElements(PlainMarkup m, String open, List<String> ids) {
    for (int i = 0, n = ids.size(); i < n; i++) {
      m.raw(open);
      if (!m.value(ids.get(i))) {
        return false;
      }
      m.raw("\"/>");
    }
    return true;
  }

  /** The FEATURE element through Woodstox's calls: for features with text to escape. */
  private void featureThroughWoodstox(Feature f) throws XMLStreamException {
    w.writeStartElement("FEATURE");
    w.writeAttribute("id", f.id());
    w.writeAttribute("label", f.label());
    w.writeRaw(typeAndMethod(f.type(), f.method()));
    markup.clear();
    coordinates(markup, f);
    w.writeRaw(markup.chars(), 0, markup.length()); // no String per feature
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
