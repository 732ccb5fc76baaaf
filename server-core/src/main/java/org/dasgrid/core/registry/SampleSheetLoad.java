package org.dasgrid.core.registry;

import java.io.IOException;
import java.util.Optional;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.genotype.cohort.SampleSheet;
import org.dasgrid.core.genotype.cohort.SampleSheetException;
import org.dasgrid.core.genotype.cohort.SampleSheetReader;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.GenotypeSource;
import org.dasgrid.core.source.SourceLoadException;

/**
 * Reads a genotype source's sample sheet ({@code samples:}) as the source loads: a malformed sheet fails the
 * load with file, line and column; samples in the VCF but not the sheet, or the reverse, are logged with
 * counts and the first few names (they stay: a VCF sample without a row has unknown sex and no family, a
 * sheet row without calls is in no answer).
 */
final class SampleSheetLoad {
  private static final System.Logger LOG = System.getLogger(SampleSheetLoad.class.getName());

  private SampleSheetLoad() {}

  static Optional<SampleSheet> read(SourceConfig config, DataSource data) throws SourceLoadException, IOException {
    if (config.samples().isEmpty()) {
      return Optional.empty();
    }
    SampleSheet sheet;
    try {
      sheet = SampleSheetReader.read(config.samples().get());
    } catch (SampleSheetException e) {
      throw new SourceLoadException(e.getMessage());
    }
    Optional<GenotypeSource> genotypes = data.capability(GenotypeSource.class);
    if (genotypes.isPresent()) {
      SampleSheet.Comparison c = sheet.compare(genotypes.get().genotypes().sampleNames());
      LOG.log(c.matches() ? System.Logger.Level.INFO : System.Logger.Level.WARNING,
          "source " + config.id() + ": sample sheet " + c.describe());
    }
    return Optional.of(sheet);
  }
}
