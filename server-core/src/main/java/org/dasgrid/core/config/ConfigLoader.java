package org.dasgrid.core.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Reads and validates the YAML config. Every mistake is reported at start-up as one message naming the file
 * and the key or data file at fault, so a typo never turns into a half-working server.
 */
public final class ConfigLoader {
  private static final Pattern SOURCE_ID = Pattern.compile("[A-Za-z0-9_.-]+");
  private static final Set<String> RESERVED_IDS = Set.of(".", "..", "sources", "dsn");

  /**
   * The {@code options:} keys the server itself reads, for a source of any format; each format adds the keys
   * its provider reads.
   */
  public static final Set<String> SERVER_OPTIONS = Set.of("maintainer", "watch", "exportGenotypes",
      "beaconCaseLevelData", "assembly", "maxKinshipSamples", "maxScoreWeights", "maxExportCalls");

  private final Set<String> knownFormats;
  /** By format, the {@code options:} keys its provider reads; a format not in it has its options unchecked. */
  private final Map<String, Set<String>> formatOptions;

  /** @param knownFormats the formats providers exist for; an empty set skips that check (options unchecked) */
  public ConfigLoader(Set<String> knownFormats) {
    this.knownFormats = Set.copyOf(knownFormats);
    this.formatOptions = Map.of();
  }

  /**
   * @param formatOptions by format providers exist for, the {@code options:} keys its provider reads: an
   *     unknown key is refused with the known ones listed, as an unknown key anywhere else is
   */
  public ConfigLoader(Map<String, Set<String>> formatOptions) {
    this.knownFormats = Set.copyOf(formatOptions.keySet());
    this.formatOptions = Map.copyOf(formatOptions);
  }

  public DasGridConfig load(Path file) {
    Path abs = file.toAbsolutePath().normalize();
    if (!Files.isRegularFile(abs)) {
      throw new ConfigException("config file not found: " + file);
    }
    DasGridConfig raw;
    try {
      raw = mapper().readValue(abs.toFile(), DasGridConfig.class);
    } catch (UnrecognizedPropertyException e) {
      String known =
          e.getKnownPropertyIds() == null
              ? ""
              : " (known keys: "
                  + e.getKnownPropertyIds().stream()
                      .map(String::valueOf)
                      .filter(k -> !k.equals("baseDir") && !k.equals("file"))
                      .sorted()
                      .collect(Collectors.joining(", "))
                  + ")";
      throw new ConfigException(
          abs.getFileName() + ": unknown key '" + e.getPropertyName() + "' at " + path(e) + known);
    } catch (JsonMappingException e) {
      if (e.getCause() instanceof JsonProcessingException syntax) {
        throw new ConfigException(abs.getFileName() + ": not valid YAML" + line(syntax) + ": " + firstLine(syntax));
      }
      throw new ConfigException(abs.getFileName() + ": bad value at " + path(e) + ": " + firstLine(e));
    } catch (JsonProcessingException e) {
      throw new ConfigException(abs.getFileName() + ": not valid YAML" + line(e) + ": " + firstLine(e));
    } catch (IOException e) {
      throw new ConfigException(abs.getFileName() + ": cannot read: " + e.getMessage());
    }
    if (raw == null) {
      throw new ConfigException(abs.getFileName() + ": the config is empty");
    }
    Path baseDir = abs.getParent();
    List<SourceConfig> sources = new ArrayList<>();
    for (int i = 0; i < raw.sources().size(); i++) {
      SourceConfig s = raw.sources().get(i);
      if (s == null) {
        throw new ConfigException(abs.getFileName() + ": sources[" + i + "] is empty");
      }
      sources.add(s.withBaseDir(baseDir));
    }
    DasGridConfig config = new DasGridConfig(raw.server(), sources, raw.cluster(), abs);
    validate(config);
    return config;
  }

  private static ObjectMapper mapper() {
    return new ObjectMapper(new YAMLFactory())
        .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);
  }

  private void validate(DasGridConfig config) {
    String name = config.file().getFileName().toString();
    Set<String> ids = new HashSet<>();
    for (int i = 0; i < config.sources().size(); i++) {
      SourceConfig s = config.sources().get(i);
      String where = name + ": sources[" + i + "]";
      if (s.id() == null || s.id().isBlank()) {
        throw new ConfigException(where + ": missing 'id'");
      }
      where += " (" + s.id() + ")";
      if (!SOURCE_ID.matcher(s.id()).matches() || RESERVED_IDS.contains(s.id())) {
        throw new ConfigException(where + ": bad id '" + s.id() + "': use letters, digits, '_', '.', '-'"
            + " (and not " + RESERVED_IDS + ")");
      }
      if (!ids.add(s.id())) {
        throw new ConfigException(where + ": duplicate id '" + s.id() + "'");
      }
      if (s.format() == null || s.format().isBlank()) {
        throw new ConfigException(where + ": missing 'format'");
      }
      if (!knownFormats.isEmpty() && !knownFormats.contains(s.format())) {
        throw new ConfigException(where + ": unknown format '" + s.format() + "' (known: "
            + String.join(", ", new java.util.TreeSet<>(knownFormats)) + ")");
      }
      if (s.files().isEmpty() || s.files().stream().anyMatch(f -> f == null || f.isBlank())) {
        throw new ConfigException(where + ": missing 'path'" + (s.files().isEmpty() ? "" : " (a blank entry in its list)"));
      }
      checkPathList(where, s);
      // a missing data file (path, sequence, stylesheet, aliases, samples) costs its source only: the loader
      // marks it failed naming the file, as for a malformed one, and the others serve (see noSourceCanLoad)
      checkOptions(where, i, s);
      if (!s.circular().isEmpty() && !s.format().equals("fasta") && s.sequence().isEmpty()) {
        throw new ConfigException(where + ": 'circular' names references of a sequence: it needs format fasta"
            + " or a 'sequence' file");
      }
      if (s.samples().isPresent()) {
        if (!s.genotypes()) {
          throw new ConfigException(where + ": 'samples:' (a sample sheet) needs 'genotypes: true'");
        }
      }
      // a missing or malformed genes file costs the source its gene queries only (GeneLoad), not the config
      if (s.genes().isPresent() && !s.genotypes()) {
        throw new ConfigException(where + ": 'genes:' (a gene annotation for gene= queries) needs 'genotypes: true'");
      }
      if (s.genotypes() && !s.format().equals("vcf")) {
        throw new ConfigException(where + ": 'genotypes: true' needs format vcf, not " + s.format());
      }
      // a missing or bad index file is the source's load failure (it may be built after the config is written)
      if (s.genotypeIndex().isPresent() && !s.genotypes()) {
        throw new ConfigException(where + ": 'genotypeIndex' needs 'genotypes: true'");
      }
      String watch = s.option("watch", "false").trim();
      if (!watch.matches("(?i)true|false|yes|no") && !watch.matches("\\d+(\\.\\d+)?")) {
        throw new ConfigException(where + ": options.watch must be true, false or a number of seconds, not '"
            + watch + "'");
      }
      if (s.access() == Access.TOKEN && s.tokens().isEmpty()) {
        throw new ConfigException(where + ": 'access: token' needs at least one entry in 'tokens'");
      }
      for (String t : s.tokens()) {
        if (!TokenDigest.isDigest(t)) {
          throw new ConfigException(where + ".tokens: store SHA-256 digests, not tokens in clear "
              + "(java -jar dasgrid.jar --hash-token TOKEN prints one)");
        }
      }
    }
    for (String t : config.server().adminTokens()) {
      if (!TokenDigest.isDigest(t)) {
        throw new ConfigException(name + ": server.adminTokens: store SHA-256 digests, not tokens in clear "
            + "(java -jar dasgrid.jar --hash-token TOKEN prints one)");
      }
    }
    AccessConfigCheck.check(config);
    config.clusterConfig().ifPresent(c -> validateCluster(name, c, ids, config.file().getParent()));
    noSourceCanLoad(name, config.sources());
  }

  /** An {@code options:} key neither the server nor the source's format reads is a typo: refused. */
  private void checkOptions(String where, int index, SourceConfig s) {
    Set<String> ofFormat = formatOptions.get(s.format());
    if (ofFormat == null) {
      return;
    }
    for (String key : s.options().keySet()) {
      if (!SERVER_OPTIONS.contains(key) && !ofFormat.contains(key)) {
        Set<String> known = new java.util.TreeSet<>(SERVER_OPTIONS);
        known.addAll(ofFormat);
        throw new ConfigException(where + ": unknown key '" + key + "' at sources[" + index + "].options"
            + " (known keys for format " + s.format() + ": " + String.join(", ", known) + ")");
      }
    }
  }

  /**
   * Contract section 10: a list of paths is a VCF source made of several VCFs (the same samples, each contig in
   * one file); another format takes one file, and a file is listed once.
   */
  private static void checkPathList(String where, SourceConfig s) {
    if (s.files().size() < 2) {
      return;
    }
    if (!s.format().equals("vcf")) {
      throw new ConfigException(where + ": 'path' lists " + s.files().size() + " files; only a vcf source takes a"
          + " list (its VCFs served as one source)");
    }
    Set<Path> seen = new HashSet<>();
    for (Path p : s.paths()) {
      if (!seen.add(p)) {
        throw new ConfigException(where + ": 'path' lists " + p.getFileName() + " twice");
      }
    }
  }

  /**
   * A server none of whose sources can load has nothing to serve: when every source's data file is missing,
   * the start stops here, naming them (one missing file among others only fails its source, at load).
   */
  private static void noSourceCanLoad(String name, List<SourceConfig> sources) {
    if (sources.isEmpty()) {
      return;
    }
    List<String> missing = new ArrayList<>();
    for (int i = 0; i < sources.size(); i++) {
      SourceConfig s = sources.get(i);
      if (s.paths().stream().allMatch(Files::isRegularFile)) {
        return;
      }
      missing.add("sources[" + i + "] (" + s.id() + ").path: file not found: " + s.path());
    }
    throw new ConfigException(name + ": no source can load: " + String.join("; ", missing));
  }

  private static void validateCluster(String name, ClusterConfig c, Set<String> sourceIds, Path baseDir) {
    if (c.nodes().isEmpty()) {
      throw new ConfigException(name + ": cluster.nodes: a cluster needs at least one node");
    }
    if (c.deadlineMs() < 1) {
      throw new ConfigException(name + ": cluster.deadlineMs must be at least 1, not " + c.deadlineMs());
    }
    if (c.probeIntervalMs() < 10) {
      throw new ConfigException(name + ": cluster.probeIntervalMs must be at least 10, not " + c.probeIntervalMs());
    }
    if (c.tls() != null) {
      ClusterConfig.Tls t = c.tls();
      if (t.cert() == null || t.key() == null || t.ca() == null) {
        throw new ConfigException(name + ": cluster.tls needs cert, key and ca (PEM files)");
      }
      requireFile("cluster.tls.cert", baseDir.resolve(t.cert()));
      requireFile("cluster.tls.key", baseDir.resolve(t.key()));
      requireFile("cluster.tls.ca", baseDir.resolve(t.ca()));
    }
    Set<String> nodeIds = new HashSet<>();
    for (ClusterConfig.Node n : c.nodes()) {
      if (n == null) {
        throw new ConfigException(name + ": cluster.nodes has an empty entry");
      }
      if (n.id() == null || !SOURCE_ID.matcher(n.id()).matches()) {
        throw new ConfigException(name + ": cluster.nodes: bad node id '" + n.id() + "'");
      }
      if (!nodeIds.add(n.id())) {
        throw new ConfigException(name + ": cluster.nodes: duplicate node id '" + n.id() + "'");
      }
      if (n.grpc() == null || !n.grpc().matches("[^:\\s]+:\\d{1,5}")) {
        throw new ConfigException(name + ": cluster.nodes (" + n.id() + "): 'grpc' must be host:port");
      }
    }
    for (ClusterConfig.Shard s : c.shards()) {
      if (s == null) {
        throw new ConfigException(name + ": cluster.shards has an empty entry");
      }
      if (s.contigs().stream().anyMatch(java.util.Objects::isNull)) {
        throw new ConfigException(name + ": cluster.shards (" + s.source() + "): empty contig name");
      }
      if (!nodeIds.contains(s.node())) {
        throw new ConfigException(name + ": cluster.shards: unknown node '" + s.node() + "'");
      }
      if (!sourceIds.contains(s.source())) {
        throw new ConfigException(name + ": cluster.shards: unknown source '" + s.source() + "'");
      }
    }
  }

  private static void requireFile(String key, Path p) {
    if (!Files.isRegularFile(p)) {
      throw new ConfigException(key + ": file not found: " + p);
    }
    if (!Files.isReadable(p)) {
      throw new ConfigException(key + ": file not readable: " + p);
    }
  }

  private static String path(JsonMappingException e) {
    StringBuilder sb = new StringBuilder();
    for (JsonMappingException.Reference r : e.getPath()) {
      if (r.getFieldName() != null) {
        if (sb.length() > 0) {
          sb.append('.');
        }
        sb.append(r.getFieldName());
      } else if (r.getIndex() >= 0) {
        sb.append('[').append(r.getIndex()).append(']');
      }
    }
    return sb.length() == 0 ? "top level" : sb.toString();
  }

  private static String line(JsonProcessingException e) {
    return e.getLocation() == null || e.getLocation().getLineNr() < 1 ? ""
        : " at line " + e.getLocation().getLineNr();
  }

  private static String firstLine(JsonProcessingException e) {
    String m = e.getOriginalMessage();
    if (m == null) {
      return e.getClass().getSimpleName();
    }
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }
}
