package org.dasgrid.core.source;

import java.util.Map;

/**
 * Capability: the data say how some of their types should look (a BED file's {@code itemRgb}). When a source
 * has no configured stylesheet, the default stylesheet uses these colours for those types.
 */
public interface StyledSource {
  /** Background colours ({@code #rrggbb}) by type id. */
  Map<String, String> typeColours();
}
