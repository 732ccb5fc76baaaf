package org.dasgrid.core.das;

import org.dasgrid.core.config.ServerSettings;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.registry.SourceRegistry;

/** What commands need besides the request: the sources, the limits, and the server's name for headers. */
public record DasContext(SourceRegistry registry, ServerSettings settings, String serverName) {

  /**
   * The source a request is addressed to. A protected source the client may not read is answered exactly
   * like an unknown one (401), so its existence is not revealed.
   */
  public LoadedSource require(DasRequest request) {
    boolean readable = registry.slot(request.source()).map(s -> request.access().mayRead(s.config())).orElse(false);
    if (!readable) {
      throw new DasException(DasStatus.BAD_DATA_SOURCE, "unknown data source '%s'", shorten(request.source()));
    }
    return registry.require(request.source());
  }

  private static String shorten(String id) {
    return id.length() <= 60 ? id : id.substring(0, 57) + "...";
  }
}
