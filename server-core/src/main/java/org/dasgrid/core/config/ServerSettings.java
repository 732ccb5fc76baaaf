package org.dasgrid.core.config;

import java.util.List;

/**
 * Server-wide limits and tunables ({@code server:} in the config file). Every value has a safe default so a
 * config may leave the section out; docs/operations.md explains each.
 */
public record ServerSettings(
    Integer maxSegmentsPerRequest,
    Integer maxFeaturesPerResponse,
    Integer maxQueryLength,
    Integer maxSegmentSpan,
    Integer maxGenotypeSpan,
    Integer requestTimeoutMillis,
    Long cacheBytes,
    Integer cacheMaxEntryBytes,
    Integer loadThreads,
    Double maxHeapShare,
    RateLimit rateLimit,
    HttpSettings http,
    List<String> adminTokens,
    Integer warmupSeconds,
    String exportDir,
    Long htsgetUrlBytes,
    AuthSettings auth,
    String auditLog,
    Integer exportProgressSeconds) {

  public static final ServerSettings DEFAULTS =
      new ServerSettings(null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
          null, null, null);

  public ServerSettings {
    maxSegmentsPerRequest = positive(maxSegmentsPerRequest, 1000, "maxSegmentsPerRequest");
    maxFeaturesPerResponse = positive(maxFeaturesPerResponse, 2_000_000, "maxFeaturesPerResponse");
    maxQueryLength = positive(maxQueryLength, 65_536, "maxQueryLength");
    maxSegmentSpan = positive(maxSegmentSpan, 300_000_000, "maxSegmentSpan");
    maxGenotypeSpan = positive(maxGenotypeSpan, 250_000_000, "maxGenotypeSpan");
    requestTimeoutMillis = positive(requestTimeoutMillis, 60_000, "requestTimeoutMillis");
    cacheBytes = cacheBytes == null ? 256L << 20 : cacheBytes;
    if (cacheBytes < 0) {
      throw new IllegalArgumentException("server.cacheBytes must be >= 0");
    }
    cacheMaxEntryBytes = positive(cacheMaxEntryBytes, 16 << 20, "cacheMaxEntryBytes");
    loadThreads =
        positive(loadThreads, Math.max(2, Runtime.getRuntime().availableProcessors()), "loadThreads");
    maxHeapShare = maxHeapShare == null ? 0.85 : maxHeapShare;
    if (!(maxHeapShare > 0 && maxHeapShare <= 1)) {
      throw new IllegalArgumentException("server.maxHeapShare must be in (0, 1], not " + maxHeapShare);
    }
    // new defaults rather than the nested records' DEFAULT constants: reading those here would tie the
    // static initialisation of the three classes into a cycle, and whichever class a thread touches first
    // would see the other's constant still null
    rateLimit = rateLimit == null ? new RateLimit(null, null, null, null) : rateLimit;
    http = http == null ? HttpSettings.DEFAULT : http;
    adminTokens = adminTokens == null ? List.of() : adminTokens.stream().filter(java.util.Objects::nonNull).toList();
    // the embedded server's start-up JIT warm-up bound, in seconds; 0 turns it off
    warmupSeconds = warmupSeconds == null ? 15 : warmupSeconds;
    if (warmupSeconds < 0 || warmupSeconds > 600) {
      throw new IllegalArgumentException("server.warmupSeconds must be in 0..600, not " + warmupSeconds);
    }
    // the store of bgzipped copies (/files/* and htsget's blocks); a relative path is taken from the config file's
    // folder
    exportDir = exportDir == null || exportDir.isBlank()
        ? java.nio.file.Path.of(System.getProperty("java.io.tmpdir"), "dasgrid-exports").toString() : exportDir;
    // the most compressed bytes one htsget ticket URL asks for: a larger slice comes as several URLs
    htsgetUrlBytes = htsgetUrlBytes == null ? 8L << 20 : htsgetUrlBytes;
    if (htsgetUrlBytes < 1) {
      throw new IllegalArgumentException("server.htsgetUrlBytes must be at least 1, not " + htsgetUrlBytes);
    }
    // OIDC issuers and visa issuers (contract section 11); none: bearer JWTs are not checked
    auth = auth == null ? AuthSettings.NONE : auth;
    // the audit log of answers above the public tier; a relative path is taken from the config file's folder
    auditLog = auditLog == null || auditLog.isBlank() ? null : auditLog;
    // how often a streaming export (contract section 12) writes its progress to the access log; 0: at every
    // block it sends (tests)
    exportProgressSeconds = exportProgressSeconds == null ? 5 : exportProgressSeconds;
    if (exportProgressSeconds < 0 || exportProgressSeconds > 3600) {
      throw new IllegalArgumentException("server.exportProgressSeconds must be in 0..3600, not "
          + exportProgressSeconds);
    }
  }

  /** Where the audit log goes ({@code server.auditLog}), if one is kept. */
  public java.util.Optional<String> auditLogFile() {
    return java.util.Optional.ofNullable(auditLog);
  }

  public ServerSettings withMaxSegmentsPerRequest(int n) {
    return new ServerSettings(n, maxFeaturesPerResponse, maxQueryLength, maxSegmentSpan, maxGenotypeSpan,
        requestTimeoutMillis, cacheBytes, cacheMaxEntryBytes, loadThreads, maxHeapShare, rateLimit, http,
        adminTokens, warmupSeconds, exportDir, htsgetUrlBytes, auth, auditLog, exportProgressSeconds);
  }

  public ServerSettings withMaxFeaturesPerResponse(int n) {
    return new ServerSettings(maxSegmentsPerRequest, n, maxQueryLength, maxSegmentSpan, maxGenotypeSpan,
        requestTimeoutMillis, cacheBytes, cacheMaxEntryBytes, loadThreads, maxHeapShare, rateLimit, http,
        adminTokens, warmupSeconds, exportDir, htsgetUrlBytes, auth, auditLog, exportProgressSeconds);
  }

  public ServerSettings withMaxSegmentSpan(int n) {
    return new ServerSettings(maxSegmentsPerRequest, maxFeaturesPerResponse, maxQueryLength, n, maxGenotypeSpan,
        requestTimeoutMillis, cacheBytes, cacheMaxEntryBytes, loadThreads, maxHeapShare, rateLimit, http,
        adminTokens, warmupSeconds, exportDir, htsgetUrlBytes, auth, auditLog, exportProgressSeconds);
  }

  private static int positive(Integer v, int fallback, String name) {
    return Settings.positive(v, fallback, name);
  }

  /**
   * Requests per client (by address) per minute, with a burst allowance, the way public genome APIs limit
   * clients; {@code enabled: false} turns it off (benchmarks, trusted networks).
   */
  public record RateLimit(Boolean enabled, Integer requestsPerMinute, Integer burst, Boolean trustForwardedFor) {
    public static final RateLimit DEFAULT = new RateLimit(null, null, null, null);

    public RateLimit {
      enabled = enabled == null || enabled;
      requestsPerMinute = Settings.positive(requestsPerMinute, 120_000, "rateLimit.requestsPerMinute");
      burst = Settings.positive(burst, 20_000, "rateLimit.burst");
      trustForwardedFor = trustForwardedFor != null && trustForwardedFor;
    }
  }

  /** Limits of the embedded Tomcat connector (a WAR takes them from Tomcat's own server.xml). */
  public record HttpSettings(
      Integer maxThreads,
      Integer maxConnections,
      Integer acceptCount,
      Integer connectionTimeoutMillis,
      Integer keepAliveTimeoutMillis,
      Integer maxKeepAliveRequests,
      Integer maxHeaderBytes,
      Integer socketWriteBufferBytes) {
    public static final HttpSettings DEFAULT = new HttpSettings(null, null, null, null, null, null, null, null);

    public HttpSettings {
      maxThreads = Settings.positive(maxThreads, 200, "http.maxThreads");
      maxConnections = Settings.positive(maxConnections, 8192, "http.maxConnections");
      acceptCount = Settings.positive(acceptCount, 200, "http.acceptCount");
      connectionTimeoutMillis = Settings.positive(connectionTimeoutMillis, 20_000, "http.connectionTimeoutMillis");
      keepAliveTimeoutMillis = Settings.positive(keepAliveTimeoutMillis, 20_000, "http.keepAliveTimeoutMillis");
      maxKeepAliveRequests = Settings.positive(maxKeepAliveRequests, 1000, "http.maxKeepAliveRequests");
      // a GET holds a query as long as maxQueryLength (64 KiB by default) with 8 KiB for the path and the headers
      maxHeaderBytes = Settings.positive(maxHeaderBytes, 73_728, "http.maxHeaderBytes");
      // Tomcat's 8 KB made a 500 KB genotype answer ~60 system calls and client wake-ups (+0.4-0.6 ms)
      socketWriteBufferBytes = Settings.positive(socketWriteBufferBytes, 131_072, "http.socketWriteBufferBytes");
    }
  }
}
