package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import htsjdk.samtools.util.BlockCompressedInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An export's progress in the access log (issue 32 item 4): with {@code server.exportProgressSeconds: 0} a
 * progress line follows every block sent, so a small export shows several without waiting; the counts grow, and
 * the last line's totals are the answer's: its bytes as the client got them, its records as the file holds them
 * (counted in the file, by htsjdk's BGZF reader and the zip's {@code .bim}).
 */
class ExportProgressIT {
  private static final Pattern LINE = Pattern.compile("^127\\.0\\.0\\.1 - - \\[[^\\]]+\\] \"GET /genotypes/ceu/"
      + "export\\?[^\"]+ HTTP/1\\.1\" (export-progress|export-done) records=(\\d+) bytes=(\\d+) seconds=[0-9.]+ "
      + "(\\S+)$", Pattern.MULTILINE);
  /** All of the file's chromosomes, one segment each. */
  private static final String ALL = IntStream.rangeClosed(1, 22).mapToObj(c -> "segment=" + c)
      .collect(Collectors.joining("&"));
  @TempDir static Path dir;
  static TestServer server;
  static Path log;

  @BeforeAll
  static void start() throws IOException {
    Files.copy(TestServer.example("ceu_exon.vcf.gz"), dir.resolve("ceu.vcf.gz"));
    Files.copy(TestServer.example("ceu_exon.samples.tsv"), dir.resolve("ceu.samples.tsv"));
    Files.writeString(dir.resolve("dasgrid.yaml"), """
        server: {exportProgressSeconds: 0}
        sources:
          - {id: ceu, format: vcf, path: ceu.vcf.gz, genotypes: true, samples: ceu.samples.tsv}
        """);
    log = dir.resolve("access.log");
    server = TestServer.start(dir.resolve("dasgrid.yaml"), log.toString());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  record Line(String kind, long records, long bytes) {}

  @Test
  void aVcfExportLogsGrowingProgressThenItsTotals() throws IOException {
    String id = "export-progress-vcf-" + System.nanoTime();
    Http.Response r = Http.get(server.base() + "/genotypes/ceu/export?format=vcf&" + ALL, "X-Request-Id", id);
    assertThat(r.status()).isEqualTo(200);
    long records;
    try (InputStream in = new BlockCompressedInputStream(new ByteArrayInputStream(r.body()))) {
      records = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.startsWith("#"))
          .count();
    }
    assertThat(records).isEqualTo(1348);
    checkLines(linesOf(id), records, r.body().length);
  }

  @Test
  void aPlinkExportLogsItsVariantsAndBytes() throws IOException {
    String id = "export-progress-plink-" + System.nanoTime();
    Http.Response r = Http.get(server.base() + "/genotypes/ceu/export?format=plink&" + ALL, "X-Request-Id", id);
    assertThat(r.status()).isEqualTo(200);
    long variants = 0;
    try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(r.body()))) {
      for (ZipEntry e = zip.getNextEntry(); e != null; e = zip.getNextEntry()) {
        if (e.getName().endsWith(".bim")) {
          variants = new String(zip.readAllBytes(), StandardCharsets.UTF_8).lines().count();
        }
      }
    }
    assertThat(variants).isGreaterThan(1000);
    checkLines(linesOf(id), variants, r.body().length);
  }

  private static void checkLines(List<Line> lines, long records, long bytes) {
    assertThat(lines).as("progress lines").hasSizeGreaterThanOrEqualTo(3);
    Line done = lines.get(lines.size() - 1);
    assertThat(done).isEqualTo(new Line("export-done", records, bytes));
    List<Line> progress = lines.subList(0, lines.size() - 1);
    assertThat(progress).allMatch(l -> l.kind().equals("export-progress"));
    for (int i = 1; i < progress.size(); i++) {
      assertThat(progress.get(i).bytes()).isGreaterThan(progress.get(i - 1).bytes());
      assertThat(progress.get(i).records()).isGreaterThanOrEqualTo(progress.get(i - 1).records());
    }
    assertThat(progress.get(0).bytes()).isLessThan(bytes);
    assertThat(progress.get(progress.size() - 1).bytes()).isLessThanOrEqualTo(bytes);
  }

  /**
   * The export lines of request {@code id}, once its own combined-format line is there too (the log is written
   * out by a background thread about every second, so this waits for it, up to 20 s).
   */
  private static List<Line> linesOf(String id) throws IOException {
    Pattern own = Pattern.compile("\" 200 \\d+ \"-\" \"[^\"]*\" " + Pattern.quote(id) + " \\d+$", Pattern.MULTILINE);
    String text = "";
    for (int i = 0; i < 200; i++) {
      text = Files.exists(log) ? Files.readString(log) : "";
      if (own.matcher(text).find()) {
        break;
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    assertThat(own.matcher(text).find()).as("the request's access-log line in %s", text).isTrue();
    List<Line> out = new ArrayList<>();
    Matcher m = LINE.matcher(text);
    while (m.find()) {
      if (m.group(4).equals(id)) {
        out.add(new Line(m.group(1), Long.parseLong(m.group(2)), Long.parseLong(m.group(3))));
      }
    }
    return out;
  }
}
