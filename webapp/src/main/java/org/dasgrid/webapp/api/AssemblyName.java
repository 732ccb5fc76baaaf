package org.dasgrid.webapp.api;

import org.dasgrid.core.config.Coordinates;
import org.dasgrid.core.registry.LoadedSource;

/**
 * The assembly a source's coordinates name ({@code BDGP_5}: authority and version): the sources that share one
 * are one genome view, one igv.js session, one JBrowse assembly. A source without coordinates is an assembly of
 * its own, named by its id.
 */
public final class AssemblyName {
  private AssemblyName() {}

  public static String of(LoadedSource s) {
    Coordinates c = s.config().coordinates();
    if (c.authority().isEmpty()) {
      return s.id();
    }
    return c.version().isEmpty() ? c.authority() : c.authority() + "_" + c.version();
  }
}
