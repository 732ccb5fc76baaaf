package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code index} command of the executable jar as a user runs it (contract section 6): it builds an index
 * that a server started from the jar serves, exits 0 only then, and exits non-zero with a clear message —
 * leaving no file that looks finished — for bad arguments and bad input (a missing file, a truncated bgzip
 * VCF, a bad record).
 */
class IndexCommandIT {
  @TempDir Path dir;

  record Run(int status, String output) {}

  static Run run(String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of("index"));
    all.addAll(Arrays.asList(args));
    Process p = LauncherIT.launch(all.toArray(String[]::new));
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    return new Run(p.exitValue(), out);
  }

  @Test
  void buildsAnIndexThatTheServerServesWithTheSameAnswers() throws Exception {
    Files.copy(TestServer.example("ceu_exon.vcf.gz"), dir.resolve("ceu.vcf.gz"));
    Run r = run("--vcf", dir.resolve("ceu.vcf.gz").toString(), "--out", dir.resolve("ceu.dgi").toString());
    assertThat(r.status()).as(r.output()).isZero();
    assertThat(r.output()).contains("indexed 1,348 records (1,350 variants, 90 samples").contains("ceu.dgi");
    assertThat(dir.resolve("ceu.dgi")).isRegularFile();
    assertThat(dir.resolve("ceu.dgi.partial")).doesNotExist();
    // with the samples' calls sample-major too: a larger file, the same answers (kinship reads them)
    Run sc = run("--vcf", dir.resolve("ceu.vcf.gz").toString(), "--out", dir.resolve("ceu-sc.dgi").toString(),
        "--sample-calls");
    assertThat(sc.status()).as(sc.output()).isZero();
    assertThat(Files.size(dir.resolve("ceu-sc.dgi"))).isGreaterThan(Files.size(dir.resolve("ceu.dgi")));
    Files.writeString(dir.resolve("dasgrid.yaml"), """
        sources:
          - {id: ceu, format: vcf, path: ceu.vcf.gz, genotypes: true}
          - {id: ceuidx, format: vcf, path: ceu.vcf.gz, genotypes: true, genotypeIndex: ceu.dgi}
          - {id: ceusc, format: vcf, path: ceu.vcf.gz, genotypes: true, genotypeIndex: ceu-sc.dgi}
        """);
    Process p = LauncherIT.launch("--config", dir.resolve("dasgrid.yaml").toString(), "--port", "0", "--bind",
        "127.0.0.1", "--access-log", "off");
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
      List<String> lines = new ArrayList<>();
      Matcher ready = null;
      for (String line; (line = out.readLine()) != null; ) {
        lines.add(line);
        Matcher m = Pattern.compile("DasGrid ready on http://127.0.0.1:(\\d+)/das \\((\\d+) sources\\)").matcher(line);
        if (m.find()) {
          ready = m;
          break;
        }
      }
      assertThat(ready).as("output: %s", lines).isNotNull();
      assertThat(ready.group(2)).isEqualTo("3");
      assertThat(lines).anyMatch(l -> l.startsWith("loaded ceuidx: 1,348 records"));
      String base = "http://127.0.0.1:" + ready.group(1) + "/genotypes/";
      for (String q : List.of("variants?segment=1:1105366,1200000&zygosity=het&limit=2",
          "samples?segment=1:1105366,1200000&segment=17:3360000,3390000&zygosity=hom",
          "count?segment=17&zygosity=any&samples=NA06984,NA06986")) {
        String heap = Http.get(base + "ceu/" + q).text().replaceAll("\"elapsed(_db)?_ms\":[0-9.]+", "");
        String mapped = Http.get(base + "ceuidx/" + q).text().replaceAll("\"elapsed(_db)?_ms\":[0-9.]+", "");
        assertThat(mapped).as(q).isEqualTo(heap).contains("\"");
      }
      for (String q : List.of("kinship?samples=NA06984,NA06986", "kinship?samples=NA06984,NA06986,NA06989,NA06994",
          "kinship?samples=NA06984,NA06986&segment=1:1105366,1200000&segment=17", "count?segment=17&zygosity=any")) {
        String heap = Http.get(base + "ceu/" + q).text().replaceAll("\"elapsed(_db)?_ms\":[0-9.]+", "");
        String sampleCalls = Http.get(base + "ceusc/" + q).text().replaceAll("\"elapsed(_db)?_ms\":[0-9.]+", "");
        assertThat(sampleCalls).as(q).isEqualTo(heap).contains("\"");
      }
    } finally {
      p.destroy();
      assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }
  }

  /**
   * The newcomer's path of docs/genotypes.md ("Persistent index"): its config block and its two commands, as
   * written (run in a directory holding {@code data/cohort.vcf.gz}, here the bundled CEU cohort; the test only
   * adds a free port and the loopback address to the second), build an index that the server serves.
   */
  @Test
  void theTwoDocumentedCommandsBuildAndServeAnIndex() throws Exception {
    String doc = Files.readString(TestServer.root().resolve("docs/genotypes.md"));
    String section = doc.substring(doc.indexOf("## Persistent index"));
    Matcher yaml = Pattern.compile("```yaml\n(.*?)```", Pattern.DOTALL).matcher(section);
    assertThat(yaml.find()).isTrue();
    Matcher block = Pattern.compile("```\n(java -jar webapp/target/dasgrid.jar index .*?)```", Pattern.DOTALL)
        .matcher(section);
    assertThat(block.find()).isTrue();
    List<String> commands = block.group(1).lines().toList();
    assertThat(commands).hasSize(2).allMatch(c -> c.startsWith("java -jar webapp/target/dasgrid.jar "));
    Files.createDirectories(dir.resolve("data"));
    Files.copy(TestServer.example("ceu_exon.vcf.gz"), dir.resolve("data/cohort.vcf.gz"));
    Files.writeString(dir.resolve("cohort.yaml"), yaml.group(1));
    Process index = documented(commands.get(0));
    String out = new String(index.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(index.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(index.exitValue()).as(out).isZero();
    assertThat(dir.resolve("data/cohort.dgi")).isRegularFile();
    Process serve = documented(commands.get(1) + " --port 0 --bind 127.0.0.1 --access-log off");
    try {
      BufferedReader lines = new BufferedReader(new InputStreamReader(serve.getInputStream(), StandardCharsets.UTF_8));
      Matcher ready = null;
      List<String> seen = new ArrayList<>();
      for (String line; ready == null && (line = lines.readLine()) != null; ) {
        seen.add(line);
        Matcher m = Pattern.compile("DasGrid ready on http://127.0.0.1:(\\d+)/das").matcher(line);
        ready = m.find() ? m : null;
      }
      assertThat(ready).as("output: %s", seen).isNotNull();
      assertThat(Http.get("http://127.0.0.1:" + ready.group(1) + "/genotypes/g1k/count?segment=17&zygosity=any")
          .text()).contains("\"variants\":");
    } finally {
      serve.destroy();
      assertThat(serve.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }
  }

  /** A documented command line run in {@link #dir} with the built jar. */
  private Process documented(String line) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-jar", LauncherIT.jar().toString()));
    cmd.addAll(Arrays.asList(line.substring("java -jar webapp/target/dasgrid.jar ".length()).split(" ")));
    return new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
  }

  @Test
  void badArgumentsAndBadInputExitNonZeroWithAMessageAndNoIndex() throws Exception {
    Run usage = run("--vcf", "x.vcf");
    assertThat(usage.status()).isEqualTo(2);
    assertThat(usage.output()).contains("--out is required").contains("usage: java -jar dasgrid.jar index")
        .contains("--sample-calls");
    Run missing = run("--vcf", dir.resolve("none.vcf.gz").toString(), "--out", dir.resolve("a.dgi").toString());
    assertThat(missing.status()).isEqualTo(1);
    assertThat(missing.output()).contains("none.vcf.gz: no such file");
    // a bgzip file cut between its blocks: every record before the cut reads, the end marker is missing
    byte[] whole = Files.readAllBytes(TestServer.example("ceu_exon.vcf.gz"));
    Files.write(dir.resolve("cut.vcf.gz"), Arrays.copyOf(whole, whole.length - 28));
    Run cut = run("--vcf", dir.resolve("cut.vcf.gz").toString(), "--out", dir.resolve("cut.dgi").toString());
    assertThat(cut.status()).as(cut.output()).isEqualTo(1);
    assertThat(cut.output()).contains("cut.vcf.gz:").contains("truncated").doesNotContain("\tat ");
    Files.writeString(dir.resolve("bad.vcf"), """
        ##fileformat=VCFv4.2
        #CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tA\tB
        1\t100\t.\tA\tC\t.\tPASS\t.\tGT\t0/1\t1/1
        1\t200\t.\tA\tC\t.\tPASS\t.\tGT\t0/3\t1/1
        """);
    Run bad = run("--vcf", dir.resolve("bad.vcf").toString(), "--out", dir.resolve("bad.dgi").toString());
    assertThat(bad.status()).isEqualTo(1);
    assertThat(bad.output()).contains("bad.vcf:4:").doesNotContain("\tat ");
    try (var files = Files.list(dir)) {
      assertThat(files.map(f -> f.getFileName().toString()).filter(f -> f.contains(".dgi"))).isEmpty();
    }
  }
}
