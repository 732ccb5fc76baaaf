package org.dasgrid.webapp.access;

import jakarta.servlet.ServletContext;
import org.dasgrid.webapp.app.DasGridApp;
import org.dasgrid.webapp.app.Mount;

/**
 * Mounts the access guard, the last filter before the servlets: the caller, the tier of the path, 401/403 below
 * it and the audit log (contract section 11). Mounted after the guards and admin's check, so a refused request is
 * still counted, rate-limited and logged like any other.
 */
public final class AccessMount implements Mount {
  @Override
  public void mount(ServletContext ctx, DasGridApp app) {
    AccessGuard.register(ctx, app.config(), app.version());
  }
}
