package org.dasgrid.webapp.observe;

import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.dasgrid.core.access.AccessCheck;
import org.dasgrid.core.config.SourceConfig;

/**
 * Maps a request path (after the context path) to its {@link RequestKind}. Only configured source ids and known
 * commands become tag values: hostile or mistyped URLs all land in {@code unknown}/{@code other}. A protected
 * source's id becomes a tag value only for a request allowed to read it; any other request for it is tagged
 * {@code unknown}, exactly like a request for an id that does not exist, so the metrics never tell which
 * protected ids exist.
 */
final class RequestClassifier {
  private static final Set<String> DAS_SERVER_COMMANDS = Set.of("sources", "dsn");
  private static final Set<String> DAS_SOURCE_COMMANDS =
      Set.of("sources", "entry_points", "types", "features", "sequence", "stylesheet");
  private static final Set<String> GENOTYPE_COMMANDS = Set.of("variants", "samples", "count");
  private static final Set<String> SOURCE_API_COMMANDS = Set.of("chrom.sizes", "search");

  private final Map<String, SourceConfig> sources;

  RequestClassifier(Collection<SourceConfig> sources) {
    this.sources = sources.stream().collect(Collectors.toUnmodifiableMap(SourceConfig::id, Function.identity()));
  }

  /** The kind of a request whose client may read the sources {@code access} allows. */
  RequestKind classify(String path, AccessCheck access) {
    String[] p = path.startsWith("/") ? path.substring(1).split("/", -1) : path.split("/", -1);
    String first = p[0];
    return switch (first) {
      case "das" -> das(p, access);
      case "genotypes" -> new RequestKind("genotypes", p.length > 2 ? known(p[2], GENOTYPE_COMMANDS) : "other",
          p.length > 1 ? source(p[1], access) : "-");
      case "api" -> api(p, access);
      case "health" -> new RequestKind("health", p.length > 1 ? known(p[1], Set.of("live", "ready")) : "other", "-");
      case "metrics" -> new RequestKind("metrics", "metrics", "-");
      case "openapi.json" -> new RequestKind("openapi", "openapi", "-");
      default -> new RequestKind("page", "-", "-");
    };
  }

  private RequestKind das(String[] p, AccessCheck access) {
    if (p.length == 1 || p[1].isEmpty()) {
      return new RequestKind("das", "sources", "-");
    }
    if (p.length == 2) {
      return DAS_SERVER_COMMANDS.contains(p[1]) ? new RequestKind("das", p[1], "-")
          : new RequestKind("das", "sources", source(p[1], access));
    }
    return new RequestKind("das", known(p[2], DAS_SOURCE_COMMANDS), source(p[1], access));
  }

  private RequestKind api(String[] p, AccessCheck access) {
    if (p.length < 2 || !p[1].equals("sources")) {
      return new RequestKind("api", "other", "-");
    }
    if (p.length == 2) {
      return new RequestKind("api", "sources", "-");
    }
    return new RequestKind("api", p.length > 3 ? known(p[3], SOURCE_API_COMMANDS) : "source", source(p[2], access));
  }

  private String source(String id, AccessCheck access) {
    SourceConfig config = sources.get(id);
    return config != null && access.mayRead(config) ? id : "unknown";
  }

  private static String known(String command, Set<String> commands) {
    return commands.contains(command) ? command : "other";
  }
}
