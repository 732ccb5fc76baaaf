package org.dasgrid.webapp.access;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.config.Tier;

/**
 * The tier of every endpoint (contract section 11), in one table: {@code aggregate} for Beacon boolean/count
 * answers and {@code /count}; {@code variants} for variant records (DAS, {@code /variants}, analytics rows,
 * site exports, browser configs); {@code genotypes} for whatever names samples or their calls ({@code
 * /samples}, the sample-level queries, htsget, VCF exports with sample columns). A genotype query that chooses
 * samples ({@code samples=}, {@code cases=}, {@code controls=}, or a POSTed form, which is how long sample lists
 * come) answers about those samples, so it is at the genotypes tier whatever its endpoint.
 *
 * <p>Every servlet mapping must be in the table ({@link #uncovered}, checked at start-up), and every endpoint
 * under a mapping is named here: a path the table does not know is {@link Route#known() unknown} and served at
 * the strictest tier, and the tests fail for it.
 */
public final class EndpointTiers {
  /** The servlet mappings this table covers. */
  static final Set<String> MAPPINGS = Set.of("/das/*", "/das", "/genotypes/*", "/api/*", "/openapi.json",
      "/health/*", "/metrics", "/admin/*", "/admin/status", "/files/*", "/jbrowse/config.json",
      "/igv/session.json", "/beacon/v2/*", "/beacon/v2", "/refget/*", "/htsget/*", "/service-info", "/services",
      "/error", "/");
  static final Set<String> DAS_SERVER = Set.of("sources", "dsn");
  static final Set<String> DAS_SOURCE = Set.of("sources", "entry_points", "types", "features", "sequence",
      "stylesheet");
  static final Map<String, Tier> GENOTYPES = Map.ofEntries(
      Map.entry("count", Tier.AGGREGATE),
      Map.entry("variants", Tier.VARIANTS),
      Map.entry("strata", Tier.VARIANTS),
      Map.entry("samples", Tier.GENOTYPES),
      Map.entry("sex-check", Tier.GENOTYPES),
      Map.entry("kinship", Tier.GENOTYPES),
      Map.entry("score", Tier.GENOTYPES),
      Map.entry("inheritance", Tier.GENOTYPES),
      Map.entry("hom-ref", Tier.GENOTYPES),
      Map.entry("sample-counts", Tier.GENOTYPES));
  /** Query arguments that choose samples by name or group. */
  static final List<String> SAMPLE_CHOICES = List.of("samples", "cases", "controls");
  private static final java.util.regex.Pattern ARGUMENTS = java.util.regex.Pattern.compile("[&;]");
  static final Map<String, Tier> SOURCE_API = Map.of("chrom.sizes", Tier.AGGREGATE, "search", Tier.VARIANTS);
  /** Beacon's paths: each answers per dataset at the tier its granularity needs (BeaconServlet). */
  static final Set<String> BEACON = Set.of("", "info", "service-info", "configuration", "map", "entry_types",
      "filtering_terms", "g_variants", "datasets", "individuals", "biosamples");

  private final Map<String, SourceConfig> sources;

  public EndpointTiers(Collection<SourceConfig> sources) {
    this.sources = sources.stream().collect(Collectors.toUnmodifiableMap(SourceConfig::id, Function.identity()));
  }

  /** The servlet mappings of a context that this table does not cover (start-up refuses them). */
  public static List<String> uncovered(Collection<String> mappings) {
    return mappings.stream().filter(m -> !MAPPINGS.contains(m)).sorted().toList();
  }

  /** The route of a request: its path after the context path, its method and raw query string (may be null). */
  public Route route(String path, String method, String query) {
    String[] p = path.startsWith("/") ? path.substring(1).split("/", -1) : path.split("/", -1);
    return switch (p[0]) {
      case "das" -> das(p);
      case "genotypes" -> genotypes(p, method, query);
      case "api" -> api(p);
      case "files" -> files(p);
      case "jbrowse", "igv" -> Route.listing("browsers", p[0], Tier.VARIANTS);
      case "beacon" -> beacon(p);
      case "refget" -> Route.listing("refget", p.length > 1 ? p[1] : "", Tier.VARIANTS);
      case "htsget" -> htsget(p);
      case "health" -> p.length > 1 && p[1].equals("ready") ? Route.listing("health", "ready", Tier.AGGREGATE)
          : Route.open("health", p.length > 1 ? p[1] : "");
      case "admin" -> Route.open("admin", p.length > 1 ? p[1] : ""); // AdminFilter: admin tokens only
      case "metrics", "openapi.json", "service-info", "services" -> Route.open(p[0], p[0]);
      // the error page (errors room): it names no source; the container forwards to it, a client may ask it
      case "error" -> Route.open("error", "error");
      default -> Route.open("page", path);
    };
  }

  private static Route das(String[] p) {
    if (p.length == 1 || p[1].isEmpty() || p.length == 2 && DAS_SERVER.contains(p[1])) {
      return Route.listing("das", p.length > 1 && !p[1].isEmpty() ? p[1] : "sources", Tier.VARIANTS);
    }
    if (p.length == 2 || p.length == 3 && p[2].isEmpty()) {
      return Route.source("das", "sources", p[1], Tier.VARIANTS);
    }
    return DAS_SOURCE.contains(p[2]) && p.length == 3 ? Route.source("das", p[2], p[1], Tier.VARIANTS)
        : Route.unknown("das", p[2], p[1]);
  }

  private static Route genotypes(String[] p, String method, String query) {
    if (p.length < 3) {
      return Route.unknown("genotypes", "", p.length > 1 ? p[1] : null);
    }
    Tier tier = GENOTYPES.get(p[2]);
    if (tier == null || p.length > 3) {
      return Route.unknown("genotypes", p[2], p[1]);
    }
    if (tier != Tier.GENOTYPES && ("POST".equals(method) || choosesSamples(query))) {
      tier = Tier.GENOTYPES;
    }
    return Route.source("genotypes", p[2], p[1], tier);
  }

  /** Whether a query string has an argument choosing samples ({@link #SAMPLE_CHOICES}). */
  static boolean choosesSamples(String query) {
    if (query == null || query.isEmpty()) {
      return false;
    }
    for (String pair : ARGUMENTS.split(query)) {
      int eq = pair.indexOf('=');
      String name = eq < 0 ? pair : pair.substring(0, eq);
      if (SAMPLE_CHOICES.contains(name)) {
        return true;
      }
    }
    return false;
  }

  private static Route api(String[] p) {
    if (p.length < 2 || !p[1].equals("sources")) {
      return Route.open("api", p.length > 1 ? p[1] : "");
    }
    if (p.length == 2) {
      return Route.listing("api", "sources", Tier.AGGREGATE);
    }
    if (p.length == 3) {
      return Route.source("api", "source", p[2], Tier.AGGREGATE);
    }
    Tier tier = SOURCE_API.get(p[3]);
    return tier == null || p.length > 4 ? Route.unknown("api", p[3], p[2]) : Route.source("api", p[3], p[2], tier);
  }

  /** A VCF export of a genotype source carries its sample columns (unless {@code exportGenotypes: false}). */
  private Route files(String[] p) {
    if (p.length != 3) {
      return Route.unknown("files", "", p.length > 1 ? p[1] : null);
    }
    SourceConfig c = sources.get(p[1]);
    boolean samples = c != null && p[2].startsWith(c.id() + ".vcf.gz") && c.genotypes()
        && !"false".equalsIgnoreCase(c.option("exportGenotypes", "true").trim());
    return Route.source("files", samples ? "vcf" : "sites", p[1], samples ? Tier.GENOTYPES : Tier.VARIANTS);
  }

  private static Route beacon(String[] p) {
    if (p.length < 2 || !p[1].equals("v2")) {
      return Route.unknown("beacon", "", null);
    }
    String first = p.length > 2 ? p[2] : "";
    return BEACON.contains(first) ? Route.listing("beacon", first, Tier.AGGREGATE)
        : new Route("beacon", first, java.util.Optional.empty(), java.util.Optional.of(Tier.AGGREGATE), true, false);
  }

  private static Route htsget(String[] p) {
    if (p.length < 3 || !(p[1].equals("variants") || p[1].equals("blocks"))) {
      return Route.unknown("htsget", p.length > 1 ? p[1] : "", null);
    }
    if (p[1].equals("variants") && p[2].equals("service-info")) {
      return Route.open("htsget", "service-info");
    }
    String id = p[2].endsWith(".vcf") ? p[2].substring(0, p[2].length() - 4) : p[2];
    return Route.source("htsget", p[1], id, Tier.GENOTYPES);
  }
}
