package org.dasgrid.webapp.ga4gh;

import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.dasgrid.core.access.AccessCheck;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.registry.SourceRegistry;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.core.source.SequenceDigests;
import org.dasgrid.webapp.http.Bearer;
import org.dasgrid.webapp.access.Callers;
import org.dasgrid.core.config.Tier;

/**
 * The identifier namespaces refget resolves for a client: the ids of the sources with sequence it may read
 * ({@code SOURCE:NAME}) and the namespaces written in their aliases files ({@code insdc:...}).
 */
final class IdentifierTypes {
  private final SourceRegistry registry;

  IdentifierTypes(SourceRegistry registry) {
    this.registry = registry;
  }

  List<String> of(HttpServletRequest req) {
    AccessCheck access = Callers.access(req, Tier.VARIANTS);
    Set<String> out = new LinkedHashSet<>();
    for (LoadedSource s : registry.loaded()) {
      if (!access.mayRead(s.config()) || s.digests().isEmpty()) {
        continue;
      }
      for (SequenceDigests.Digest d : s.digests().all()) {
        for (String alias : s.data().entryPoint(d.ref()).map(EntryPoint::aliases).orElse(List.of())) {
          int colon = alias.indexOf(':');
          if (colon > 0) {
            out.add(alias.substring(0, colon));
          }
        }
      }
      out.add(s.id());
    }
    return List.copyOf(out);
  }
}
