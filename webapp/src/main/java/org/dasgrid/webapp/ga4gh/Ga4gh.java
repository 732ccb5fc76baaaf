package org.dasgrid.webapp.ga4gh;

import jakarta.servlet.ServletContext;
import org.dasgrid.core.ga4gh.SequenceResolver;
import org.dasgrid.core.registry.SourceRegistry;

/** Registers the GA4GH servlets: refget, htsget and the server's service-info. */
public final class Ga4gh {
  private Ga4gh() {}

  /** @param version DasGrid's version, for the service-info documents */
  public static void register(ServletContext ctx, SourceRegistry registry, String version) {
    ServiceInfos infos = new ServiceInfos(version);
    IdentifierTypes types = new IdentifierTypes(registry);
    ctx.addServlet("refget", new RefgetServlet(new SequenceResolver(registry), infos, types))
        .addMapping("/refget/*");
    ctx.addServlet("service-info", new ServiceInfoServlet(infos, types)).addMapping("/service-info", "/services");
  }
}
