package org.dasgrid.core.cluster;

import org.dasgrid.core.source.ContigSelection;

/**
 * What a node says of one source it holds: whether it serves it, its data version (changes exactly when its
 * files do), and which contigs it holds.
 */
public record ShardStatus(String source, State state, String version, ContigSelection contigs, String reason) {
  public enum State {
    READY,
    LOADING,
    FAILED
  }
}
