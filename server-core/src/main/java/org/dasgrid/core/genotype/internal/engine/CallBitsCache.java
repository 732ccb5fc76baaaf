package org.dasgrid.core.genotype.internal.engine;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.List;
import java.util.Optional;
import org.dasgrid.core.genotype.SampleCallBits;
import org.dasgrid.core.genotype.internal.column.IntList;
import org.dasgrid.core.genotype.internal.store.GenotypeStore;
import org.dasgrid.core.genotype.internal.store.SampleCallSection;
import org.dasgrid.core.segment.Segment;

/**
 * Samples' diploid-call bits ({@link org.dasgrid.core.genotype.CallReader#diploidCalls}) by the segments they
 * cover, made by a scan of the rows ({@link DiploidCallScan}) or read from the index's sample-major calls
 * ({@link SampleCallsReader}), and kept, bounded by bytes: a sample asked again (a kinship pair, a panel compared
 * with new samples) costs no scan of the rows. Per sample three bits a row (about 0.4 MB at a million rows). The
 * index's calls are cached too: the bits of 100 samples are ~37 MB of fresh arrays whose allocation and young
 * collections made a warm all-pairs request of 100 samples 1.8× slower uncached (437 vs 241 ms,
 * docs/bench-log/2026-11-26-king-5.md). Thread-safe.
 */
final class CallBitsCache {
  /** The heap the cache may hold; a request needing more than half of it is read row by row instead. */
  static final long CALL_BITS_BYTES = 192L << 20;

  private record Key(List<Segment> segments, int sample) {}

  private final Cache<Key, SampleCallBits> bits = Caffeine.newBuilder()
      .maximumWeight(CALL_BITS_BYTES)
      .weigher((Key k, SampleCallBits v) -> (int) Math.min(Integer.MAX_VALUE, v.bytes()))
      .build();
  private final GenotypeStore store;

  CallBitsCache(GenotypeStore store) {
    this.store = store;
  }

  /** The bits of {@code samples} over the plans of {@code segments}; empty when they would not fit. */
  Optional<List<SampleCallBits>> diploidCalls(List<Segment> segments, List<Plan> plans, int[] samples,
      GenotypeIndex engine) {
    DiploidCallScan scan = new DiploidCallScan(store.contigs(), store.sets(), store.corrections());
    long perSample = 3 * 8 * ((scan.rowBound(plans) + 63) >>> 6);
    if (perSample * samples.length > CALL_BITS_BYTES / 2) {
      return Optional.empty();
    }
    List<Segment> key = List.copyOf(segments);
    SampleCallBits[] out = new SampleCallBits[samples.length];
    IntList missing = new IntList();
    for (int i = 0; i < samples.length; i++) {
      out[i] = bits.getIfPresent(new Key(key, samples[i]));
      if (out[i] == null) {
        missing.add(samples[i]);
      }
    }
    if (missing.size() > 0) {
      int[] todo = missing.toArray();
      List<SampleCallSection> sections = store.callSections();
      SampleCallBits[] made = sections != null && SampleCallsReader.covers(store.contigs(), sections, plans)
          ? SampleCallsReader.read(store.contigs(), sections, plans, todo)
          : scan.scan(plans, todo, engine.select(todo));
      for (int m = 0; m < todo.length; m++) {
        bits.put(new Key(key, todo[m]), made[m]);
        for (int i = 0; i < samples.length; i++) {
          if (samples[i] == todo[m]) {
            out[i] = made[m];
          }
        }
      }
    }
    return Optional.of(List.of(out));
  }
}
