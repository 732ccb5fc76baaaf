package org.dasgrid.webapp.genotypes;

import jakarta.servlet.ServletContext;
import org.dasgrid.webapp.app.DasGridApp;
import org.dasgrid.webapp.app.Mount;

/** Mounts {@code /genotypes/*}. */
public final class GenotypesMount implements Mount {
  @Override
  public void mount(ServletContext ctx, DasGridApp app) {
    ctx.addServlet("genotypes", new GenotypeServlet(app)).addMapping("/genotypes/*");
  }
}
