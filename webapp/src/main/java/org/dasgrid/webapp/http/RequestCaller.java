package org.dasgrid.webapp.http;

import jakarta.servlet.http.HttpServletRequest;
import org.dasgrid.core.access.AccessCheck;
import org.dasgrid.core.access.Caller;
import org.dasgrid.core.config.Tier;

/**
 * The caller of a request as the access guard left it (a request attribute), for the rooms below the guard that
 * still need it (metrics label only the sources a caller may see). Here in the plumbing, not in {@code access},
 * so a foundation such as {@code observe} reads it without importing the room that sets it.
 */
public final class RequestCaller {
  /** The request attribute holding the {@link Caller}. */
  public static final String ATTRIBUTE = Caller.class.getName();

  private RequestCaller() {}

  /** The request's caller; without the guard (a filter chain that skipped it), its bearer as a static token. */
  public static Caller of(HttpServletRequest req) {
    return req.getAttribute(ATTRIBUTE) instanceof Caller c ? c : Caller.anonymous(Bearer.token(req));
  }

  /** The sources the request's caller may read at {@code tier}. */
  public static AccessCheck access(HttpServletRequest req, Tier tier) {
    return AccessCheck.of(of(req), tier);
  }
}
