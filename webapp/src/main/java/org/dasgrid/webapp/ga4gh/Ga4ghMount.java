package org.dasgrid.webapp.ga4gh;

import jakarta.servlet.ServletContext;
import org.dasgrid.core.ga4gh.SequenceResolver;
import org.dasgrid.core.registry.SourceRegistry;
import org.dasgrid.webapp.app.DasGridApp;
import org.dasgrid.webapp.app.Mount;

/** Mounts the GA4GH servlets: refget, htsget and the server's service-info. */
public final class Ga4ghMount implements Mount {
  @Override
  public void mount(ServletContext ctx, DasGridApp app) {
    SourceRegistry registry = app.registry();
    ServiceInfos infos = new ServiceInfos(app.version());
    IdentifierTypes types = new IdentifierTypes(registry);
    ctx.addServlet("refget", new RefgetServlet(new SequenceResolver(registry), infos, types))
        .addMapping("/refget/*");
    ctx.addServlet("htsget", new HtsgetServlet(registry, new HtsgetCopies(app.exports()), infos,
        app.config().server().requestTimeoutMillis(), app.config().server().htsgetUrlBytes()))
        .addMapping("/htsget/*");
    ctx.addServlet("service-info", new ServiceInfoServlet(infos, types)).addMapping("/service-info", "/services");
  }
}
