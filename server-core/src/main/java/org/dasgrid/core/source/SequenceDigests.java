package org.dasgrid.core.source;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.dasgrid.core.segment.Segment;

/**
 * The checksums of a source's sequences (MD5 and the GA4GH {@code SQ.} digest of the upper-cased bases),
 * computed once when the source loads and kept with it, so that sequences can be found by checksum (refget)
 * and the checksums shown wherever the references are listed.
 */
public final class SequenceDigests {
  /** A source without sequence. */
  public static final SequenceDigests NONE = new SequenceDigests(List.of());

  /** Bases read from the source per call while digesting. */
  private static final int CHUNK = 1 << 20;

  /**
   * One reference's checksums: {@code md5} in lower-case hex, {@code ga4gh} as {@code SQ.} + the base64url of
   * the first 24 bytes of the SHA-512, and {@code trunc512} (refget 1.0's hex form of the same 24 bytes).
   * {@code circular} comes from the source's config.
   */
  public record Digest(String ref, int length, String md5, String ga4gh, String trunc512, boolean circular) {}

  /** Told how far digesting has got, in bases, so long FASTA files can show progress. */
  @FunctionalInterface
  public interface Progress {
    Progress NONE = (done, total) -> {};

    void bases(long done, long total);
  }

  private final List<Digest> all;
  private final Map<String, Digest> byRef;
  private final Map<String, Digest> byChecksum;

  private SequenceDigests(List<Digest> all) {
    this.all = List.copyOf(all);
    Map<String, Digest> m = new HashMap<>();
    Map<String, Digest> c = new HashMap<>();
    for (Digest d : all) {
      m.put(d.ref(), d);
      // the first of identical sequences wins, as in the source's order
      c.putIfAbsent(d.md5(), d);
      c.putIfAbsent(d.ga4gh(), d);
      c.putIfAbsent(d.trunc512(), d);
    }
    this.byRef = Map.copyOf(m);
    this.byChecksum = Map.copyOf(c);
  }

  public static SequenceDigests of(List<Digest> digests) {
    return new SequenceDigests(digests);
  }

  /** In the source's reference order. */
  public List<Digest> all() {
    return all;
  }

  public boolean isEmpty() {
    return all.isEmpty();
  }

  /** The checksums of a reference, by its canonical name. */
  public Optional<Digest> of(String ref) {
    return Optional.ofNullable(byRef.get(ref));
  }

  /**
   * The sequence with this checksum: lower-case hex MD5 or TRUNC512, or the {@code SQ.} digest (case
   * sensitive: it is base64).
   */
  public Optional<Digest> byChecksum(String checksum) {
    return Optional.ofNullable(byChecksum.get(checksum));
  }

  /**
   * Digests every reference the source has sequence for, in its order. {@code circular} names canonical
   * references; the caller has checked them.
   */
  public static SequenceDigests compute(DataSource data, Set<String> circular, Progress progress)
      throws IOException {
    if (data.capability(SequenceSource.class).isEmpty()) {
      return NONE;
    }
    SequenceSource seq = data.capability(SequenceSource.class).get();
    long total = 0;
    for (EntryPoint ep : data.entryPoints()) {
      total += Math.max(0, seq.sequenceLength(ep.name()));
    }
    List<Digest> out = new ArrayList<>();
    long done = 0;
    for (EntryPoint ep : data.entryPoints()) {
      int length = seq.sequenceLength(ep.name());
      if (length < 1) {
        continue;
      }
      SequenceDigester digester = new SequenceDigester();
      for (long from = 1; from <= length; from += CHUNK) {
        int to = (int) Math.min(length, from + CHUNK - 1);
        seq.sequence(new Segment(ep.name(), (int) from, to), digester);
        done += to - from + 1;
        progress.bases(done, total);
      }
      out.add(digester.finish(ep.name(), length, circular.contains(ep.name())));
    }
    return new SequenceDigests(out);
  }
}
