package org.dasgrid.core.access;

import org.dasgrid.core.config.Access;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.config.Tier;

/** Which configured sources the client of a request may read. */
@FunctionalInterface
public interface AccessCheck {
  /** Public sources only: a client without credentials. */
  AccessCheck PUBLIC_ONLY = config -> config.access() == Access.PUBLIC;

  /** Every source: trusted internal callers (cluster peers that checked access already, tools). */
  AccessCheck ALL = config -> true;

  boolean mayRead(SourceConfig config);

  /** Public sources, plus protected ones whose tokens include the presented bearer token. */
  static AccessCheck bearer(String token) {
    if (token == null || token.isEmpty()) {
      return PUBLIC_ONLY;
    }
    return config -> config.access() == Access.PUBLIC || Tokens.matches(token, config.tokens());
  }

  /**
   * The sources a caller may read at {@code tier}: its static token opens the {@code access: token} ones, its
   * visas the tiered ones (contract section 11). Lists and configs use it so that a source appears only to the
   * callers who can open what the list leads to.
   */
  static AccessCheck of(Caller caller, Tier tier) {
    AccessCheck tokens = bearer(caller.bearer());
    return config -> tokens.mayRead(config) && caller.reaches(config.tiers().level(tier), config.dataset());
  }
}
