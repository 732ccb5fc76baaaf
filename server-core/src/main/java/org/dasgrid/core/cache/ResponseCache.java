package org.dasgrid.core.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.stats.CacheStats;
import java.util.Optional;

/**
 * Serialized hot responses, bounded by bytes (Caffeine, W-TinyLFU). Keys are a response's {@code
 * cacheKey}, which contains the source version, so a reload never serves stale bytes: the old entries are
 * simply no longer asked for and age out.
 */
public final class ResponseCache {
  private final Cache<String, CachedResponse> cache;
  private final int maxEntryBytes;

  public ResponseCache(long maxBytes, int maxEntryBytes) {
    // an entry larger than the whole cache would be evicted at once: not even copied (cacheBytes: 0 copies none)
    this.maxEntryBytes = (int) Math.min(maxEntryBytes, Math.max(0, maxBytes));
    this.cache = Caffeine.newBuilder()
        .maximumWeight(Math.max(0, maxBytes))
        .weigher((String k, CachedResponse v) -> v.weight() + 2 * k.length())
        .recordStats()
        .build();
  }

  public Optional<CachedResponse> get(String key) {
    return key.isEmpty() ? Optional.empty() : Optional.ofNullable(cache.getIfPresent(key));
  }

  /**
   * The entry under {@code key}, if any, without counting a hit or a miss: for a command looking ahead
   * before the writer's own {@link #get}, so each request counts once in the hit ratio.
   */
  public Optional<CachedResponse> peek(String key) {
    return key.isEmpty() ? Optional.empty() : Optional.ofNullable(cache.policy().getIfPresentQuietly(key));
  }

  public void put(String key, CachedResponse response) {
    if (!key.isEmpty() && response.body().length <= maxEntryBytes) {
      cache.put(key, response);
    }
  }

  /** Largest body kept; larger answers are streamed every time. */
  public int maxEntryBytes() {
    return maxEntryBytes;
  }

  public CacheStats stats() {
    return cache.stats();
  }

  /** Bytes currently held (approximate). */
  public long weightedSize() {
    return cache.policy().eviction().map(e -> e.weightedSize().orElse(0)).orElse(0L);
  }

  public void invalidateAll() {
    cache.invalidateAll();
  }
}
