package org.dasgrid.core.das.command;

import org.dasgrid.core.das.DasResponse;
import org.dasgrid.core.das.ResponseFormat;
import org.dasgrid.core.render.JsonRenderer;
import org.dasgrid.core.render.DocumentElement;
import org.dasgrid.core.render.XmlRenderer;

/** Responses made of a {@link DocumentElement} tree, in XML or JSON. */
final class TreeResponses {
  private TreeResponses() {}

  static DasResponse response(DocumentElement root, ResponseFormat format, String cacheKey, String capabilities) {
    String key = cacheKey.isEmpty() ? "" : cacheKey + "|" + format;
    if (format == ResponseFormat.JSON) {
      return DasResponse.of(format.contentType(), key, capabilities, out -> JsonRenderer.write(root, out));
    }
    return DasResponse.of(format.contentType(), key, capabilities, out -> XmlRenderer.write(root, out));
  }
}
