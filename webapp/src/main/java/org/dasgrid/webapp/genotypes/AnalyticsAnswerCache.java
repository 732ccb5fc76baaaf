package org.dasgrid.webapp.genotypes;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.cache.CachedResponse;
import org.dasgrid.core.registry.LoadedSource;

/**
 * Rendered analytics answers ({@code variants} with statistics, filters or a top-N, contract section 7), kept
 * so that asking the same question of the same loaded source again costs a copy instead of the engine's scan
 * and the rendering of thousands of rows. What is kept is the body up to its timings: a hit is sent with its
 * own {@code elapsed_db_ms} (the lookup: the engine does not run) and {@code elapsed_ms}, and says {@code
 * X-DasGrid-Answer-Cache: hit}. Keys hold the source's id, version and load time (a reload makes every older
 * entry unreachable; they age out) and the normalized query; bounded by bytes (Caffeine, W-TinyLFU). A request
 * with {@code Cache-Control: no-cache} is answered by the engine and not looked up. Entries are the DAS cache's
 * {@link CachedResponse}: a client that accepts gzip gets the body compressed once, on first demand, and left
 * open for each request's timings ({@link CachedResponse#openGzip}), so a gzip hit costs no compression.
 */
public final class AnalyticsAnswerCache {
  public static final String HEADER = "X-DasGrid-Answer-Cache";
  private final Cache<String, CachedResponse> answers;
  private final int maxEntryBytes;

  AnalyticsAnswerCache(long maxBytes, int maxEntryBytes) {
    this.maxEntryBytes = maxEntryBytes;
    this.answers = Caffeine.newBuilder()
        .maximumWeight(maxBytes)
        .weigher((String k, CachedResponse v) -> v.weight() + 2 * k.length())
        .recordStats()
        .build();
  }

  /**
   * The key of a query: source generation, query name, answer format, and the arguments as asked and as
   * resolved ({@code gene=} made segments: a gene annotation read again resolves to other spans), each sorted
   * by name.
   */
  static String key(LoadedSource source, String query, boolean ndjson, QueryArguments asked,
      QueryArguments resolved) {
    StringBuilder sb = new StringBuilder(256).append(source.id()).append('\0').append(source.version())
        .append('\0').append(source.loadedAt()).append('\0').append(query).append('\0').append(ndjson);
    append(asked, sb);
    sb.append('\2');
    append(resolved, sb);
    return sb.toString();
  }

  private static void append(QueryArguments args, StringBuilder sb) {
    for (Map.Entry<String, List<String>> e : new TreeMap<>(args.asMap()).entrySet()) {
      sb.append('\0').append(e.getKey());
      for (String v : e.getValue()) {
        sb.append('\1').append(v);
      }
    }
  }

  /** The kept answer (its body up to its timings), or null. */
  CachedResponse get(String key) {
    return answers.getIfPresent(key);
  }

  /** Whether an answer is kept under {@code key} (not counted as a look-up: for a request that looked none up). */
  boolean holds(String key) {
    return answers.asMap().containsKey(key);
  }

  void put(String key, byte[] bodyBeforeTimings, String contentType) {
    answers.put(key, new CachedResponse(bodyBeforeTimings, contentType, ""));
  }

  long hits() {
    return answers.stats().hitCount();
  }

  long misses() {
    return answers.stats().missCount();
  }

  void invalidateAll() {
    answers.invalidateAll();
  }

  /** A stream that passes bytes on and keeps a copy of up to the entry limit (then gives up keeping). */
  Capture capture(OutputStream out) {
    return new Capture(out, maxEntryBytes);
  }

  static final class Capture extends OutputStream {
    private static final int CHUNK = 256 * 1024;
    private final OutputStream out;
    private final int limit;
    /** The bytes passed on, in chunks of {@value #CHUNK} (no copying as they grow); null once over the limit. */
    private List<byte[]> chunks = new java.util.ArrayList<>();
    private int n;

    Capture(OutputStream out, int limit) {
      this.out = out;
      this.limit = limit;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
      if (chunks == null) {
        return;
      }
      if (n + len > limit) {
        chunks = null;
        return;
      }
      while (len > 0) {
        int at = n % CHUNK;
        if (at == 0) {
          chunks.add(new byte[CHUNK]);
        }
        int k = Math.min(len, CHUNK - at);
        System.arraycopy(b, off, chunks.get(chunks.size() - 1), at, k);
        off += k;
        len -= k;
        n += k;
      }
    }

    @Override
    public void flush() throws IOException {
      out.flush();
    }

    @Override
    public void close() {
      // the body's owner ends it
    }

    /** The last {@code k} bytes passed on (at most {@value #CHUNK}), or null when there were more than the limit. */
    byte[] tail(int k) {
      if (chunks == null) {
        return null;
      }
      int from = Math.max(0, n - k);
      return copy(from, n - from);
    }

    /** The first {@code k} bytes passed on, or null when there were more than the limit. */
    byte[] head(int k) {
      return chunks == null ? null : copy(0, k);
    }

    private byte[] copy(int from, int k) {
      byte[] b = new byte[k];
      for (int done = 0; done < k; ) {
        int at = (from + done) % CHUNK;
        int m = Math.min(k - done, CHUNK - at);
        System.arraycopy(chunks.get((from + done) / CHUNK), at, b, done, m);
        done += m;
      }
      return b;
    }

    int length() {
      return n;
    }
  }
}
