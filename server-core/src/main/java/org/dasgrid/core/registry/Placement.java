package org.dasgrid.core.registry;

import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.source.ContigSelection;

/**
 * What this node holds of each source, and what it serves for it. A single node holds every source whole and
 * serves what it loaded; a cluster node loads only its shards and serves them wrapped in a view of the whole
 * source that asks the other nodes for the rest.
 */
public interface Placement {
  Placement SINGLE_NODE = new Placement() {
    @Override
    public ContigSelection held(SourceConfig source) {
      return ContigSelection.ALL;
    }

    @Override
    public LoadedSource publish(LoadedSource loaded) {
      return loaded;
    }
  };

  /** The contigs of {@code source} this node loads. */
  ContigSelection held(SourceConfig source);

  /** What requests see of a source this node has just loaded (its part of it). */
  LoadedSource publish(LoadedSource loaded);
}
