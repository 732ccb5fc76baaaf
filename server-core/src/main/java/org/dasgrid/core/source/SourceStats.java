package org.dasgrid.core.source;

/**
 * Size figures of a loaded source.
 *
 * @param records features (or variants) held
 * @param bytesRead bytes of input read while loading
 * @param heapBytes estimated heap held by the loaded data, or -1 when not estimated
 */
public record SourceStats(long records, long bytesRead, long heapBytes) {
  public static final SourceStats EMPTY = new SourceStats(0, 0, -1);
}
