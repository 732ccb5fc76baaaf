package org.dasgrid.core.render;

import java.io.StringReader;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads an XML document (a configured stylesheet) into a {@link DocumentElement} tree, so it can be served as JSON too.
 * JSON keys are the lower-cased element names; text goes in {@code value}.
 */
public final class XmlTree {
  private XmlTree() {}

  public static DocumentElement parse(String xml, String rootJsonKey) {
    XMLInputFactory f = XMLInputFactory.newFactory();
    f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
    f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    try {
      XMLStreamReader r = f.createXMLStreamReader(new StringReader(xml));
      Deque<DocumentElement> stack = new ArrayDeque<>();
      DocumentElement root = null;
      StringBuilder text = new StringBuilder();
      while (r.hasNext()) {
        int ev = r.next();
        if (ev == XMLStreamReader.START_ELEMENT) {
          String name = r.getLocalName();
          DocumentElement n = DocumentElement.of(name, stack.isEmpty() ? rootJsonKey : name.toLowerCase(Locale.ROOT));
          for (int i = 0; i < r.getAttributeCount(); i++) {
            n.attr(r.getAttributeLocalName(i), r.getAttributeValue(i));
          }
          if (stack.isEmpty()) {
            root = n;
          } else {
            stack.peek().add(n);
          }
          stack.push(n);
          text.setLength(0);
        } else if (ev == XMLStreamReader.CHARACTERS || ev == XMLStreamReader.CDATA) {
          text.append(r.getText());
        } else if (ev == XMLStreamReader.END_ELEMENT) {
          DocumentElement n = stack.pop();
          String t = text.toString().strip();
          if (!t.isEmpty() && n.children().isEmpty()) {
            n.text("value", t);
          }
          text.setLength(0);
        }
      }
      if (root == null) {
        throw new IllegalArgumentException("empty XML document");
      }
      return root;
    } catch (XMLStreamException e) {
      throw new IllegalArgumentException("not well-formed XML: " + e.getMessage(), e);
    }
  }
}
