package org.dasgrid.webapp.beacon;

import jakarta.servlet.ServletContext;
import org.dasgrid.core.ga4gh.beacon.BeaconIdentity;
import org.dasgrid.core.ga4gh.beacon.BeaconService;
import org.dasgrid.webapp.DasGridApp;

/** Registers {@code /beacon/v2/*}. */
public final class Beacon {
  private Beacon() {}

  public static void register(ServletContext ctx, DasGridApp app) {
    BeaconService service = new BeaconService(BeaconIdentity.dasgrid(app.version()));
    ctx.addServlet("beacon", new BeaconServlet(app, service)).addMapping(BeaconService.ROOT + "/*", BeaconService.ROOT);
  }
}
