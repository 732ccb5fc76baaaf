package org.dasgrid.core.das.command;

import org.dasgrid.core.das.DasResponse;
import org.dasgrid.core.das.ResponseFormat;
import org.dasgrid.core.render.JsonRenderer;
import org.dasgrid.core.render.Node;
import org.dasgrid.core.render.XmlRenderer;

/** Responses made of a {@link Node} tree, in XML or JSON. */
final class Documents {
  private Documents() {}

  static DasResponse response(Node root, ResponseFormat format, String cacheKey, String capabilities) {
    String key = cacheKey.isEmpty() ? "" : cacheKey + "|" + format;
    if (format == ResponseFormat.JSON) {
      return DasResponse.of(format.contentType(), key, capabilities, out -> JsonRenderer.write(root, out));
    }
    return DasResponse.of(format.contentType(), key, capabilities, out -> XmlRenderer.write(root, out));
  }
}
