package org.dasgrid.webapp.browsers;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the Debian tools the browser-export tests use as oracles; fails (never skips) when one is missing. */
final class CommandLine {
  private CommandLine() {}

  static void require(String... tools) {
    for (String t : tools) {
      boolean found = false;
      for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
        found |= Files.isExecutable(Path.of(dir, t));
      }
      assertThat(found).as("%s on the PATH (apt-get install tabix bcftools, as .ci/run does)", t).isTrue();
    }
  }

  /**
   * The tool's standard output lines; fails with its error output unless it exits 0 within a minute. Runs in a
   * fresh folder each time: htslib keeps the index of a remote file in the working folder and would otherwise
   * read a stale one after the file changed.
   */
  static List<String> run(String... command) throws IOException, InterruptedException {
    Path err = Files.createTempFile("tool", ".err");
    Path cwd = Files.createTempDirectory("tool");
    try {
      Process p = new ProcessBuilder(command).directory(cwd.toFile()).redirectError(err.toFile()).start();
      byte[] out = p.getInputStream().readAllBytes();
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("%s finished", String.join(" ", command)).isTrue();
      assertThat(p.exitValue()).as("%s: %s", String.join(" ", command), Files.readString(err)).isZero();
      String s = new String(out, StandardCharsets.UTF_8);
      return s.isEmpty() ? List.of() : List.of(s.split("\n"));
    } finally {
      Files.deleteIfExists(err);
      try (var files = Files.list(cwd)) {
        for (Path f : files.toList()) {
          Files.deleteIfExists(f);
        }
      }
      Files.deleteIfExists(cwd);
    }
  }
}
