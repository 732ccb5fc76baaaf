package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.dasgrid.webapp.cluster.NodeProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster examples of docs/deployment.md ({@code # needs: cluster} and {@code # needs:
 * cluster-without-n2-n3}) run against the cluster that page describes: its config, taken from the page with
 * the ports changed to free ones, three nodes started as the page says, then n2 and n3 stopped.
 */
class ClusterDocsIT {
  private static final Pattern CONFIG = Pattern.compile(
      "```yaml\\n# /tmp/dasgrid-cluster/cluster\\.yaml[^\\n]*\\n(.*?)```", Pattern.DOTALL);
  @TempDir static Path dir;
  @TempDir static Path home;
  private static final Map<String, NodeProcess> nodes = new LinkedHashMap<>();

  @AfterAll
  static void stop() {
    nodes.values().forEach(NodeProcess::close);
  }

  @Test
  void theDocumentedClusterAnswersAsDocumented() throws Exception {
    Path page = TestServer.root().resolve("docs/deployment.md");
    Matcher m = CONFIG.matcher(Files.readString(page));
    assertThat(m.find()).as("the cluster config in %s", page).isTrue();
    String config = m.group(1);
    Map<String, String> urls = new LinkedHashMap<>();
    Map<String, Integer> httpPorts = new LinkedHashMap<>();
    for (int i = 1; i <= 3; i++) {
      int http = NodeProcess.freePort();
      int grpc = NodeProcess.freePort();
      assertThat(config).contains("localhost:909" + i, "http://localhost:808" + i);
      config = config.replace("localhost:909" + i, "127.0.0.1:" + grpc)
          .replace("http://localhost:808" + i, "http://127.0.0.1:" + http);
      urls.put("http://localhost:808" + i, "http://127.0.0.1:" + http);
      httpPorts.put("n" + i, http);
    }
    // the Kubernetes walkthrough asks a port-forward to the client Service on 8080: any node will do
    urls.put("http://localhost:8080", urls.get("http://localhost:8081"));
    Path data = Files.createDirectories(dir.resolve("data"));
    Path examples = TestServer.root().resolve("webapp/src/main/resources/examples/data");
    for (String f : List.of("ceu_exon.vcf.gz", "dmel-2L.gff3")) {
      Files.copy(examples.resolve(f), data.resolve(f));
    }
    Path yaml = Files.writeString(dir.resolve("cluster.yaml"), config);
    for (var e : httpPorts.entrySet()) {
      nodes.put(e.getKey(), new NodeProcess(e.getKey(), List.of("--config", yaml.toString(), "--node-id",
          e.getKey(), "--port", Integer.toString(e.getValue()), "--bind", "127.0.0.1", "--access-log", "off")).start());
    }
    for (NodeProcess n : nodes.values()) {
      n.awaitReady(180);
    }
    ClusterHealth.awaitAllUp(httpPorts.values().stream().map(p -> "http://127.0.0.1:" + p).toList(),
        nodes.keySet(), 30);
    List<DocsExamplesIT.Example> all = DocsExamplesIT.examples(page);
    List<DocsExamplesIT.Example> whole = all.stream().filter(e -> e.needs().equals("cluster")).toList();
    List<DocsExamplesIT.Example> degraded =
        all.stream().filter(e -> e.needs().equals("cluster-without-n2-n3")).toList();
    assertThat(whole).hasSizeGreaterThanOrEqualTo(4);
    assertThat(degraded).hasSize(3);
    DocsExamplesIT.prepareCurl(home);
    List<String> ran = new ArrayList<>();
    for (DocsExamplesIT.Example ex : whole) {
      DocsExamplesIT.run(ex, rewrite(ex.command(), urls), home);
      ran.add(ex.name());
    }
    nodes.get("n2").kill();
    nodes.get("n3").kill();
    for (DocsExamplesIT.Example ex : degraded) {
      DocsExamplesIT.run(ex, rewrite(ex.command(), urls), home);
      ran.add(ex.name());
    }
    assertThat(ran).hasSize(whole.size() + degraded.size());
  }

  private static String rewrite(String command, Map<String, String> urls) {
    String out = command;
    for (var e : urls.entrySet()) {
      out = out.replace(e.getKey(), e.getValue());
    }
    return out;
  }
}
