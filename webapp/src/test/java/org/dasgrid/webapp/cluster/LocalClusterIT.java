package org.dasgrid.webapp.cluster;

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
import org.dasgrid.webapp.Http;
import org.dasgrid.webapp.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar dasgrid.jar --local-cluster --config C}, as a user tries a cluster: it starts every node of
 * the config on loopback, says when they are ready, they answer for each other, and when the launcher goes
 * (even killed outright) its nodes go with it.
 */
class LocalClusterIT {
  @TempDir Path dir;

  @Test
  void startsEveryNodeOfTheConfigAndTheyStopWithIt() throws Exception {
    Path examples = TestServer.root().resolve("webapp/src/main/resources/examples/data");
    Files.copy(examples.resolve("ce_ws199.gff"), dir.resolve("ce.gff"));
    int[] http = {NodeProcess.freePort(), NodeProcess.freePort()};
    int[] grpc = {NodeProcess.freePort(), NodeProcess.freePort()};
    Files.writeString(dir.resolve("c.yaml"), String.format("""
        sources:
          - {id: ce, format: gff2, path: ce.gff}
        cluster:
          nodes:
            - {id: a, grpc: "127.0.0.1:%d", http: "http://127.0.0.1:%d"}
            - {id: b, grpc: "127.0.0.1:%d", http: "http://127.0.0.1:%d"}
          shards:
            - {source: ce, contigs: [I, II, III], node: a}
            - {source: ce, contigs: [IV, V, X], node: b}
        """, grpc[0], http[0], grpc[1], http[1]));
    Process launcher = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-jar", TestServer.root().resolve("webapp/target/dasgrid.jar").toString(), "--local-cluster",
        "--config", dir.resolve("c.yaml").toString(), "--jvm-arg", "-Xmx256m").redirectErrorStream(true).start();
    List<Long> nodePids = new ArrayList<>();
    List<String> lines = new ArrayList<>();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(launcher.getInputStream(), StandardCharsets.UTF_8));
      Pattern node = Pattern.compile("^  (a|b)  http://127\\.0\\.0\\.1:(\\d+)/das .* pid (\\d+)$");
      String line;
      while ((line = out.readLine()) != null) {
        lines.add(line);
        Matcher m = node.matcher(line);
        if (m.find()) {
          nodePids.add(Long.parseLong(m.group(3)));
        }
        if (line.startsWith("Ctrl-C stops them all")) {
          break;
        }
      }
      assertThat(nodePids).as("output: %s", lines).hasSize(2);
      assertThat(lines).as("each node sees the other up before the launcher says so").contains("local cluster ready:");
      assertThat(lines).anyMatch(l -> l.startsWith("[a] gRPC sidecar on 127.0.0.1:" + grpc[0]));
      // node a answers for V, which only b holds
      Http.Response r = Http.get("http://127.0.0.1:" + http[0] + "/das/ce/features?segment=V");
      assertThat(r.status()).isEqualTo(200);
      assertThat(r.header("X-DasGrid-Nodes")).isEqualTo("b (V)");
      assertThat(r.xml().getElementsByTagName("FEATURE").getLength()).isPositive();
    } finally {
      launcher.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
    // the nodes notice their launcher is gone and exit by themselves
    for (long pid : nodePids) {
      long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < until) {
        Thread.sleep(200);
      }
      assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("node pid %d", pid).isFalse();
    }
  }
}
