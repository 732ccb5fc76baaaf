package org.dasgrid.core.gene;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.dasgrid.core.source.SourceLoadException;

/**
 * A capability of a format's {@link org.dasgrid.core.source.DataSourceProvider}: reading the genes of a file of
 * its format (plain or gzip), for a genotype source's {@code genes:}. The core parses no annotation format
 * itself; the GFF3 and GTF providers (datasources, htsjdk) do.
 */
public interface GeneFileReader {
  /**
   * The genes of the file: GFF3 {@code gene} features, or GTF genes (their {@code gene} lines, or the extent of
   * their other lines when the file has none), in file order.
   *
   * @throws SourceLoadException naming file and line for a malformed record
   */
  List<Gene> readGenes(Path file) throws SourceLoadException, IOException;
}
