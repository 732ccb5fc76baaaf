package org.dasgrid.core.registry;

/**
 * Told about source loads, for start-up output, logs and metrics. Progress calls are already throttled to
 * at most one every few seconds per source.
 */
public interface LoadListener {
  LoadListener NONE = new LoadListener() {};

  default void progress(String sourceId, SourceState.Progress progress) {}

  default void loaded(LoadedSource source, boolean reload) {}

  /** How far the checksums of a source's sequences have got (reported for long ones only). */
  default void digesting(String sourceId, long basesDone, long totalBases, long startedNanos) {}

  default void failed(String sourceId, String reason, boolean reload) {}
}
