package org.dasgrid.core.registry;

import java.time.Instant;

/** Where a configured source is in its life: loading, serving, or failed. */
public sealed interface SourceState {

  /** First load under way; nothing to serve yet. */
  record Loading(Progress progress) implements SourceState {}

  /** Serving {@code source}. */
  record Ready(LoadedSource source) implements SourceState {}

  /** The first load failed; {@code reason} is one line naming file and line. */
  record Failed(String reason, Instant at) implements SourceState {}

  /** How far a load has got. {@code totalBytes} is -1 when unknown. */
  record Progress(long records, long bytesRead, long totalBytes, long startedNanos) {
    public double fraction() {
      return totalBytes > 0 ? Math.min(1.0, (double) bytesRead / totalBytes) : Double.NaN;
    }
  }
}
