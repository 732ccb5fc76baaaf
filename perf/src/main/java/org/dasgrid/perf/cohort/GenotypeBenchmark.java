package org.dasgrid.perf.cohort;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.dasgrid.core.config.Access;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.GenotypeQuery;
import org.dasgrid.core.genotype.GenotypeStats;
import org.dasgrid.core.genotype.VariantAnswer;
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.GenotypeSource;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.datasources.vcf.VcfProvider;
import org.dasgrid.perf.BenchServer;
import org.dasgrid.perf.StaticServlet;
import org.dasgrid.webapp.EmbeddedServer;
import org.dasgrid.webapp.ServerOptions;

/**
 * The Dnaerys query shapes on a generated cohort (not a test: it prints numbers). Loads the VCF through the
 * provider (load rate, heap per call), starts DasGrid on it, runs each shape sequentially over HTTP with
 * keep-alive, and reports p50 of the {@code elapsed_db_ms} the server reports and of the client-measured
 * HTTP time, next to two baselines measured in the same run: the HTTP-stack limit (the same answer's bytes,
 * captured once, sent by a servlet from memory in the same Tomcat: {@link BenchServer#addStaticBaseline}),
 * asked alternately with DasGrid on the same connection, and {@code bcftools view -r} on the same bgzipped,
 * tabix-indexed file (with the API's genotype filter as {@code -i}, and {@code | head -n 100} for the shapes limited to 100
 * variants; the commands are listed under the table). Each shape's requests are spread over {@code rounds}
 * passes through all the shapes, so that a minute in which the machine runs slow falls on every shape alike
 * instead of on the one measured then; the table gives each shape's p50 over all its requests and the range
 * of its per-round p50s. Absolute numbers swing on a shared machine; compare the ratios. Progress goes to
 * stderr, the table to stdout.
 *
 * <pre>
 * perf/run-genotype-benchmark.sh [SAMPLES] [RECORDS]   (generates, indexes, then runs this)
 * java ... GenotypeBenchmark --vcf FILE.vcf.gz [--iterations 300] [--warmup 300] [--bcftools-runs 5]
 *     [--rounds 5] [--encoding compact|roaring] [--index FILE.dgi [--serve index|heap]]
 * </pre>
 *
 * <p>With {@code --index} (built by {@code dasgrid.jar index}) the server serves the cohort from that genotype
 * index file ({@code genotypeIndex:}) instead of loading the VCF, and the in-process loads are replaced by
 * opening the index (open time and the heap it takes are reported instead); {@code --serve heap} then serves
 * the VCF loaded into the heap with the same shapes (the in-heap figures without the two in-process loads).
 */
public final class GenotypeBenchmark {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final byte[] COUNT = "\"count\":".getBytes(StandardCharsets.US_ASCII);
  private static final String TP53 = segment(Grch38.TP53);
  private static final String BRCA2 = segment(Grch38.BRCA2);

  private final Path vcf;
  private final int iterations;
  private final int warmup;
  private final int bcftoolsRuns;
  private final int rounds;
  private final String encoding;
  /** The genotype index to serve from, or null to load the VCF. */
  private Path index;
  /** With {@link #index}: take the shapes from the index, but serve the VCF loaded into the heap. */
  private boolean serveHeap;
  private final PrintStream out;

  GenotypeBenchmark(Path vcf, int iterations, int warmup, int bcftoolsRuns, int rounds, String encoding,
      PrintStream out) {
    if (rounds < 1 || rounds > iterations) {
      throw new IllegalArgumentException("--rounds must be between 1 and --iterations");
    }
    this.vcf = vcf;
    this.iterations = iterations;
    this.warmup = warmup;
    this.bcftoolsRuns = bcftoolsRuns;
    this.rounds = rounds;
    this.encoding = encoding;
    this.out = out;
  }

  public static void main(String[] args) throws Exception {
    Path vcf = null;
    int iterations = 300;
    int warmup = 300;
    int bcftools = 5;
    int rounds = 5;
    String encoding = "compact";
    Path index = null;
    boolean serveHeap = false;
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--vcf" -> vcf = Path.of(args[i + 1]);
        case "--iterations" -> iterations = Integer.parseInt(args[i + 1]);
        case "--warmup" -> warmup = Integer.parseInt(args[i + 1]);
        case "--bcftools-runs" -> bcftools = Integer.parseInt(args[i + 1]);
        case "--rounds" -> rounds = Integer.parseInt(args[i + 1]);
        case "--encoding" -> encoding = args[i + 1];
        case "--index" -> index = Path.of(args[i + 1]);
        case "--serve" -> serveHeap = switch (args[i + 1]) {
          case "heap" -> true;
          case "index" -> false;
          default -> throw new IllegalArgumentException("--serve heap|index");
        };
        default -> throw new IllegalArgumentException("unknown argument " + args[i]);
      }
    }
    if (vcf == null || !Files.isRegularFile(vcf)) {
      throw new IllegalArgumentException("--vcf FILE.vcf.gz (bgzipped, with a .tbi next to it) is required");
    }
    GenotypeBenchmark b = new GenotypeBenchmark(vcf, iterations, warmup, bcftools, rounds, encoding, System.out);
    b.index = index;
    b.serveHeap = serveHeap;
    b.run();
  }

  /**
   * A query shape: the API request and the bcftools command doing the same selection, {@code head} > 0 when
   * the API's {@code limit} is matched by reading only that many records ({@code | head -n}: bcftools stops
   * at the broken pipe).
   */
  record Shape(String name, String endpoint, String args, boolean ndjson, List<String> bcftools, int head) {
    /** The bcftools command as run, through {@code sh -c}. */
    String shell() {
      return shell(bcftools);
    }

    /**
     * The same command on an empty region (position 1 of the first region's contig): what bcftools costs
     * before it reads a record (start, header, index), its floor on this machine.
     */
    String floorShell() {
      List<String> cmd = new ArrayList<>(bcftools);
      int r = cmd.indexOf("-r") + 1;
      String first = cmd.get(r).split(",")[0];
      cmd.set(r, first.substring(0, first.lastIndexOf(':')) + ":1-1");
      return shell(cmd);
    }

    private String shell(List<String> words) {
      String cmd = words.stream().map(GenotypeBenchmark::quote).collect(Collectors.joining(" "));
      return head > 0 ? cmd + " | head -n " + head : cmd;
    }
  }

  private static String quote(String arg) {
    return arg.matches("[A-Za-z0-9_./:,=+-]+") ? arg : "'" + arg.replace("'", "'\\''") + "'";
  }

  private void progress(String format, Object... args) {
    System.err.printf(Locale.ROOT, "# " + format + "%n", args);
  }

  void run() throws Exception {
    out.printf(Locale.ROOT, "# Genotype benchmark: %s (%.1f MB), %d cores, max heap %d MB, encoding %s, load "
            + "average %s%n", vcf, Files.size(vcf) / 1e6, Runtime.getRuntime().availableProcessors(),
        Runtime.getRuntime().maxMemory() >> 20, encoding, loadAverage());
    GenotypeQueries engine = index != null ? open() : load();
    List<Shape> shapes = shapes(engine);
    progress("starting DasGrid on the cohort (a third load)");
    Path config = Files.createTempFile("genotype-bench", ".yaml");
    Files.writeString(config, "server: {maxFeaturesPerResponse: 100000000}\nsources:\n  - {id: cohort, format: vcf, "
        + "path: " + vcf.toAbsolutePath() + ", genotypes: true, options: {genotypeSets: " + encoding + "}"
        + (index != null && !serveHeap ? ", genotypeIndex: " + index.toAbsolutePath() : "") + "}\n");
    progress("serving the cohort %s", index != null && !serveHeap ? "from its index " + index : "loaded into the heap");
    engine = null;
    System.gc();
    StaticServlet statics = new StaticServlet();
    try (EmbeddedServer server = EmbeddedServer.start(
        ServerOptions.defaults().withPort(0).withBind("127.0.0.1").withConfig(config).withWarmupSeconds(0),
        new PrintStream(
            java.io.OutputStream.nullOutputStream()), (tomcat, ctx, app) -> BenchServer.addStaticBaseline(tomcat,
            statics))) {
      if (!server.awaitLoaded(30, TimeUnit.MINUTES)) {
        throw new IllegalStateException("the cohort did not load");
      }
      out.println();
      out.println("| shape | rows | answer KB | p50 elapsed_db_ms | p50 elapsed_ms (server) | p50 HTTP ms (client) "
          + "| p99 HTTP ms (client) | HTTP p50 per round, min-max | p50 static HTTP ms | HTTP / static "
          + "| p50 `bcftools view -r` ms | bcftools floor ms (empty region) | bcftools / HTTP "
          + "| (bcftools − floor) / HTTP |");
      out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
      try (KeepAliveClient client = new KeepAliveClient("127.0.0.1", server.port())) {
        // warm the whole request path (Tomcat, JSON, engine) before the first shape is timed
        progress("warming up: %d requests per shape", warmup / 3 * 3);
        for (int round = 0; round < 3; round++) {
          for (Shape s : shapes) {
            for (int i = 0; i < warmup / 3; i++) {
              client.get(path(s), accept(s));
            }
          }
        }
        capture(client, shapes, statics);
        for (Shape s : shapes) {
          for (int i = 0; i < warmup / 3; i++) {
            client.get(BenchServer.STATIC + path(s), accept(s));
          }
        }
        List<Timings> timings = shapes.stream().map(s -> new Timings(iterations)).toList();
        for (int round = 0; round < rounds; round++) {
          int from = roundStart(round);
          int to = roundStart(round + 1);
          progress("round %d/%d: %d requests per shape, each followed by the static baseline's", round + 1, rounds,
              to - from);
          for (int i = 0; i < shapes.size(); i++) {
            measure(client, shapes.get(i), timings.get(i), from, to);
          }
        }
        for (int i = 0; i < shapes.size(); i++) {
          progress("shape %d/%d: %s: bcftools %d times", i + 1, shapes.size(), shapes.get(i).name(), bcftoolsRuns);
          report(shapes.get(i), timings.get(i));
        }
      }
      out.println();
      out.printf(Locale.ROOT, "Load average at the end: %s. The bcftools commands (output discarded):%n%n",
          loadAverage());
      for (Shape s : shapes) {
        out.printf(Locale.ROOT, "- %s: `%s`%n", s.name(), s.shell());
      }
    } finally {
      Files.deleteIfExists(config);
    }
  }

  /** Opens the genotype index through the provider: the time it takes and the heap it holds. */
  private GenotypeQueries open() throws Exception {
    long before = usedHeap();
    long t0 = System.nanoTime();
    DataSource ds = new VcfProvider().load(config(true).withGenotypeIndex(index.toAbsolutePath().toString()),
        LoadMonitor.NONE);
    double seconds = (System.nanoTime() - t0) / 1e9;
    long heap = usedHeap() - before;
    GenotypeQueries engine = ds.capability(GenotypeSource.class).orElseThrow().genotypes();
    GenotypeStats st = engine.stats();
    out.printf(Locale.ROOT, "open of the index %s (%,d bytes = %.2f bytes per het/hom-alt call): %,d records (%,d"
            + " ALT alleles) x %,d samples, %,d het/hom-alt calls, in %.2f s (checksums included); heap held after"
            + " GC: %.1f MB%n", index, Files.size(index), (double) Files.size(index) / st.nonRefCalls(), st.sites(),
        st.variants(), st.samples(), st.nonRefCalls(), seconds, heap / 1e6);
    return engine;
  }

  /** Loads the VCF through the provider, twice: with genotypes, and sites only, to isolate the engine's heap. */
  private GenotypeQueries load() throws Exception {
    progress("reading %s once to measure its uncompressed size", vcf.getFileName());
    long uncompressed = uncompressedSize();
    long before = usedHeap();
    progress("loading it with genotypes");
    long t0 = System.nanoTime();
    DataSource ds = new VcfProvider().load(config(true), LoadMonitor.NONE);
    double seconds = (System.nanoTime() - t0) / 1e9;
    long withGenotypes = usedHeap() - before;
    GenotypeQueries engine = ds.capability(GenotypeSource.class).orElseThrow().genotypes();
    GenotypeStats st = engine.stats();
    progress("loading it again as sites only (to isolate the engine's heap)");
    long t1 = System.nanoTime();
    DataSource sites = new VcfProvider().load(config(false), LoadMonitor.NONE);
    double sitesSeconds = (System.nanoTime() - t1) / 1e9;
    long sitesHeap = usedHeap() - before - withGenotypes;
    out.printf(Locale.ROOT, "load with genotypes: %,d records (%,d ALT alleles) x %,d samples in %.1f s = %,.0f records/s,"
            + " %.1f MB/s compressed, %.0f MB/s uncompressed (%.0f MB)%n", st.sites(), st.variants(), st.samples(),
        seconds, st.sites() / seconds, Files.size(vcf) / 1e6 / seconds, uncompressed / 1e6 / seconds,
        uncompressed / 1e6);
    out.printf(Locale.ROOT, "load of the sites only (no GT parsing): %.1f s%n", sitesSeconds);
    out.printf(Locale.ROOT, "genotype engine: %,d het/hom-alt calls; sets: %,d inline, %,d Roaring, %,d dense%n",
        st.nonRefCalls(), st.inlineSets(), st.roaringSets(), st.denseSets());
    out.printf(Locale.ROOT, "engine heap, own estimate: %.1f MB = %.2f bytes per het/hom-alt call%n",
        st.heapBytes() / 1e6, st.bytesPerNonRefCall());
    out.printf(Locale.ROOT, "engine heap, measured (GC'd heap with genotypes minus sites only): %.1f MB = %.2f bytes"
        + " per het/hom-alt call (site features: %.1f MB)%n", (withGenotypes - sitesHeap) / 1e6,
        (double) (withGenotypes - sitesHeap) / st.nonRefCalls(), sitesHeap / 1e6);
    if (sites.stats().records() < 0) {
      throw new IllegalStateException(); // keeps 'sites' reachable until measured
    }
    return engine;
  }

  private long uncompressedSize() throws IOException {
    long n = 0;
    byte[] buf = new byte[1 << 16];
    try (InputStream in = new GZIPInputStream(Files.newInputStream(vcf), 1 << 16)) {
      for (int r; (r = in.read(buf)) > 0; ) {
        n += r;
      }
    }
    return n;
  }

  private SourceConfig config(boolean genotypes) {
    return new SourceConfig("cohort", "cohort", "", "vcf", vcf.toAbsolutePath().toString(), null, null, null,
        genotypes, Access.PUBLIC, null, List.of(), Map.of("genotypeSets", encoding), vcf.toAbsolutePath().getParent());
  }

  private static long usedHeap() {
    for (int i = 0; i < 4; i++) {
      System.gc();
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  private List<Shape> shapes(GenotypeQueries engine) {
    String vcfPath = vcf.toString();
    String het = "GT=\"het\"";
    String hom = "GT=\"AA\" | GT=\"A\"";
    String any = "GT=\"het\" | GT=\"AA\" | GT=\"A\"";
    String snp = singleSnp(engine);
    List<String> panel = Grch38.MITO_PANEL.stream().map(GenotypeBenchmark::segment).toList();
    String panelArgs = panel.stream().map(s -> "segment=" + s).collect(Collectors.joining("&"));
    String panelRegions = Grch38.MITO_PANEL.stream().map(GenotypeBenchmark::region).collect(Collectors.joining(","));
    String cohort2 = engine.sampleNames().get(0) + "," + engine.sampleNames().get(1);
    String tp53 = region(Grch38.TP53);
    String both = tp53 + "," + region(Grch38.BRCA2);
    List<Shape> s = new ArrayList<>();
    s.add(new Shape("TP53 het, limit 100", "variants", "segment=" + TP53 + "&zygosity=het&limit=100", false,
        view(vcfPath, tp53, null, het), 100));
    s.add(new Shape("TP53 hom, limit 100", "variants", "segment=" + TP53 + "&zygosity=hom&limit=100", false,
        view(vcfPath, tp53, null, hom), 100));
    s.add(new Shape("BRCA2 het, limit 100", "variants", "segment=" + BRCA2 + "&zygosity=het&limit=100", false,
        view(vcfPath, region(Grch38.BRCA2), null, het), 100));
    s.add(new Shape("BRCA2 hom, limit 100", "variants", "segment=" + BRCA2 + "&zygosity=hom&limit=100", false,
        view(vcfPath, region(Grch38.BRCA2), null, hom), 100));
    s.add(new Shape("TP53 hom, unlimited", "variants", "segment=" + TP53 + "&zygosity=hom", false,
        view(vcfPath, tp53, null, hom), 0));
    s.add(new Shape("BRCA2 hom, unlimited", "variants", "segment=" + BRCA2 + "&zygosity=hom", false,
        view(vcfPath, region(Grch38.BRCA2), null, hom), 0));
    s.add(new Shape("single SNP " + snp, "variants", "segment=" + snp.replace('-', ',') + "&zygosity=any", false,
        view(vcfPath, snp, null, any), 0));
    s.add(new Shape("mito panel (11 genes), any", "variants", panelArgs + "&zygosity=any", false,
        view(vcfPath, panelRegions, null, any), 0));
    s.add(new Shape("mito panel, virtual cohort of 2", "variants", panelArgs + "&zygosity=any&samples=" + cohort2, false,
        view(vcfPath, panelRegions, cohort2, any), 0));
    for (String[] z : new String[][] {{"het", het}, {"hom", hom}, {"any", any}}) {
      s.add(new Shape("samples " + z[0] + " in TP53", "samples", "segment=" + TP53 + "&zygosity=" + z[0], false,
          view(vcfPath, tp53, null, z[1]), 0));
    }
    for (String[] z : new String[][] {{"het", het}, {"hom", hom}, {"any", any}}) {
      s.add(new Shape("samples " + z[0] + " in TP53+BRCA2", "samples",
          "segment=" + TP53 + "&segment=" + BRCA2 + "&zygosity=" + z[0], false, view(vcfPath, both, null, z[1]), 0));
    }
    s.add(new Shape("samples any in TP53+BRCA2+mito panel, NDJSON stream", "samples",
        "segment=" + TP53 + "&segment=" + BRCA2 + "&" + panelArgs + "&zygosity=any", true,
        view(vcfPath, both + "," + panelRegions, null, any), 0));
    return s;
  }

  /** The first common SNV in TP53 (a position many samples carry). */
  private static String singleSnp(GenotypeQueries engine) {
    VariantAnswer a = engine.variants(new GenotypeQuery(List.of(new Segment("chr17", Grch38.TP53.start(),
        Grch38.TP53.end())), Zygosity.HOM, engine.allSamples(), OptionalInt.empty()));
    for (int i = 0; i < a.size(); i++) {
      if (a.get(i).ref().length() == 1 && a.get(i).alt().length() == 1 && a.get(i).hom() > 10) {
        return "chr17:" + a.get(i).pos() + "-" + a.get(i).pos();
      }
    }
    return "chr17:" + Grch38.TP53.start() + "-" + Grch38.TP53.start();
  }

  private static List<String> view(String vcf, String regions, String samples, String filter) {
    List<String> cmd = new ArrayList<>(List.of("bcftools", "view", "-H", "-r", regions));
    if (samples != null) {
      cmd.addAll(List.of("-s", samples));
    }
    if (filter != null) {
      cmd.addAll(List.of("-i", filter));
    }
    cmd.add(vcf);
    return cmd;
  }

  private static String loadAverage() {
    try {
      return String.join(" ", Arrays.copyOf(Files.readString(Path.of("/proc/loadavg")).split(" "), 3));
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  private static String segment(Grch38.Region r) {
    return r.contig() + ":" + r.start() + "," + r.end();
  }

  private static String region(Grch38.Region r) {
    return r.contig() + ":" + r.start() + "-" + r.end();
  }

  private static String path(Shape s) {
    return "/genotypes/cohort/" + s.endpoint() + "?" + s.args();
  }

  private static String accept(Shape s) {
    return s.ndjson() ? "application/x-ndjson" : "application/json";
  }

  /**
   * The static baseline: each shape's answer as DasGrid gives it now (its timings are those of this one
   * request; the bytes are what matter), to be sent from memory at {@code /static} + the same path and query.
   */
  private static void capture(KeepAliveClient client, List<Shape> shapes, StaticServlet statics) throws IOException {
    Map<String, StaticServlet.Captured> captured = new LinkedHashMap<>();
    for (Shape s : shapes) {
      KeepAliveClient.Response r = client.get(path(s), accept(s));
      if (r.status() != 200) {
        throw new IllegalStateException(path(s) + ": " + r.status() + " " + new String(r.body()));
      }
      ByteArrayOutputStream gz = new ByteArrayOutputStream();
      try (GZIPOutputStream z = new GZIPOutputStream(gz)) {
        z.write(r.bytes(), 0, r.length());
      }
      captured.put(path(s), new StaticServlet.Captured(r.body(), gz.toByteArray(), accept(s), List.of()));
    }
    statics.publish(captured);
  }

  /** One shape's measurements, one per request, in request order. */
  private static final class Timings {
    final double[] db;
    final double[] server;
    final double[] wall;
    final double[] staticWall;
    int rows;
    int bytes;

    Timings(int iterations) {
      db = new double[iterations];
      server = new double[iterations];
      wall = new double[iterations];
      staticWall = new double[iterations];
    }
  }

  /** The first request of round {@code round} (of {@code rounds}; {@code rounds} gives the end). */
  private int roundStart(int round) {
    return iterations * round / rounds;
  }

  /** Requests {@code from} to {@code to} of a shape, each followed by its static baseline's. */
  private static void measure(KeepAliveClient client, Shape s, Timings t, int from, int to) throws IOException {
    String path = path(s);
    String staticPath = BenchServer.STATIC + path;
    String accept = accept(s);
    for (int i = from; i < to; i++) {
      long t0 = System.nanoTime();
      KeepAliveClient.Response r = client.timed(path, accept);
      t.wall[i] = (System.nanoTime() - t0) / 1e6;
      if (r.status() != 200) {
        throw new IllegalStateException(path + ": " + r.status() + " " + new String(r.body()));
      }
      JsonNode summary = summary(r);
      t.db[i] = summary.get("elapsed_db_ms").asDouble();
      t.server[i] = summary.get("elapsed_ms").asDouble();
      t.rows = summary.get("count").asInt();
      t.bytes = (int) r.bodyLength();
      // the baseline right after, on the same connection: both see the same machine at the same moment
      long ts = System.nanoTime();
      KeepAliveClient.Response st = client.timed(staticPath, accept);
      t.staticWall[i] = (System.nanoTime() - ts) / 1e6;
      if (st.status() != 200) {
        throw new IllegalStateException(staticPath + ": " + st.status());
      }
    }
  }

  /** Runs the shape's bcftools command and prints its row of the table. */
  private void report(Shape s, Timings t) throws Exception {
    double[] tools = new double[bcftoolsRuns];
    double[] floor = new double[bcftoolsRuns];
    for (int i = 0; i < bcftoolsRuns; i++) {
      tools[i] = timeShell(s.shell());
      floor[i] = timeShell(s.floorShell());
    }
    double lowest = Double.MAX_VALUE;
    double highest = 0;
    for (int round = 0; round < rounds; round++) {
      double p = p50(Arrays.copyOfRange(t.wall, roundStart(round), roundStart(round + 1)));
      lowest = Math.min(lowest, p);
      highest = Math.max(highest, p);
    }
    double httpP50 = p50(t.wall);
    double staticP50 = p50(t.staticWall);
    double toolsP50 = p50(tools);
    double floorP50 = p50(floor);
    out.printf(Locale.ROOT,
        "| %s | %,d | %,.1f | %.3f | %.3f | %.3f | %.3f | %.3f-%.3f | %.3f | %.2f | %.1f | %.1f | %,.0f× | %,.0f× |%n",
        s.name(), t.rows, t.bytes / 1024.0, p50(t.db), p50(t.server), httpP50, percentile(t.wall, 99), lowest,
        highest, staticP50, httpP50 / staticP50, toolsP50, floorP50, toolsP50 / httpP50,
        Math.max(0, toolsP50 - floorP50) / httpP50);
  }

  /** Milliseconds one {@code sh -c} run takes; its status is the last command's (head's, after a pipe). */
  private static double timeShell(String shell) throws Exception {
    long t0 = System.nanoTime();
    Process p = new ProcessBuilder("sh", "-c", shell).redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    if (p.waitFor() != 0) {
      throw new IllegalStateException("bcftools failed: " + shell);
    }
    return (System.nanoTime() - t0) / 1e6;
  }

  /** The nearest-rank percentile q (0-100). */
  private static double percentile(double[] values, double q) {
    double[] v = values.clone();
    Arrays.sort(v);
    return v[Math.max(0, (int) Math.ceil(q / 100 * v.length) - 1)];
  }

  /**
   * The answer's summary, {@code {"count",...,"elapsed_db_ms","elapsed_ms"}}: the object (JSON) or line
   * (NDJSON) from the last {@code "count"} on, the only one in a variants or samples answer. Parsing only that
   * leaves no tree of thousands of rows behind to be collected during the next timed request. Works on the
   * body's tail that {@link KeepAliveClient#timed} keeps.
   */
  private static JsonNode summary(KeepAliveClient.Response r) throws IOException {
    byte[] b = r.bytes();
    for (int at = r.length() - COUNT.length; at >= 0; at--) {
      if (b[at] == '"' && Arrays.equals(b, at, at + COUNT.length, COUNT, 0, COUNT.length)) {
        return JSON.readTree("{" + new String(b, at, r.length() - at, StandardCharsets.UTF_8));
      }
    }
    throw new IllegalStateException("no count in the answer: " + new String(r.body(), StandardCharsets.UTF_8));
  }

  private static double p50(double[] values) {
    double[] v = values.clone();
    Arrays.sort(v);
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }
}
