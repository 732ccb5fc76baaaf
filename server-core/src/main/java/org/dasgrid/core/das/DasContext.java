package org.dasgrid.core.das;

import org.dasgrid.core.config.ServerSettings;
import org.dasgrid.core.registry.SourceRegistry;

/** What commands need besides the request: the sources, the limits, and the server's name for headers. */
public record DasContext(SourceRegistry registry, ServerSettings settings, String serverName) {}
