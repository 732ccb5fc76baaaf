package org.dasgrid.webapp.page;

import jakarta.servlet.ServletContext;

/** Registers the static-file servlet as the default servlet, so {@code /} is the home page. */
public final class HomePage {
  private HomePage() {}

  public static void register(ServletContext ctx, String version) {
    ctx.addServlet("home", new StaticFileServlet(new StaticFiles(HomePage.class.getClassLoader(), "static/",
        version))).addMapping("/");
  }
}
