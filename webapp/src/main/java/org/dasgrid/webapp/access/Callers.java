package org.dasgrid.webapp.access;

import jakarta.servlet.http.HttpServletRequest;
import org.dasgrid.webapp.http.Bearer;
import org.dasgrid.webapp.http.RequestCaller;
import org.dasgrid.core.access.AccessCheck;
import org.dasgrid.core.access.Caller;
import org.dasgrid.core.config.AccessLevel;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.config.Tier;
import org.dasgrid.core.ga4gh.beacon.DatasetAccess;

/**
 * The caller of a request as {@link AccessGuard} identified it (once, before any servlet), and the sources it
 * may see at a tier: what lists and configs use so that a source appears only to those who can open it.
 */
public final class Callers {
  /** The request attribute holding the {@link Caller}. */
  public static final String ATTRIBUTE = RequestCaller.ATTRIBUTE;
  /** The request attribute where an answer notes how many rows it returned, for the audit log. */
  public static final String ROWS_ATTRIBUTE = "dasgrid.rows";

  private Callers() {}

  /** The request's caller; without the guard (a filter chain that skipped it), its bearer as a static token. */
  public static Caller of(HttpServletRequest req) {
    return RequestCaller.of(req);
  }

  /** The sources the request's caller may read at {@code tier}. */
  public static AccessCheck access(HttpServletRequest req, Tier tier) {
    return RequestCaller.access(req, tier);
  }

  /**
   * What a caller may have of a Beacon dataset (contract section 11): nothing unless it reaches the source's
   * aggregate tier; variant records at the variants tier, sample records at the genotypes tier; counts floored at
   * {@code minCount} unless it holds the dataset's grant.
   */
  public static java.util.Optional<DatasetAccess> beaconAccess(Caller caller, SourceConfig config) {
    if (!AccessCheck.of(caller, Tier.AGGREGATE).mayRead(config)) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(new DatasetAccess(AccessCheck.of(caller, Tier.VARIANTS).mayRead(config),
        AccessCheck.of(caller, Tier.GENOTYPES).mayRead(config),
        caller.reaches(AccessLevel.CONTROLLED, config.dataset()) ? 1 : config.minCount()));
  }

  /** Notes the number of rows an answer returned (the audit log's {@code rows}). */
  public static void noteRows(HttpServletRequest req, long rows) {
    req.setAttribute(ROWS_ATTRIBUTE, rows);
  }
}
