package org.dasgrid.core.genotype;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What an index file remembers of the VCF it was built from, to tell at load whether it still describes that
 * file: its size and modification time, and SHA-256 digests (hex) of its header text, of its first record
 * and of its last bytes as stored (the last records, compressed or not: reading them costs no decompression
 * of the whole file). The VCF loader computes it; the engine only stores and compares it.
 */
public record SourceIdentity(long size, long modifiedMillis, String headerSha256, String firstRecordSha256,
    String tailSha256) {

  /** Why {@code actual} is not the file this identity describes, or empty when it is. */
  public Optional<String> difference(SourceIdentity actual) {
    List<String> why = new ArrayList<>();
    if (size != actual.size) {
      why.add("size " + actual.size + " bytes, indexed " + size);
    }
    if (modifiedMillis != actual.modifiedMillis) {
      why.add("modified " + java.time.Instant.ofEpochMilli(actual.modifiedMillis) + ", indexed "
          + java.time.Instant.ofEpochMilli(modifiedMillis));
    }
    if (!headerSha256.equals(actual.headerSha256)) {
      why.add("header differs");
    }
    if (!firstRecordSha256.equals(actual.firstRecordSha256)) {
      why.add("first record differs");
    }
    if (!tailSha256.equals(actual.tailSha256)) {
      why.add("last records differ");
    }
    return why.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", why));
  }
}
