package org.dasgrid.webapp.access;

import java.util.Optional;
import org.dasgrid.core.config.Tier;

/**
 * What a request path asks for, as access sees it: an endpoint ({@code api} and its name), and either one
 * source's data at a tier ({@code source} present), a list of sources filtered at a tier ({@code listing}), or
 * nothing of any source ({@code open}: health, metrics, documents). {@code known} is false for a path the table
 * does not name, which is then treated as the strictest tier.
 */
public record Route(String api, String endpoint, Optional<String> source, Optional<Tier> tier, boolean listing,
    boolean known) {

  static Route open(String api, String endpoint) {
    return new Route(api, endpoint, Optional.empty(), Optional.empty(), false, true);
  }

  static Route listing(String api, String endpoint, Tier tier) {
    return new Route(api, endpoint, Optional.empty(), Optional.of(tier), true, true);
  }

  static Route source(String api, String endpoint, String source, Tier tier) {
    return new Route(api, endpoint, Optional.of(source), Optional.of(tier), false, true);
  }

  /** A path the table does not name, under a source: the genotypes tier, the strictest. */
  static Route unknown(String api, String endpoint, String source) {
    return new Route(api, endpoint, Optional.ofNullable(source), Optional.of(Tier.GENOTYPES), false, false);
  }

  /** Whether the route opens nothing of any source. */
  public boolean open() {
    return source.isEmpty() && !listing;
  }
}
