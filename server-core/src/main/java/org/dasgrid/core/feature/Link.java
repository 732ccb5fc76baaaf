package org.dasgrid.core.feature;

import java.util.Objects;

/** A hyperlink from a feature to more about it, such as a database cross-reference. */
public record Link(String href, String text) {
  public Link {
    Objects.requireNonNull(href, "href");
    Objects.requireNonNull(text, "text");
  }
}
