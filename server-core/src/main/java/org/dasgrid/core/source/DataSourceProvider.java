package org.dasgrid.core.source;

import org.dasgrid.core.config.SourceConfig;

/**
 * Service-provider interface of data-source formats. Implementations are found with {@link
 * java.util.ServiceLoader} (listed in {@code META-INF/services/org.dasgrid.core.source.DataSourceProvider})
 * and chosen by the {@code format:} of a configured source, so a new format is a jar on the class path and no
 * change to the core.
 */
public interface DataSourceProvider {
  /** The {@code format:} value this provider loads, e.g. {@code gff3}. */
  String format();

  /**
   * The {@code options:} keys this provider reads, beside those the server reads for every source ({@code
   * ConfigLoader.SERVER_OPTIONS}): any other key in a source of this format is refused at start-up, naming it.
   */
  default java.util.Set<String> optionKeys() {
    return java.util.Set.of();
  }

  /**
   * Loads the source described by {@code config}. Must fail with a {@link SourceLoadException} naming file
   * and line for bad input, never with a stack trace for the user to read.
   */
  DataSource load(SourceConfig config, LoadMonitor monitor) throws SourceLoadException;

  /**
   * Loads a source of which this node holds only some contigs (a cluster shards sources by contig). A
   * provider that can should keep only the records on {@code contigs}, to save memory, while still listing
   * every reference of the file in {@link DataSource#entryPoints()} with its full length, in the file's
   * order, so that every node agrees on the references and their order. The node only ever asks the source
   * about selected contigs. By default everything is loaded, which is always correct.
   */
  default DataSource load(SourceConfig config, ContigSelection contigs, LoadMonitor monitor)
      throws SourceLoadException {
    return load(config, monitor);
  }
}
