package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The executable jar as a user runs it: start-up output, the ready line, serving, and config errors. */
class LauncherIT {
  @TempDir Path dir;

  static Path jar() {
    return TestServer.root().resolve("webapp/target/dasgrid.jar");
  }

  static Process launch(String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar().toString()));
    cmd.addAll(List.of(args));
    return new ProcessBuilder(cmd).redirectErrorStream(true).start();
  }

  @Test
  void startsOnTheBundledExamplesAndPrintsTheReadyLine() throws Exception {
    Process p = launch("--port", "0", "--bind", "127.0.0.1");
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
      List<String> lines = new ArrayList<>();
      String line;
      Matcher ready = null;
      while ((line = out.readLine()) != null) {
        lines.add(line);
        Matcher m = Pattern.compile("DasGrid ready on http://127.0.0.1:(\\d+)/das \\((\\d+) sources\\)").matcher(line);
        if (m.find()) {
          ready = m;
          break;
        }
      }
      assertThat(ready).as("output: %s", lines).isNotNull();
      assertThat(ready.group(2)).isEqualTo("3");
      assertThat(lines).anyMatch(l -> l.startsWith("loaded dmel: 49,981 records"));
      assertThat(lines).anyMatch(l -> l.startsWith("loaded ce_ws199: 177 records") && l.contains("with sequence"));
      assertThat(lines).anyMatch(l -> l.startsWith("loaded ceu: "));
      String das = "http://127.0.0.1:" + ready.group(1) + "/das";
      Http.Response r = Http.get(das + "/dmel/features?segment=2L:1,27772");
      assertThat(r.status()).isEqualTo(200);
      assertThat(r.xml().getElementsByTagName("FEATURE").getLength()).isEqualTo(550);
    } finally {
      p.destroy();
      assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }
  }

  @Test
  void configMistakesStopTheStartWithAClearMessage() throws Exception {
    Files.writeString(dir.resolve("bad.yaml"), "sources:\n  - {id: a, format: gff3, path: missing.gff3}\n");
    Process p = launch("--config", dir.resolve("bad.yaml").toString(), "--port", "0");
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isEqualTo(1);
    assertThat(out).contains("config error").contains("sources[0] (a).path: file not found")
        .doesNotContain("Exception").doesNotContain("\tat ");
    Process usage = launch("--port", "http");
    String usageOut = new String(usage.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(usage.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(usage.exitValue()).isEqualTo(2);
    assertThat(usageOut).contains("--port must be a port number").contains("usage:");
  }
}
