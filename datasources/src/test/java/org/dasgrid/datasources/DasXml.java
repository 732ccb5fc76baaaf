package org.dasgrid.datasources;

import java.util.ArrayList;
import java.util.List;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** Reading DAS XML answers field by field in tests: elements by name, their text and attributes. */
public final class DasXml {
  private DasXml() {}

  /** The FEATURE elements with this id, in document order (a GFF3/GFF2 feature may span lines). */
  public static List<Element> features(Document doc, String id) {
    List<Element> out = new ArrayList<>();
    for (Element e : elements(doc.getDocumentElement(), "FEATURE")) {
      if (e.getAttribute("id").equals(id)) {
        out.add(e);
      }
    }
    return out;
  }

  /** The one FEATURE with this id. */
  public static Element feature(Document doc, String id) {
    List<Element> fs = features(doc, id);
    if (fs.size() != 1) {
      throw new AssertionError(fs.size() + " FEATURE elements with id " + id);
    }
    return fs.get(0);
  }

  public static List<Element> elements(Element parent, String tag) {
    List<Element> out = new ArrayList<>();
    NodeList l = parent.getElementsByTagName(tag);
    for (int i = 0; i < l.getLength(); i++) {
      out.add((Element) l.item(i));
    }
    return out;
  }

  /** The text of the one {@code tag} child. */
  public static String text(Element e, String tag) {
    List<Element> l = elements(e, tag);
    if (l.size() != 1) {
      throw new AssertionError(l.size() + " " + tag + " elements in " + e.getAttribute("id"));
    }
    return l.get(0).getTextContent();
  }

  /** An attribute of the one {@code tag} child. */
  public static String attr(Element e, String tag, String attribute) {
    List<Element> l = elements(e, tag);
    if (l.size() != 1) {
      throw new AssertionError(l.size() + " " + tag + " elements in " + e.getAttribute("id"));
    }
    return l.get(0).getAttribute(attribute);
  }

  /** The texts of every {@code tag} child. */
  public static List<String> texts(Element e, String tag) {
    return elements(e, tag).stream().map(Element::getTextContent).toList();
  }

  /** The {@code id} attributes of every {@code tag} child (PARENT, PART, GROUP). */
  public static List<String> ids(Element e, String tag) {
    return elements(e, tag).stream().map(x -> x.getAttribute("id")).toList();
  }

  /** TYPE as {@code id category cvId text}, METHOD as {@code id text}, and the coordinates, for compact checks. */
  public static String summary(Element f) {
    return attr(f, "TYPE", "id") + " " + attr(f, "TYPE", "category") + " " + attr(f, "TYPE", "cvId") + " "
        + text(f, "TYPE") + " | " + attr(f, "METHOD", "id") + " " + text(f, "METHOD") + " | " + text(f, "START")
        + ".." + text(f, "END") + " score " + text(f, "SCORE") + " " + text(f, "ORIENTATION") + " phase "
        + text(f, "PHASE");
  }
}
