package org.dasgrid.webapp.errors;

import jakarta.servlet.ServletContext;
import org.dasgrid.webapp.app.DasGridApp;
import org.dasgrid.webapp.app.Mount;

/**
 * Mounts the error page's servlet at {@value #PAGE}. The servlet API has no call that makes it the error page:
 * the WAR's web.xml names it ({@code <error-page>}), the embedded server adds it to its context.
 */
public final class ErrorsMount implements Mount {
  /** Where the container sends a request it ended in error. */
  public static final String PAGE = "/error";

  @Override
  public void mount(ServletContext ctx, DasGridApp app) {
    ctx.addServlet("error-page", new ErrorPageServlet(app.serverName())).addMapping(PAGE);
  }
}
