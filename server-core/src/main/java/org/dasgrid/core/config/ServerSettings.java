package org.dasgrid.core.config;

/**
 * Server-wide limits and tunables ({@code server:} in the config file). Every value has a safe default so
 * a config may leave the section out.
 */
public record ServerSettings(
    Integer maxSegmentsPerRequest,
    Integer maxFeaturesPerResponse,
    Long cacheBytes,
    Integer cacheMaxEntryBytes,
    Integer loadThreads) {

  public static final ServerSettings DEFAULTS = new ServerSettings(null, null, null, null, null);

  public ServerSettings {
    maxSegmentsPerRequest = positive(maxSegmentsPerRequest, 1000, "maxSegmentsPerRequest");
    maxFeaturesPerResponse = positive(maxFeaturesPerResponse, 2_000_000, "maxFeaturesPerResponse");
    cacheBytes = cacheBytes == null ? 256L << 20 : cacheBytes;
    if (cacheBytes < 0) {
      throw new IllegalArgumentException("server.cacheBytes must be >= 0");
    }
    cacheMaxEntryBytes = positive(cacheMaxEntryBytes, 16 << 20, "cacheMaxEntryBytes");
    loadThreads =
        positive(loadThreads, Math.max(2, Runtime.getRuntime().availableProcessors()), "loadThreads");
  }

  private static int positive(Integer v, int fallback, String name) {
    if (v == null) {
      return fallback;
    }
    if (v < 1) {
      throw new IllegalArgumentException("server." + name + " must be at least 1, not " + v);
    }
    return v;
  }
}
