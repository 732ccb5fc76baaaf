package org.dasgrid.core.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A small document tree for the DAS documents that are not large (sources, dsn, entry points, types,
 * stylesheets, errors), rendered to XML by {@link XmlRenderer} and to the equivalent JSON by {@link
 * JsonRenderer}, so that both formats always carry the same content. Large feature documents are streamed
 * instead (see {@link FeatureDocument}).
 *
 * <p>In JSON, attributes become fields (numbers stay numbers), text becomes the field {@link #textKey}, and
 * children are grouped into arrays under their {@link #jsonKey}.
 */
public final class DocumentElement {
  private final String name;
  private final String jsonKey;
  private final List<String> attrNames = new ArrayList<>(4);
  private final List<Object> attrValues = new ArrayList<>(4);
  private final List<DocumentElement> children = new ArrayList<>(0);
  private Object text;
  private String textKey = "label";

  private DocumentElement(String name, String jsonKey) {
    this.name = Objects.requireNonNull(name);
    this.jsonKey = Objects.requireNonNull(jsonKey);
  }

  /** An element {@code name}, grouped in JSON under {@code jsonKey}. */
  public static DocumentElement of(String name, String jsonKey) {
    return new DocumentElement(name, jsonKey);
  }

  /** Adds an attribute; {@code null} values are left out. Strings, integers and doubles are kept typed. */
  public DocumentElement attr(String attrName, Object value) {
    if (value != null) {
      attrNames.add(attrName);
      attrValues.add(value);
    }
    return this;
  }

  /** Sets the element's text; in JSON it is the field {@code key}. {@code null} leaves it empty. */
  public DocumentElement text(String key, Object value) {
    this.textKey = key;
    this.text = value;
    return this;
  }

  public DocumentElement add(DocumentElement child) {
    children.add(child);
    return this;
  }

  /** Creates, adds and returns a child element. */
  public DocumentElement child(String childName, String childJsonKey) {
    DocumentElement c = new DocumentElement(childName, childJsonKey);
    children.add(c);
    return c;
  }

  public String name() {
    return name;
  }

  public String jsonKey() {
    return jsonKey;
  }

  public int attrCount() {
    return attrNames.size();
  }

  public String attrName(int i) {
    return attrNames.get(i);
  }

  public Object attrValue(int i) {
    return attrValues.get(i);
  }

  public List<DocumentElement> children() {
    return children;
  }

  public Object text() {
    return text;
  }

  public String textKey() {
    return textKey;
  }
}
