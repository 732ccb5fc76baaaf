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
   * Loads the source described by {@code config}. Must fail with a {@link SourceLoadException} naming file
   * and line for bad input, never with a stack trace for the user to read.
   */
  DataSource load(SourceConfig config, LoadMonitor monitor) throws SourceLoadException;
}
