package org.dasgrid.core.registry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.gene.Gene;
import org.dasgrid.core.gene.GeneFileReader;
import org.dasgrid.core.gene.GeneIndex;
import org.dasgrid.core.gene.GeneLookup;
import org.dasgrid.core.source.DataSourceProvider;
import org.dasgrid.core.source.DataSourceProviders;
import org.dasgrid.core.source.SourceLoadException;

/**
 * Reads a genotype source's gene annotation ({@code genes:}) as the source loads, through the provider of its
 * format ({@code .gtf}/{@code .gtf.gz}: GTF, anything else GFF3), which must be a {@link GeneFileReader}. A
 * missing or malformed file does not fail the load: the source serves, its gene lookup is {@link
 * GeneLookup.Unavailable} with the reason (file and line), and gene queries answer that reason.
 */
final class GeneLoad {
  private static final System.Logger LOG = System.getLogger(GeneLoad.class.getName());

  private GeneLoad() {}

  static GeneLookup read(SourceConfig config, DataSourceProviders providers) {
    if (config.genes().isEmpty()) {
      return GeneLookup.NONE;
    }
    Path file = config.genes().get();
    try {
      List<Gene> genes = reader(file, providers).readGenes(file);
      LOG.log(System.Logger.Level.INFO, "source " + config.id() + ": " + genes.size() + " genes from "
          + file.getFileName());
      return new GeneLookup.Ready(GeneIndex.of(genes), file.getFileName().toString());
    } catch (SourceLoadException e) {
      return unavailable(config, e.getMessage());
    } catch (IOException | RuntimeException e) {
      return unavailable(config, file.getFileName() + ": " + SourceLoader.oneLine(e));
    }
  }

  private static GeneLookup unavailable(SourceConfig config, String reason) {
    LOG.log(System.Logger.Level.WARNING, "source " + config.id() + ": gene queries unavailable: " + reason);
    return new GeneLookup.Unavailable(reason);
  }

  private static GeneFileReader reader(Path file, DataSourceProviders providers) throws SourceLoadException {
    if (!Files.isRegularFile(file)) {
      throw SourceLoadException.badFile(file, "file not found");
    }
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    String format = name.endsWith(".gtf") || name.endsWith(".gtf.gz") ? "gtf" : "gff3";
    DataSourceProvider p = providers.forFormat(format).orElseThrow(() ->
        SourceLoadException.badFile(file, "no provider for format " + format + " to read genes with"));
    if (!(p instanceof GeneFileReader r)) {
      throw SourceLoadException.badFile(file, "the " + format + " provider does not read genes");
    }
    return r;
  }
}
