package org.dasgrid.datasources.bed;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.Interner;
import org.dasgrid.core.source.ContigSelection;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.InMemoryFeatureSource;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.io.MalformedRecord;
import org.dasgrid.datasources.io.TextInput;
import org.dasgrid.datasources.provider.ContigSelectingProvider;

/**
 * BED ({@code format: bed}): UCSC BED 3 to 12, plain or gzipped, loaded into memory (see {@link BedRecords}
 * for how lines become features and {@link BedOptions} for the {@code options:} it reads).
 */
public final class BedProvider extends ContigSelectingProvider {
  private static final int PROGRESS_EVERY = 4096;

  public BedProvider() {
    super("bed");
  }

  /** {@code options:} the DAS types of the features and of their blocks, and their method ({@link BedOptions}). */
  @Override
  public java.util.Set<String> optionKeys() {
    return java.util.Set.of("type", "blockType", "method");
  }

  @Override
  public DataSource load(SourceConfig config, ContigSelection contigs, LoadMonitor monitor)
      throws SourceLoadException {
    Path file = config.path();
    InMemoryFeatureSource.Builder out = InMemoryFeatureSource.builder().keepOnly(contigs);
    BedRecords records = new BedRecords(BedOptions.of(config), new Interner());
    long lineNo = 0;
    try (TextInput input = TextInput.open(file)) {
      BufferedReader r = input.reader();
      String line;
      long n = 0;
      while ((line = r.readLine()) != null) {
        lineNo++;
        if (!BedRecords.isData(line)) {
          continue;
        }
        try {
          for (Feature f : records.decode(line)) {
            out.add(f);
          }
        } catch (MalformedRecord | IllegalArgumentException e) {
          input.checkComplete(lineNo);
          throw SourceLoadException.badRecord(file, lineNo, e.getMessage());
        }
        if (++n % PROGRESS_EVERY == 0) {
          monitor.progress(n, input.bytesRead());
        }
      }
      input.checkComplete(lineNo);
      monitor.progress(n, input.bytesRead());
      out.bytesRead(input.bytesRead());
    } catch (IOException e) {
      throw SourceLoadException.badRecord(file, lineNo + 1, TextInput.describe(e));
    }
    return new BedSource(out.build(), records.typeColours());
  }
}
