package org.dasgrid.webapp.ga4gh;

import jakarta.servlet.ServletContext;
import org.dasgrid.core.ga4gh.SequenceResolver;
import org.dasgrid.core.registry.SourceRegistry;

/** Registers the GA4GH servlets: refget, htsget and the server's service-info. */
public final class Ga4gh {
  private Ga4gh() {}

  /**
   * @param version DasGrid's version, for the service-info documents
   * @param waitMillis how long a request waits for a source still loading
   */
  public static void register(ServletContext ctx, SourceRegistry registry, String version, long waitMillis) {
    ServiceInfos infos = new ServiceInfos(version);
    IdentifierTypes types = new IdentifierTypes(registry);
    ctx.addServlet("refget", new RefgetServlet(new SequenceResolver(registry), infos, types))
        .addMapping("/refget/*");
    ctx.addServlet("htsget", new HtsgetServlet(registry, new BgzfVcfCache(BgzfVcfCache.defaultDir()), infos,
        waitMillis, BgzfVcfCache.urlBytes())).addMapping("/htsget/*");
    ctx.addServlet("service-info", new ServiceInfoServlet(infos, types)).addMapping("/service-info", "/services");
  }
}
