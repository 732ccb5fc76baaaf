package org.dasgrid.core.genotype.internal.engine;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import org.dasgrid.core.genotype.KeyList;

/**
 * The matched rows of the weights files one engine was asked for lately, by a SHA-256 of their keys (each
 * key's length, then its UTF-8): the same weights POSTed again skip the matching, which at 100,000 weights is a
 * fifth of a score. Bounded by bytes (the matches are 8 bytes each: 32 MB holds forty 100,000-weight files);
 * a file differing in any key, or in the keys' order, is another entry. Per engine: a reloaded source's new
 * engine starts empty, so rows never outlive their index.
 */
public final class KnownMatches {
  static final long MAX_BYTES = 32L << 20;

  private final Cache<String, long[]> byDigest;

  public KnownMatches() {
    this(MAX_BYTES);
  }

  /** Holding at most {@code maxBytes} of matches (a test's smaller bound). */
  public KnownMatches(long maxBytes) {
    // evictions run on the thread that put (a few map operations), not later on the common pool: the bound
    // then holds as soon as put returns
    byDigest = Caffeine.newBuilder()
        .maximumWeight(maxBytes)
        .weigher((String digest, long[] matches) -> weight(matches))
        .executor(Runnable::run)
        .build();
  }

  /** The bytes an entry is counted as. */
  static int weight(long[] matches) {
    return (int) Math.min(Integer.MAX_VALUE, 64 + 8L * matches.length);
  }

  /** The bytes of the entries held now. */
  long heldBytes() {
    byDigest.cleanUp();
    return byDigest.policy().eviction().orElseThrow().weightedSize().orElseThrow();
  }

  /** The sorted matches kept for these keys' digest, or null. */
  long[] get(String digest) {
    return byDigest.getIfPresent(digest);
  }

  /** Keeps {@code matches} (sorted, exactly sized; not changed afterwards) for the keys' digest. */
  void put(String digest, long[] matches) {
    byDigest.put(digest, matches);
  }

  /** The keys' SHA-256: a length before each key, so no two lists of keys hash the same bytes. */
  static String digest(List<String> keys) {
    return digest(KeyList.of(keys));
  }

  /** As {@link #digest(List)}: the list's bytes are already each key's length then its bytes. */
  static String digest(KeyList keys) {
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every Java platform", e);
    }
    sha.update(keys.bytes(), 0, keys.usedBytes());
    return HexFormat.of().formatHex(sha.digest());
  }
}
