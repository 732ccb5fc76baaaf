package org.dasgrid.core.render;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a {@link DocumentElement} tree as JSON: {@code {"<root jsonKey>": {...}}}, attributes as fields, text as
 * {@link DocumentElement#textKey()}, children as arrays grouped by {@link DocumentElement#jsonKey()}. Namespace declarations are
 * left out and a prefixed attribute's field is its local name.
 */
public final class JsonRenderer {
  private JsonRenderer() {}

  public static void write(DocumentElement root, OutputStream out) throws IOException {
    try (JsonGenerator g = JsonOutput.generator(out)) {
      g.writeStartObject();
      g.writeFieldName(root.jsonKey());
      writeObject(root, g);
      g.writeEndObject();
    }
  }

  private static void writeObject(DocumentElement n, JsonGenerator g) throws IOException {
    g.writeStartObject();
    for (int i = 0; i < n.attrCount(); i++) {
      String name = n.attrName(i);
      if (name.equals("xmlns") || name.startsWith("xmlns:")) {
        continue; // namespace declarations are XML's business
      }
      // a namespaced XML attribute (prefix:name) is a plain field in JSON (name)
      g.writeFieldName(name.substring(name.indexOf(':') + 1));
      writeValue(n.attrValue(i), g);
    }
    if (n.text() != null) {
      g.writeFieldName(n.textKey());
      writeValue(n.text(), g);
    }
    Map<String, List<DocumentElement>> groups = new LinkedHashMap<>();
    for (DocumentElement c : n.children()) {
      groups.computeIfAbsent(c.jsonKey(), k -> new ArrayList<>()).add(c);
    }
    for (Map.Entry<String, List<DocumentElement>> e : groups.entrySet()) {
      g.writeArrayFieldStart(e.getKey());
      for (DocumentElement c : e.getValue()) {
        writeObject(c, g);
      }
      g.writeEndArray();
    }
    g.writeEndObject();
  }

  private static void writeValue(Object v, JsonGenerator g) throws IOException {
    if (v instanceof Integer i) {
      g.writeNumber(i);
    } else if (v instanceof Long l) {
      g.writeNumber(l);
    } else if (v instanceof Double d) {
      g.writeNumber(d);
    } else if (v instanceof Boolean b) {
      g.writeBoolean(b);
    } else {
      g.writeString(String.valueOf(v));
    }
  }
}
