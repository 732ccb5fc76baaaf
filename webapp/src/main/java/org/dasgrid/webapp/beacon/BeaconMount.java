package org.dasgrid.webapp.beacon;

import jakarta.servlet.ServletContext;
import org.dasgrid.core.ga4gh.beacon.BeaconIdentity;
import org.dasgrid.core.ga4gh.beacon.BeaconService;
import org.dasgrid.webapp.app.DasGridApp;
import org.dasgrid.webapp.app.Mount;

/** Mounts {@code /beacon/v2/*}. */
public final class BeaconMount implements Mount {
  @Override
  public void mount(ServletContext ctx, DasGridApp app) {
    BeaconService service = new BeaconService(BeaconIdentity.dasgrid(app.version()));
    ctx.addServlet("beacon", new BeaconServlet(app, service)).addMapping(BeaconService.ROOT + "/*", BeaconService.ROOT);
  }
}
