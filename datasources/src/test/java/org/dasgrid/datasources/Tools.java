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

  /** Runs a command and returns its standard output lines; fails if it exits non-zero. */
  public static List<String> run(List<String> command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    byte[] out = p.getInputStream().readAllBytes();
    int rc = p.waitFor();
    if (rc != 0) {
      throw new IOException(String.join(" ", command) + " exited with " + rc);
    }
    String s = new String(out, StandardCharsets.UTF_8);
    return s.isEmpty() ? List.of() : List.of(s.split("\n"));
  }

  /** Runs a command with its standard output written to {@code out}. */
  public static void runTo(List<String> command, Path out) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectOutput(out.toFile())
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    int rc = p.waitFor();
    if (rc != 0) {
      throw new IOException(String.join(" ", command) + " exited with " + rc);
    }
  }
}
