package org.dasgrid.core.ga4gh.beacon;

import java.util.Objects;
import org.dasgrid.core.error.ErrorKind;

/**
 * A dataset the client may read that cannot answer now: {@code kind} is {@code UNAVAILABLE} (its load failed)
 * or {@code LOADING}, and {@code reason} the registry's one-line message, naming the file at fault.
 */
public record UnavailableDataset(String id, ErrorKind kind, String reason) {
  public UnavailableDataset {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(reason, "reason");
  }
}
