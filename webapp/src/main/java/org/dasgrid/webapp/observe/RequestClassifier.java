package org.dasgrid.webapp.observe;

import java.util.Set;

/**
 * Maps a request path (after the context path) to its {@link RequestKind}. Only configured source ids and known
 * commands become tag values: hostile or mistyped URLs all land in {@code unknown}/{@code other}.
 */
final class RequestClassifier {
  private static final Set<String> DAS_SERVER_COMMANDS = Set.of("sources", "dsn");
  private static final Set<String> DAS_SOURCE_COMMANDS =
      Set.of("sources", "entry_points", "types", "features", "sequence", "stylesheet");
  private static final Set<String> GENOTYPE_COMMANDS = Set.of("variants", "samples", "count");
  private static final Set<String> SOURCE_API_COMMANDS = Set.of("chrom.sizes", "search");

  private final Set<String> sources;

  RequestClassifier(Set<String> sources) {
    this.sources = Set.copyOf(sources);
  }

  RequestKind classify(String path) {
    String[] p = path.startsWith("/") ? path.substring(1).split("/", -1) : path.split("/", -1);
    String first = p[0];
    return switch (first) {
      case "das" -> das(p);
      case "genotypes" -> new RequestKind("genotypes", p.length > 2 ? known(p[2], GENOTYPE_COMMANDS) : "other",
          p.length > 1 ? source(p[1]) : "-");
      case "api" -> api(p);
      case "health" -> new RequestKind("health", p.length > 1 ? known(p[1], Set.of("live", "ready")) : "other", "-");
      case "metrics" -> new RequestKind("metrics", "metrics", "-");
      case "openapi.json" -> new RequestKind("openapi", "openapi", "-");
      default -> new RequestKind("page", "-", "-");
    };
  }

  private RequestKind das(String[] p) {
    if (p.length == 1 || p[1].isEmpty()) {
      return new RequestKind("das", "sources", "-");
    }
    if (p.length == 2) {
      return DAS_SERVER_COMMANDS.contains(p[1]) ? new RequestKind("das", p[1], "-")
          : new RequestKind("das", "sources", source(p[1]));
    }
    return new RequestKind("das", known(p[2], DAS_SOURCE_COMMANDS), source(p[1]));
  }

  private RequestKind api(String[] p) {
    if (p.length < 2 || !p[1].equals("sources")) {
      return new RequestKind("api", "other", "-");
    }
    if (p.length == 2) {
      return new RequestKind("api", "sources", "-");
    }
    return new RequestKind("api", p.length > 3 ? known(p[3], SOURCE_API_COMMANDS) : "source", source(p[2]));
  }

  private String source(String id) {
    return sources.contains(id) ? id : "unknown";
  }

  private static String known(String command, Set<String> commands) {
    return commands.contains(command) ? command : "other";
  }
}
