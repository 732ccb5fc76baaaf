package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files replaced under a stream of requests: through {@code POST /admin/reload/{source}} (10 times) and
 * through the file watcher. No request fails, and every answer comes whole from one version: all its
 * features carry the same generation and there are exactly as many as that generation has.
 */
class ReloadUnderLoadIT {
  private static final Pattern GENERATION = Pattern.compile("<NOTE>gen=(\\d+)</NOTE>");
  private static final Pattern VERSION = Pattern.compile("version=\"([0-9a-f]+)\"");
  private static final int CLIENTS = 4;

  @TempDir Path dir;
  private EmbeddedServer server;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void adminReloadTenTimesUnderLoad() throws Exception {
    Path gff = dir.resolve("live.gff3");
    replace(gff, generation(0));
    start("""
        sources:
          - id: live
            format: gff3
            path: live.gff3
        """);
    Load load = new Load("/das/live/features?segment=ctg1:1,1000000");
    load.start();
    Set<String> versions = new java.util.HashSet<>();
    for (int g = 1; g <= 10; g++) {
      replace(gff, generation(g));
      HttpResponse<String> r = post("/admin/reload/live");
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      assertThat(r.body()).contains("\"status\":\"reloaded\"");
      Matcher v = Pattern.compile("\"version\":\"([0-9a-f]+)\"").matcher(r.body());
      assertThat(v.find()).isTrue();
      versions.add(v.group(1));
      load.awaitGeneration(g);
    }
    load.stop();
    assertThat(versions).hasSize(10);
    load.assertClean();
    assertThat(load.generationsSeen()).hasSizeGreaterThanOrEqualTo(8);
  }

  @Test
  void tabixFileReplacedTenTimesUnderLoad() throws Exception {
    // fails rather than skips: CI installs the tools (.ci/run), and a skipped test proves nothing
    assertThat(hasTools("bgzip", "tabix")).as("bgzip and tabix on the PATH (Debian: apt-get install tabix)")
        .isTrue();
    Path gz = dir.resolve("live.gff3.gz");
    replaceIndexed(gz, generation(0));
    start("""
        sources:
          - id: live
            format: tabix
            path: live.gff3.gz
        """);
    Load load = new Load("/das/live/features?segment=ctg1:1,1000000");
    load.start();
    for (int g = 1; g <= 10; g++) {
      replaceIndexed(gz, generation(g));
      HttpResponse<String> r = post("/admin/reload/live");
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      load.awaitGeneration(g);
    }
    load.stop();
    load.assertClean();
  }

  /** bgzips and indexes a new copy, then renames data and index over the old ones (data first). */
  private static void replaceIndexed(Path gz, String content) throws Exception {
    Path plain = Files.writeString(gz.resolveSibling("next.gff3"), content);
    Path next = gz.resolveSibling("next.gff3.gz");
    run("sh", "-c", "bgzip -c '" + plain + "' > '" + next + "' && tabix -f -p gff '" + next + "'");
    Files.move(next, gz, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    Files.move(next.resolveSibling("next.gff3.gz.tbi"), gz.resolveSibling(gz.getFileName() + ".tbi"),
        StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  private static void run(String... command) throws Exception {
    Process p = new ProcessBuilder(command).inheritIO().start();
    assertThat(p.waitFor()).as(String.join(" ", command)).isZero();
  }

  private static boolean hasTools(String... tools) {
    for (String tool : tools) {
      boolean found = false;
      for (String d : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
        found |= Files.isExecutable(Path.of(d, tool));
      }
      if (!found) {
        return false;
      }
    }
    return true;
  }

  @Test
  void watchedFileReloadsByItselfUnderLoad() throws Exception {
    Path gff = dir.resolve("watched.gff3");
    replace(gff, generation(0));
    start("""
        sources:
          - id: watched
            format: gff3
            path: watched.gff3
            options: {watch: 0.2}
        """);
    Load load = new Load("/das/watched/features?segment=ctg1:1,1000000");
    load.start();
    for (int g = 1; g <= 3; g++) {
      Thread.sleep(1100); // a new modification time even on file systems with 1 s resolution
      replace(gff, generation(g));
      load.awaitGeneration(g);
    }
    load.stop();
    load.assertClean();
  }

  @Test
  void failedReloadKeepsTheOldVersionAndSaysWhy() throws Exception {
    Path gff = dir.resolve("live.gff3");
    replace(gff, generation(0));
    start("""
        sources:
          - id: live
            format: gff3
            path: live.gff3
        """);
    replace(gff, "##gff-version 3\nctg1\tgen\tgene\t10\t5\t.\t+\t.\tID=broken\n");
    HttpResponse<String> r = post("/admin/reload/live");
    assertThat(r.statusCode()).isEqualTo(422);
    String message = new com.fasterxml.jackson.databind.ObjectMapper().readTree(r.body()).at("/error/message").asText();
    assertThat(message).contains("live.gff3:2: end 5 < start 10").contains("keeps serving");
    HttpResponse<String> f = get("/das/live/features?segment=ctg1:1,1000000");
    assertThat(f.statusCode()).isEqualTo(200);
    assertThat(f.body()).contains("<NOTE>gen=0</NOTE>");
    assertThat(post("/admin/reload/nope").statusCode()).isEqualTo(404);
    assertThat(get("/admin/reload/live").statusCode()).isEqualTo(401); // no admin token
    assertThat(http.send(HttpRequest.newBuilder(URI.create(server.localUrl() + "/admin/reload/live"))
        .header("Authorization", "Bearer " + ADMIN_TOKEN).build(), HttpResponse.BodyHandlers.ofString())
        .statusCode()).isEqualTo(405);
  }

  /** A GFF3 whose features all say their generation; generation g has 100 + 7g of them. */
  static String generation(int g) {
    StringBuilder sb = new StringBuilder("##gff-version 3\n##sequence-region ctg1 1 1000000\n");
    for (int i = 0; i < 100 + 7 * g; i++) {
      int start = 1 + i * 997;
      sb.append("ctg1\tgen\tgene\t").append(start).append('\t').append(start + 500)
          .append("\t.\t+\t.\tID=g").append(i).append(";gen=").append(g).append('\n');
    }
    return sb.toString();
  }

  /** Writes a complete copy beside the file and renames it over, as deployments should. */
  private static void replace(Path file, String content) throws IOException {
    Path tmp = Files.writeString(file.resolveSibling(file.getFileName() + ".tmp"), content);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /** The admin token of these tests; the config stores only its digest. */
  private static final String ADMIN_TOKEN = "reload-test-admin";

  private void start(String yaml) throws IOException {
    // the rate limit off: the load here is as fast as the machine answers (7,000 requests a second seen on a
    // 2-core machine, past the default 120,000 a minute after its burst), and what is tested is reloading
    String withAdmin = "server:\n  adminTokens: [\"" + org.dasgrid.core.access.Tokens.hash(ADMIN_TOKEN) + "\"]\n"
        + "  rateLimit: {enabled: false}\n" + yaml;
    Path config = Files.writeString(dir.resolve("dasgrid.yaml"), withAdmin);
    server = EmbeddedServer.start(ServerOptions.defaults().withConfig(config).withPort(0).withBind("127.0.0.1").withWarmupSeconds(0),
        new PrintStream(PrintStream.nullOutputStream()));
    assertThat(server.awaitLoaded(60, TimeUnit.SECONDS)).isTrue();
  }

  private HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return http.send(HttpRequest.newBuilder(URI.create(server.localUrl() + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> post(String path) throws IOException, InterruptedException {
    return http.send(HttpRequest.newBuilder(URI.create(server.localUrl() + path))
        .header("Authorization", "Bearer " + ADMIN_TOKEN)
        .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
  }

  /** Clients asking for the same features over and over, checking every answer. */
  private final class Load {
    private final String path;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final List<Thread> threads = new ArrayList<>();
    private final List<String> problems = new CopyOnWriteArrayList<>();
    private final Map<Integer, String> versionOfGeneration = new ConcurrentHashMap<>();
    private final AtomicLong requests = new AtomicLong();
    private volatile int latest = -1;

    Load(String path) {
      this.path = path;
    }

    void start() {
      for (int i = 0; i < CLIENTS; i++) {
        Thread t = new Thread(this::run, "client-" + i);
        threads.add(t);
        t.start();
      }
    }

    private void run() {
      while (running.get()) {
        try {
          HttpResponse<String> r = get(path);
          requests.incrementAndGet();
          if (r.statusCode() != 200) {
            problems.add("HTTP " + r.statusCode() + ": " + r.body());
            continue;
          }
          check(r.body());
        } catch (IOException | RuntimeException e) {
          problems.add(e.toString());
        } catch (InterruptedException e) {
          return;
        }
      }
    }

    private void check(String body) {
      Matcher m = GENERATION.matcher(body);
      Set<Integer> gens = new java.util.HashSet<>();
      int count = 0;
      while (m.find()) {
        gens.add(Integer.parseInt(m.group(1)));
        count++;
      }
      if (gens.size() != 1) {
        problems.add("mixed generations " + gens);
        return;
      }
      int g = gens.iterator().next();
      if (count != 100 + 7 * g) {
        problems.add("generation " + g + " with " + count + " features");
      }
      Matcher v = VERSION.matcher(body);
      if (v.find()) {
        String previous = versionOfGeneration.putIfAbsent(g, v.group(1));
        if (previous != null && !previous.equals(v.group(1))) {
          problems.add("generation " + g + " under two versions");
        }
      }
      latest = Math.max(latest, g);
    }

    void awaitGeneration(int g) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (latest < g && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertThat(latest).as("generation reached").isGreaterThanOrEqualTo(g);
    }

    void stop() throws InterruptedException {
      running.set(false);
      for (Thread t : threads) {
        t.join(10_000);
      }
    }

    Set<Integer> generationsSeen() {
      return versionOfGeneration.keySet();
    }

    void assertClean() {
      assertThat(requests.get()).isGreaterThan(50);
      assertThat(problems).as("failed or inconsistent answers out of " + requests.get()).isEmpty();
    }
  }
}
