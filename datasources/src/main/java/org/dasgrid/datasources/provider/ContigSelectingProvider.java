package org.dasgrid.datasources.provider;

import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.source.ContigSelection;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.DataSourceProvider;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SourceLoadException;

/**
 * What the providers of the in-memory formats (BED, GFF2, GTF, GFF3, VCF) share: a format name, and a loader
 * that keeps only the contigs a cluster node holds, so that loading the whole file is loading the selection
 * of every contig.
 */
public abstract class ContigSelectingProvider implements DataSourceProvider {
  private final String format;

  protected ContigSelectingProvider(String format) {
    this.format = format;
  }

  @Override
  public final String format() {
    return format;
  }

  @Override
  public final DataSource load(SourceConfig config, LoadMonitor monitor) throws SourceLoadException {
    return load(config, ContigSelection.ALL, monitor);
  }

  /** Keeps the records on {@code contigs} only, listing every reference of the file (see the interface). */
  @Override
  public abstract DataSource load(SourceConfig config, ContigSelection contigs, LoadMonitor monitor)
      throws SourceLoadException;
}
