package org.dasgrid.webapp.access;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.dasgrid.core.access.CountFloor;
import org.dasgrid.core.config.AccessLevel;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.genotype.CountAnswer;

/**
 * The no-leak rule on {@code /genotypes/{source}/count} (contract section 11): a caller below the controlled
 * tier of the source (without a grant for its dataset) never sees a number in 1..{@code minCount}-1; each such
 * number is reported as {@code minCount}, and the {@value #HEADER} header says so (the Beacon answers say it
 * with {@code countAdjustedTo}).
 */
public final class CountRule {
  /** Set on an adjusted answer: the value small counts were raised to. */
  public static final String HEADER = "X-DasGrid-Count-Adjusted-To";

  private CountRule() {}

  /** The count answer this caller may see. */
  public static CountAnswer floor(HttpServletRequest req, HttpServletResponse resp, SourceConfig config,
      CountAnswer c) {
    int min = config.minCount();
    if (min <= 1 || Callers.of(req).reaches(AccessLevel.CONTROLLED, config.dataset())) {
      return c;
    }
    if (CountFloor.adjusts(c.variants(), min) || CountFloor.adjusts(c.het(), min) || CountFloor.adjusts(c.hom(), min)
        || CountFloor.adjusts(c.samples(), min)) {
      resp.setHeader(HEADER, Integer.toString(min));
    }
    return new CountAnswer(CountFloor.adjust(c.variants(), min), CountFloor.adjust(c.het(), min),
        CountFloor.adjust(c.hom(), min), CountFloor.adjust(c.samples(), min));
  }
}
