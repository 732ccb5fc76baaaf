package org.dasgrid.core.source;

/**
 * Told how a load is going, so long loads can show progress. Loaders call {@link #progress} as often as they
 * like (every few thousand records); implementations decide how often to report.
 */
public interface LoadMonitor {
  LoadMonitor NONE = (records, bytesRead) -> {};

  /**
   * @param records records parsed so far
   * @param bytesRead bytes of the input consumed so far (compressed bytes for compressed input)
   */
  void progress(long records, long bytesRead);
}
