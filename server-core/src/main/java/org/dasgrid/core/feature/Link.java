package org.dasgrid.core.feature;

import java.util.Objects;

/**
 * A hyperlink from a feature to more about it, such as a database cross-reference. Immutable, equal by href
 * and text.
 *
 * <p>Not a record, so that the href of a cross-reference ({@link #toDatabase}) is kept as a shared prefix plus
 * the id at the end of the text and joined when asked for: a genome's features carry millions of such links,
 * and a stored href would double the heap they take.
 */
public final class Link {
  private final String base;
  private final String text;
  private final int idStart;

  public Link(String href, String text) {
    this(Objects.requireNonNull(href, "href"), Objects.requireNonNull(text, "text"), text.length());
  }

  private Link(String base, String text, int idStart) {
    this.base = base;
    this.text = text;
    this.idStart = idStart;
  }

  /**
   * A link whose href is {@code base} followed by the end of {@code text} from {@code idStart}, e.g. base
   * {@code http://flybase.org/reports/} and text {@code FlyBase:FBgn0031208} from 8. Share {@code base}
   * between links (intern it) for the saving.
   */
  public static Link toDatabase(String base, String text, int idStart) {
    Objects.requireNonNull(base, "base");
    Objects.requireNonNull(text, "text");
    if (idStart < 0 || idStart > text.length()) {
      throw new IllegalArgumentException("id start " + idStart + " outside '" + text + "'");
    }
    return new Link(base, text, idStart);
  }

  public String href() {
    return idStart == text.length() ? base : base + text.substring(idStart);
  }

  public String text() {
    return text;
  }

  /**
   * The href without making it: {@link #href()} is this followed by {@link #text()} from {@link
   * #hrefTextStart()} (which is the text's length when the href is stored whole).
   */
  public String hrefPrefix() {
    return base;
  }

  /** Where the end of {@link #text()} that completes {@link #hrefPrefix()} starts. */
  public int hrefTextStart() {
    return idStart;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Link l && l.text.equals(text) && l.href().equals(href());
  }

  @Override
  public int hashCode() {
    return 31 * href().hashCode() + text.hashCode();
  }

  @Override
  public String toString() {
    return "Link[href=" + href() + ", text=" + text + "]";
  }
}
