package org.dasgrid.core.render;

/**
 * DasGrid's XML namespace for what DAS 1.6 does not define (reference aliases on entry points, the error
 * document): a strict DAS 1.6 validator skips a namespaced attribute it does not know, where it rejects an
 * unknown plain one. In JSON the prefix is dropped ({@link JsonRenderer}), so {@code dasgrid:aliases} is the
 * field {@code aliases}.
 */
public final class DasExtensions {
  /** The namespace name; a URI that only names, nothing is served there. */
  public static final String NAMESPACE = "http://dasgrid.org/ns/das-extensions/1";
  public static final String PREFIX = "dasgrid";

  private DasExtensions() {}

  /** The qualified name of an extension attribute, e.g. {@code dasgrid:aliases}. */
  public static String qualified(String localName) {
    return PREFIX + ":" + localName;
  }

  /** Declares the prefix on {@code root} (XML only: JSON leaves declarations out). */
  public static DocumentElement declareOn(DocumentElement root) {
    return root.attr("xmlns:" + PREFIX, NAMESPACE);
  }
}
