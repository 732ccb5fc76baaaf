package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The config file is the one place DasGrid is configured: no main code of any module reads a system property
 * (or {@code Boolean.getBoolean}, {@code Integer.getInteger}, {@code Long.getLong}, an environment variable)
 * but the JVM's own facts and the WAR's {@code dasgrid.config} (contract section 1: where the config is).
 */
class SystemPropertiesTest {
  /** The JVM's facts about itself and the machine: not settings of DasGrid. */
  private static final Set<String> JVM_FACTS =
      Set.of("java.io.tmpdir", "java.home", "java.class.path", "java.version", "os.name", "os.arch");
  private static final Pattern READ = Pattern.compile("System\\.getProperty\\(([^,)]+)|System\\.getenv\\("
      + "|Boolean\\.getBoolean\\(|Integer\\.getInteger\\(|Long\\.getLong\\(");

  @Test
  void mainCodeReadsNoSystemPropertyButTheJvmsFactsAndTheWarsConfigPath() throws IOException {
    List<String> found = new ArrayList<>();
    for (String module : List.of("server-core", "datasources", "proto", "webapp", "perf")) {
      try (Stream<Path> files = Files.walk(TestServer.root().resolve(module).resolve("src/main/java"))) {
        for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
          Matcher m = READ.matcher(Files.readString(f));
          while (m.find()) {
            String key = m.group(1) == null ? null : m.group(1).trim();
            boolean fact = key != null && key.startsWith("\"") && JVM_FACTS.contains(key.replace("\"", ""));
            boolean configPath = "CONFIG_PARAMETER".equals(key) && f.endsWith("DasGridListener.java");
            if (!fact && !configPath) {
              found.add(TestServer.root().relativize(f) + ": " + m.group());
            }
          }
        }
      }
    }
    assertThat(found).as("reads of system properties or the environment as settings").isEmpty();
  }
}
