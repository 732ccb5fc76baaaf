package org.dasgrid.core.registry;

/**
 * Told about source loads, for start-up output, logs and metrics. Progress calls are already throttled to
 * at most one every few seconds per source.
 */
public interface LoadListener {
  LoadListener NONE = new LoadListener() {};

  default void progress(String sourceId, SourceState.Progress progress) {}

  default void loaded(LoadedSource source, boolean reload) {}

  default void failed(String sourceId, String reason, boolean reload) {}
}
