package org.dasgrid.datasources.spi;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.Interner;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.DataSourceProvider;
import org.dasgrid.core.source.InMemoryFeatureSource;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SourceLoadException;

/**
 * A format that exists only in the tests ({@code format: points}): one point feature per line, {@code
 * reference<TAB>position<TAB>label}. It is the worked example of docs/datasources.md, and it is found by
 * ServiceLoader from src/test/resources/META-INF/services, with no change to the core or the datasources.
 */
public final class PointsProvider implements DataSourceProvider {
  @Override
  public String format() {
    return "points";
  }

  @Override
  public DataSource load(SourceConfig config, LoadMonitor monitor) throws SourceLoadException {
    Path file = config.path();
    Interner pool = new Interner();
    InMemoryFeatureSource.Builder out = InMemoryFeatureSource.builder();
    long lineNo = 0;
    try (BufferedReader r = Files.newBufferedReader(file)) {
      String line;
      while ((line = r.readLine()) != null) {
        lineNo++;
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] cols = line.split("\t");
        if (cols.length != 3) {
          throw SourceLoadException.badRecord(file, lineNo, "expected 3 columns, found " + cols.length);
        }
        int pos;
        try {
          pos = Integer.parseInt(cols[1]);
        } catch (NumberFormatException e) {
          throw SourceLoadException.badRecord(file, lineNo, "position '" + cols[1] + "' is not an integer");
        }
        out.add(Feature.builder(pool.intern(cols[0]), pos, pos)
            .label(cols[2])
            .type(pool.type(config.option("type", "point")))
            .method(pool.method("points")));
        monitor.progress(out.size(), 0);
      }
    } catch (IOException e) {
      throw SourceLoadException.badFile(file, "cannot read: " + e.getMessage());
    }
    return out.build();
  }
}
