package org.dasgrid.core.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.dasgrid.core.config.ConfigException;
import org.dasgrid.core.config.ConfigLoader;

/**
 * Fuzzes the YAML config loader: whatever the file holds, the server either starts or stops with a {@link
 * ConfigException} naming the file and key, never another exception. To fuzz for real:
 * {@code JAZZER_FUZZ=1 ./mvnw test -pl server-core -Dtest=ConfigFuzzTest}.
 */
class ConfigFuzzTest {
  private static final Path DIR = dir();

  private static Path dir() {
    try {
      Path d = Files.createTempDirectory("dasgrid-config-fuzz");
      Files.writeString(d.resolve("a.gff3"), "##gff-version 3\n");
      return d;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @FuzzTest(maxDuration = "60s")
  void config(FuzzedDataProvider data) throws IOException {
    Path file = DIR.resolve("dasgrid.yaml");
    Files.write(file, data.consumeRemainingAsBytes());
    try {
      new ConfigLoader(Set.of("gff3", "vcf")).load(file);
    } catch (ConfigException expected) {
      // a clear start-up error
    }
  }
}
