package org.dasgrid.datasources;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Independent command-line tools (bedtools, tabix, bgzip) used as oracles by the tests. */
public final class Tools {
  private Tools() {}

  /** Whether a tool is on the PATH. */
  public static boolean has(String tool) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
      if (Files.isExecutable(Path.of(dir, tool))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Fails, naming what is missing, unless every tool is on the PATH. Tests that use the tools as oracles
   * must not pass by skipping: CI installs them ({@code .ci/run}), and so should a developer.
   */
  public static void require(String... tools) {
    List<String> missing = java.util.Arrays.stream(tools).filter(t -> !has(t)).toList();
    if (!missing.isEmpty()) {
      throw new AssertionError(String.join(", ", missing) + " not on the PATH: this test checks DasGrid against"
          + " these independent tools; install them (Debian: apt-get install bcftools tabix bedtools, as .ci/run"
          + " does)");
    }
  }

  /** Runs a command and returns its standard output lines; fails with its error output if it exits non-zero. */
  public static List<String> run(List<String> command) throws IOException, InterruptedException {
    Path err = Files.createTempFile("tool", ".err");
    try {
      Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
      byte[] out = p.getInputStream().readAllBytes();
      check(command, p.waitFor(), err);
      String s = new String(out, StandardCharsets.UTF_8);
      return s.isEmpty() ? List.of() : List.of(s.split("\n"));
    } finally {
      Files.deleteIfExists(err);
    }
  }

  /** Runs a command with its standard output written to {@code out}. */
  public static void runTo(List<String> command, Path out) throws IOException, InterruptedException {
    Path err = Files.createTempFile("tool", ".err");
    try {
      Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      check(command, p.waitFor(), err);
    } finally {
      Files.deleteIfExists(err);
    }
  }

  private static void check(List<String> command, int rc, Path err) throws IOException {
    if (rc != 0) {
      String text = Files.readString(err, StandardCharsets.UTF_8).strip();
      throw new IOException(String.join(" ", command) + " exited with " + rc
          + (text.isEmpty() ? "" : ": " + (text.length() > 2000 ? text.substring(0, 2000) + "..." : text)));
    }
  }
}
