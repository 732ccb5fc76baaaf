package org.dasgrid.core.render;

import java.io.IOException;
import java.io.OutputStream;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/** Writes a {@link DocumentElement} tree as an XML document. */
public final class XmlRenderer {
  private XmlRenderer() {}

  public static void write(DocumentElement root, OutputStream out) throws IOException {
    try {
      XMLStreamWriter w = XmlOutput.writer(out);
      XmlOutput.startDocument(w);
      write(root, w);
      w.writeCharacters("\n");
      w.writeEndDocument();
      w.flush();
      w.close();
    } catch (XMLStreamException e) {
      throw new IOException(e);
    }
  }

  private static void write(DocumentElement n, XMLStreamWriter w) throws XMLStreamException {
    boolean empty = n.children().isEmpty() && n.text() == null;
    if (empty) {
      w.writeEmptyElement(n.name());
    } else {
      w.writeStartElement(n.name());
    }
    for (int i = 0; i < n.attrCount(); i++) {
      String name = n.attrName(i);
      if (name.equals("xmlns")) {
        w.writeDefaultNamespace(format(n.attrValue(i)));
      } else if (name.startsWith("xmlns:")) {
        w.writeNamespace(name.substring(6), format(n.attrValue(i)));
      } else {
        w.writeAttribute(name, format(n.attrValue(i)));
      }
    }
    if (empty) {
      return;
    }
    if (n.text() != null) {
      w.writeCharacters(format(n.text()));
    }
    if (!n.children().isEmpty()) {
      w.writeCharacters("\n");
      for (DocumentElement c : n.children()) {
        write(c, w);
        w.writeCharacters("\n");
      }
    }
    w.writeEndElement();
  }

  static String format(Object v) {
    if (v instanceof Double d) {
      return NumberText.format(d);
    }
    return String.valueOf(v);
  }
}
