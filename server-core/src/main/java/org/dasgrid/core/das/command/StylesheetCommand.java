package org.dasgrid.core.das.command;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dasgrid.core.das.Capabilities;
import org.dasgrid.core.das.DasCommand;
import org.dasgrid.core.das.DasContext;
import org.dasgrid.core.das.DasRequest;
import org.dasgrid.core.das.DasResponse;
import org.dasgrid.core.das.ResponseFormat;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.render.DocumentElement;
import org.dasgrid.core.render.XmlTree;

/**
 * DAS {@code stylesheet}: the configured stylesheet file as it is, or a default one with a glyph and colour
 * per type, grouped by category, so every source renders sensibly in a browser out of the box.
 */
public final class StylesheetCommand implements DasCommand {
  private static final Map<String, String> CATEGORY_COLOURS = Map.of(
      "transcription", "#1f5fbf",
      "similarity", "#2e8b57",
      "variation", "#c0392b",
      "regulatory", "#e67e22",
      "structural", "#7f8c8d",
      "repeat", "#8e44ad",
      "density", "#34495e");

  @Override
  public String name() {
    return "stylesheet";
  }

  @Override
  public boolean perSource() {
    return true;
  }

  @Override
  public DasResponse execute(DasRequest request, DasContext context) {
    LoadedSource ls = context.require(request);
    ResponseFormat format = ResponseFormat.of(request.args(), Set.of(ResponseFormat.XML, ResponseFormat.JSON));
    String key = ls.id() + "@" + ls.version() + "|stylesheet";
    String caps = Capabilities.header(ls.data());
    if (ls.stylesheet().isPresent()) {
      String xml = ls.stylesheet().get();
      if (format == ResponseFormat.XML) {
        byte[] bytes = xml.getBytes(StandardCharsets.UTF_8);
        return DasResponse.of(format.contentType(), key + "|XML", caps, out -> out.write(bytes));
      }
      return TreeResponses.response(XmlTree.parse(xml, "stylesheet"), format, key, caps);
    }
    return TreeResponses.response(defaultStylesheet(ls.data().typeCounts().keySet(), ls.typeColours()), format, key, caps);
  }

  /**
   * A stylesheet with a box per type, coloured by category, or by {@code colours} (type id to {@code #rrggbb})
   * for the types the data give a colour of their own.
   */
  public static DocumentElement defaultStylesheet(Set<FeatureType> types, Map<String, String> colours) {
    Map<String, List<FeatureType>> byCategory = new LinkedHashMap<>();
    for (FeatureType t : types) {
      byCategory.computeIfAbsent(t.category(), k -> new java.util.ArrayList<>()).add(t);
    }
    DocumentElement sheet = DocumentElement.of("STYLESHEET", "stylesheet").attr("version", "1.0");
    for (Map.Entry<String, List<FeatureType>> e : byCategory.entrySet()) {
      DocumentElement category = sheet.child("CATEGORY", "categories").attr("id", e.getKey());
      for (FeatureType t : e.getValue()) {
        String own = colours.get(t.id());
        category.add(type(t.id(), own != null ? own : colour(e.getKey(), t.id())));
      }
    }
    sheet.child("CATEGORY", "categories").attr("id", "default").add(type("default", "#555555"));
    return DocumentElement.of("DASSTYLE", "dasstyle").add(sheet);
  }

  private static DocumentElement type(String id, String colour) {
    DocumentElement type = DocumentElement.of("TYPE", "types").attr("id", id);
    DocumentElement box = type.child("GLYPH", "glyphs").child("BOX", "box");
    box.child("FGCOLOR", "fgcolor").text("value", "black");
    box.child("BGCOLOR", "bgcolor").text("value", colour);
    box.child("HEIGHT", "height").text("value", 10);
    return type;
  }

  /** A category's colour, or a stable colour derived from the type name for uncategorised types. */
  private static String colour(String category, String type) {
    String c = CATEGORY_COLOURS.get(category);
    if (c != null) {
      return c;
    }
    int h = type.hashCode();
    return String.format("#%02x%02x%02x", 64 + (h & 0x7f), 64 + ((h >> 8) & 0x7f), 64 + ((h >> 16) & 0x7f));
  }
}
