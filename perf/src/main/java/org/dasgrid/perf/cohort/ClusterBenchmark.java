package org.dasgrid.perf.cohort;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The cluster benchmark: the same genotype and feature queries on 1, 2 and 4 local nodes (separate JVMs on
 * loopback, the cohort's contigs split between them; FlyBase 2L held by the last node) and on a single node
 * without a cluster, measuring at concurrency 1 the fan-out overhead (p50 of {@code elapsed_ms -
 * elapsed_db_ms} that the server reports, and the client's round trip), at concurrency 10 the throughput,
 * and each node's heap after a full GC. Prints Markdown tables. Not a test: nothing is asserted. With {@code
 * --index FILE.dgi} (the cohort's genotype index, {@code dasgrid.jar index}) every node serves the cohort from
 * it ({@code genotypeIndex:}), opening only its shards' contigs, instead of loading the VCF into its heap.
 *
 * <pre>
 * perf/run-cluster-benchmark.sh [SAMPLES] [VARIANTS] [--nodes 1,2,4] [--iterations 300] [--seconds 10]
 *     [--vcf COHORT.vcf.gz --index COHORT.dgi --node-heap 512m]
 * </pre>
 */
public final class ClusterBenchmark {
  /** The jar the nodes run: the one the build made (the script runs from the repository's root). */
  private static final Path JAR = Path.of("webapp/target/dasgrid.jar").toAbsolutePath();
  private static final Pattern TIMINGS =
      Pattern.compile("\"elapsed_db_ms\":([0-9.Ee-]+),\"elapsed_ms\":([0-9.Ee-]+)");

  private final Path vcf;
  /** The cohort's genotype index the nodes serve from, or null to load the VCF. */
  private final Path index;
  private final Path gff;
  private final Path work;
  private final List<Integer> nodeCounts;
  private final int iterations;
  private final int seconds;
  private final String heap;
  private final int warmupSeconds;
  private final PrintStream out;

  /** One query: a name, its URL path, and whether it is a genotype query (whose body reports timings). */
  record Shape(String name, String path, boolean genotype) {}

  ClusterBenchmark(Path vcf, Path index, Path gff, Path work, List<Integer> nodeCounts, int iterations,
      int seconds, String heap, int warmupSeconds, PrintStream out) {
    this.warmupSeconds = warmupSeconds;
    this.vcf = vcf;
    this.index = index;
    this.gff = gff;
    this.work = work;
    this.nodeCounts = nodeCounts;
    this.iterations = iterations;
    this.seconds = seconds;
    this.heap = heap;
    this.out = out;
  }

  public static void main(String[] args) throws Exception {
    Path vcf = null;
    Path index = null;
    Path gff = null;
    Path work = Path.of("perf/results/cluster");
    List<Integer> nodes = List.of(1, 2, 4);
    int iterations = 300;
    int seconds = 10;
    String heap = "3g";
    int warmup = 30;
    for (int i = 0; i < args.length; i += 2) {
      String v = args[i + 1];
      switch (args[i]) {
        case "--vcf" -> vcf = Path.of(v);
        case "--index" -> index = Path.of(v);
        case "--gff" -> gff = Path.of(v);
        case "--work" -> work = Path.of(v);
        case "--nodes" -> nodes = Arrays.stream(v.split(",")).map(Integer::parseInt).toList();
        case "--iterations" -> iterations = Integer.parseInt(v);
        case "--seconds" -> seconds = Integer.parseInt(v);
        case "--node-heap" -> heap = v;
        case "--warmup-seconds" -> warmup = Integer.parseInt(v);
        default -> throw new IllegalArgumentException("unknown argument " + args[i]);
      }
    }
    if (vcf == null || gff == null) {
      throw new IllegalArgumentException("usage: ClusterBenchmark --vcf COHORT.vcf.gz --gff dmel.gff3 "
          + "[--nodes 1,2,4] [--iterations N] [--seconds S] [--warmup-seconds 30] [--node-heap 3g] [--work DIR] "
          + "[--index COHORT.dgi]");
    }
    new ClusterBenchmark(vcf.toAbsolutePath(), index == null ? null : index.toAbsolutePath(), gff.toAbsolutePath(),
        work.toAbsolutePath(), nodes, iterations, seconds, heap, warmup, System.out).run();
  }

  static List<Shape> shapes() {
    String tp53 = Grch38.TP53.contig() + ":" + Grch38.TP53.start() + "," + Grch38.TP53.end();
    String brca2 = Grch38.BRCA2.contig() + ":" + Grch38.BRCA2.start() + "," + Grch38.BRCA2.end();
    String g = "/genotypes/cohort/";
    return List.of(
        new Shape("TP53 het, limit 100", g + "variants?segment=" + tp53 + "&zygosity=het&limit=100", true),
        new Shape("BRCA2 hom, limit 100", g + "variants?segment=" + brca2 + "&zygosity=hom&limit=100", true),
        new Shape("TP53 + BRCA2 het, limit 100", g + "variants?segment=" + tp53 + "&segment=" + brca2
            + "&zygosity=het&limit=100", true),
        new Shape("samples any in TP53 + BRCA2", g + "samples?segment=" + tp53 + "&segment=" + brca2
            + "&zygosity=any", true),
        new Shape("count any in TP53 + BRCA2", g + "count?segment=" + tp53 + "&segment=" + brca2
            + "&zygosity=any", true),
        new Shape("DAS features 2L:2501,2550 (small)", "/das/dmel/features?segment=2L:2501,2550", false),
        new Shape("DAS features 2L:1,27772 (medium)", "/das/dmel/features?segment=2L:1,27772", false));
  }

  /**
   * Nodes and their shards: the cohort's contigs dealt out over the nodes, except that TP53's chr17 goes to the
   * last node and BRCA2's chr13 to the second, so that with several nodes the node asked (n1) holds neither
   * and every genotype shape below is a fan-out (to one node with 2, to two with 4).
   */
  String config(int nodes, int[] http, int[] grpc) {
    StringBuilder c = new StringBuilder("server: {rateLimit: {enabled: false}}\nsources:\n")
        .append("  - {id: cohort, format: vcf, path: \"").append(vcf).append("\", genotypes: true")
        .append(index == null ? "" : ", genotypeIndex: \"" + index + "\"").append("}\n")
        .append("  - {id: dmel, format: gff3, path: \"").append(gff).append("\"}\n");
    if (nodes == 0) {
      return c.toString();
    }
    c.append("cluster:\n  nodes:\n");
    for (int i = 0; i < nodes; i++) {
      c.append("    - {id: n").append(i + 1).append(", grpc: \"127.0.0.1:").append(grpc[i])
          .append("\", http: \"http://127.0.0.1:").append(http[i]).append("\"}\n");
    }
    c.append("  shards:\n");
    List<List<String>> byNode = new ArrayList<>();
    for (int i = 0; i < nodes; i++) {
      byNode.add(new ArrayList<>());
    }
    List<Grch38.Contig> contigs = Grch38.CONTIGS;
    for (int i = 0; i < contigs.size(); i++) {
      String name = contigs.get(i).name();
      int node = name.equals("chr17") ? nodes - 1 : name.equals("chr13") ? Math.min(1, nodes - 1) : i % nodes;
      byNode.get(node).add("\"" + name + "\"");
    }
    for (int i = 0; i < nodes; i++) {
      c.append("    - {source: cohort, contigs: [").append(String.join(", ", byNode.get(i))).append("], node: n")
          .append(i + 1).append("}\n");
    }
    c.append("    - {source: dmel, node: n").append(nodes).append("}\n");
    return c.toString();
  }

  void run() throws Exception {
    Files.createDirectories(work);
    out.printf(Locale.ROOT, "Cluster benchmark: %s%s, %d s warm-up, %d iterations per shape at concurrency 1, %d s "
        + "at concurrency 10, node heap %s; %s%n%n", vcf.getFileName(),
        index == null ? " (in each node's heap)" : " served from its index " + index, warmupSeconds, iterations, seconds, heap,
        Instant.now());
    List<String> latency = new ArrayList<>();
    List<String> throughput = new ArrayList<>();
    List<String> heaps = new ArrayList<>();
    List<Integer> layouts = new ArrayList<>(List.of(0));
    layouts.addAll(nodeCounts);
    for (int n : layouts) {
      String label = n == 0 ? "single node" : n + (n == 1 ? " node" : " nodes");
      int count = Math.max(1, n);
      int[] http = new int[count];
      int[] grpc = new int[count];
      for (int i = 0; i < count; i++) {
        http[i] = freePort();
        grpc[i] = freePort();
      }
      Path config = Files.writeString(work.resolve("cluster-" + n + ".yaml"), config(n, http, grpc));
      List<Node> started = new ArrayList<>();
      try {
        for (int i = 0; i < count; i++) {
          started.add(Node.start(i + 1, config, n == 0 ? null : "n" + (i + 1), http[i], heap));
        }
        for (Node node : started) {
          node.awaitReady();
        }
        String host = "127.0.0.1";
        try (KeepAliveClient client = new KeepAliveClient(host, http[0])) {
          // the JIT of every JVM on the path (client stubs, sidecars, merging) warms over thousands of calls:
          // a few hundred left the fan-out path half interpreted and several times slower
          long warmUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(warmupSeconds);
          while (System.nanoTime() < warmUntil) {
            for (Shape s : shapes()) {
              check(client.get(s.path(), "*/*"), s);
            }
          }
          for (Shape s : shapes()) {
            latency.add(measure(client, s, label));
          }
        }
        throughput.add(label + " | " + throughput(http));
        for (Node node : started) {
          heaps.add(label + " | " + node.name() + " | " + node.heapAfterGc(http[node.index() - 1]));
        }
      } finally {
        started.forEach(Node::close);
      }
    }
    out.println("| layout | shape | p50 elapsed_ms | p50 elapsed_db_ms | p50 fan-out overhead (elapsed − db) ms"
        + " | p99 overhead ms | p50 client round trip ms |");
    out.println("|---|---|---:|---:|---:|---:|---:|");
    latency.forEach(out::println);
    out.println();
    out.println("| layout | requests/s at concurrency 10 (all shapes, round robin over the nodes) | failed |");
    out.println("|---|---:|---:|");
    throughput.forEach(out::println);
    out.println();
    out.println("| layout | node | heap used after full GC | sources held |");
    out.println("|---|---|---:|---|");
    heaps.forEach(out::println);
  }

  private static void check(KeepAliveClient.Response r, Shape s) {
    if (r.status() != 200) {
      throw new IllegalStateException(s.name() + ": HTTP " + r.status() + " "
          + new String(r.body(), StandardCharsets.UTF_8));
    }
  }

  private String measure(KeepAliveClient client, Shape s, String label) throws IOException {
    double[] elapsed = new double[iterations];
    double[] db = new double[iterations];
    double[] overhead = new double[iterations];
    double[] rtt = new double[iterations];
    for (int i = 0; i < iterations; i++) {
      long t = System.nanoTime();
      KeepAliveClient.Response r = client.get(s.path(), "*/*");
      rtt[i] = (System.nanoTime() - t) / 1e6;
      check(r, s);
      if (s.genotype()) {
        String body = new String(r.body(), StandardCharsets.UTF_8);
        Matcher m = TIMINGS.matcher(body);
        if (!m.find()) {
          throw new IllegalStateException("no timings in " + s.name());
        }
        db[i] = Double.parseDouble(m.group(1));
        elapsed[i] = Double.parseDouble(m.group(2));
        overhead[i] = elapsed[i] - db[i];
      }
    }
    if (!s.genotype()) {
      return String.format(Locale.ROOT, "%s | %s | - | - | - | - | %.3f", label, s.name(), p(rtt, 50));
    }
    return String.format(Locale.ROOT, "%s | %s | %.3f | %.3f | %.3f | %.3f | %.3f", label, s.name(),
        p(elapsed, 50), p(db, 50), p(overhead, 50), p(overhead, 99), p(rtt, 50));
  }

  private String throughput(int[] ports) throws Exception {
    List<Shape> shapes = shapes();
    AtomicLong done = new AtomicLong();
    AtomicLong failed = new AtomicLong();
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 10; t++) {
      int port = ports[t % ports.length];
      int first = t;
      Thread th = new Thread(() -> {
        try (KeepAliveClient c = new KeepAliveClient("127.0.0.1", port)) {
          for (int i = first; System.nanoTime() < until; i++) {
            Shape s = shapes.get(i % shapes.size());
            if (c.get(s.path(), "*/*").status() == 200) {
              done.incrementAndGet();
            } else {
              failed.incrementAndGet();
            }
          }
        } catch (IOException e) {
          failed.incrementAndGet();
        }
      });
      threads.add(th);
      th.start();
    }
    for (Thread th : threads) {
      th.join();
    }
    return String.format(Locale.ROOT, "%.0f | %d", done.get() / (double) seconds, failed.get());
  }

  static double p(double[] values, int percentile) {
    double[] v = values.clone();
    Arrays.sort(v);
    int i = (int) Math.ceil(percentile / 100.0 * v.length) - 1;
    return v[Math.max(0, Math.min(v.length - 1, i))];
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  /** A DasGrid node JVM. */
  private record Node(int index, String name, Process process, CountDownLatch ready, StringBuffer log)
      implements AutoCloseable {
    static Node start(int index, Path config, String nodeId, int port, String heap) throws IOException {
      // the jar users run (not this benchmark's class path, which carries Gatling's logging)
      List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-Xmx" + heap, "-jar", JAR.toString(),
          "--config", config.toString(), "--port", Integer.toString(port), "--bind", "127.0.0.1",
          "--access-log", "off"));
      if (nodeId != null) {
        cmd.addAll(List.of("--node-id", nodeId));
      }
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      CountDownLatch ready = new CountDownLatch(1);
      StringBuffer log = new StringBuffer();
      String name = nodeId == null ? "single" : nodeId;
      Thread t = new Thread(() -> {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
          String line;
          while ((line = r.readLine()) != null) {
            log.append(line).append('\n');
            if (line.startsWith("DasGrid ready on ")) {
              ready.countDown();
            }
            if (line.startsWith("loaded ") || line.startsWith("FAILED")) {
              System.err.println("  [" + name + "] " + line);
            }
          }
        } catch (IOException e) {
          // ended
        }
      });
      t.setDaemon(true);
      t.start();
      return new Node(index, name, p, ready, log);
    }

    void awaitReady() throws InterruptedException {
      if (!ready.await(30, TimeUnit.MINUTES) || !process.isAlive()) {
        throw new IllegalStateException(name + " did not start:\n" + log);
      }
    }

    /** Heap in use after a full GC (jcmd GC.run, then the JVM's own figure from /metrics). */
    String heapAfterGc(int port) throws Exception {
      Process gc = new ProcessBuilder("jcmd", Long.toString(process.pid()), "GC.run").redirectErrorStream(true).start();
      gc.getInputStream().readAllBytes();
      gc.waitFor(60, TimeUnit.SECONDS);
      double used = 0;
      String held = "";
      try (KeepAliveClient c = new KeepAliveClient("127.0.0.1", port)) {
        String metrics = new String(c.get("/metrics", "text/plain").body(), StandardCharsets.UTF_8);
        for (String line : metrics.split("\n")) {
          if (line.startsWith("jvm_memory_used_bytes{area=\"heap\"")) {
            used += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
          }
        }
        Matcher m = Pattern.compile("loaded (\\w+): ([0-9,]+) records[^\\n]*?(\\(this node's shard: [^)]*\\))?\\n")
            .matcher(log);
        List<String> parts = new ArrayList<>();
        while (m.find()) {
          parts.add(m.group(1) + " " + m.group(2) + (m.group(3) == null ? "" : " " + m.group(3)));
        }
        held = String.join("; ", parts);
      }
      return String.format(Locale.ROOT, "%.1f MB | %s", used / 1e6, held.isEmpty() ? "-" : held);
    }

    @Override
    public void close() {
      process.destroy();
      try {
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
          process.destroyForcibly();
        }
      } catch (InterruptedException e) {
        process.destroyForcibly();
      }
    }
  }

}
