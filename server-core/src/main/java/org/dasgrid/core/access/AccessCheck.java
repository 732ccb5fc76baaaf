package org.dasgrid.core.access;

import org.dasgrid.core.config.Access;
import org.dasgrid.core.config.SourceConfig;

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
}
