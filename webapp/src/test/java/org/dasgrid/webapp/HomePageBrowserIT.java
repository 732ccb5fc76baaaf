package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDir;

/**
 * The home page in a real browser: Debian's Chromium, headless, driven by playwright-core from npm through
 * {@code webapp/frontend/browser-test/home-page.mjs}. The script checks the sources table, the igv.js genome view
 * (its features against the DAS answer for the same range, its canvas, navigation by locus and by name, its hints
 * taken from each source's own data, the sequence track of a source with a FASTA), and the genotype form of the
 * bundled {@code ceu} cohort against the server's real {@code /genotypes/ceu} API (its table against the same
 * query asked as JSON, its timings against the answer, its region following the view). A second server holds the
 * CEU cohort with a gene annotation and that annotation as a source of the same assembly: the form's gene box, and
 * genes and variants in one view. Screenshots and the list of checks are left in {@code
 * webapp/target/browser-test/}.
 */
@ExtendWith(HomePageBrowserIT.Server.class)
class HomePageBrowserIT {
  private static final Path CHROMIUM = Path.of(System.getProperty("chromium", "/usr/bin/chromium"));
  static String base;
  @TempDir static Path dir;

  static final class Server implements BeforeAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
      base = TestServer.examples(context).base();
    }
  }

  @Test
  void homePageShowsSourcesAGenomeViewAndTheGenotypeForm() throws Exception {
    TestServer genes = TestServer.start(genesConfig(dir));
    try {
      runBrowserTest(base, genes.base(), TestServer.root().resolve("webapp/target/browser-test"));
    } finally {
      genes.close();
    }
  }

  /**
   * The CEU cohort with a made-up gene annotation (genes TP53 and BRCA2 over its first sites on 17 and 13, named
   * with the VCF's own contig names), the annotation as a source of the same assembly (NCBI 36), and yeast's
   * chromosome I with its FASTA.
   */
  static Path genesConfig(Path dir) throws Exception {
    Files.copy(GeneQueryIT.CEU, dir.resolve("ceu.vcf.gz"));
    Map<String, List<Integer>> sites = GeneQueryIT.sites();
    StringBuilder gff = new StringBuilder("##gff-version 3\n");
    for (String[] g : new String[][] {{"17", "TP53"}, {"13", "BRCA2"}}) {
      List<Integer> at = sites.get(g[0]);
      gff.append(g[0]).append("\tmade\tgene\t").append(Math.max(1, at.get(0) - 100)).append('\t')
          .append(at.get(Math.min(4, at.size() - 1)) + 100).append("\t.\t+\t.\tID=gene:").append(g[1])
          .append(";Name=").append(g[1]).append('\n');
    }
    Files.writeString(dir.resolve("genes.gff3"), gff);
    // yeast's chromosome I (the refget test FASTA) with two made-up genes on it
    Files.copy(TestServer.root().resolve("docs/examples/refget/refget.fa"), dir.resolve("yeast.fa"));
    Files.writeString(dir.resolve("yeast.gff3"), "##gff-version 3\n"
        + "I\tmade\tgene\t1000\t3000\t.\t+\t.\tID=gene:Y1;Name=YEA1\n"
        + "I\tmade\tgene\t5000\t9000\t.\t-\t.\tID=gene:Y2;Name=YEA2\n");
    Files.writeString(dir.resolve("dasgrid.yaml"), """
        sources:
          - id: cohort
            title: CEU cohort with genes
            format: vcf
            path: ceu.vcf.gz
            genotypes: true
            genes: genes.gff3
            coordinates: {authority: NCBI, version: "36", taxid: 9606, source: Chromosome}
          - id: genes
            title: Genes on NCBI36 (made up)
            format: gff3
            path: genes.gff3
            coordinates: {authority: NCBI, version: "36", taxid: 9606, source: Chromosome}
          - id: yeast
            title: Yeast chromosome I with two made-up genes
            format: gff3
            path: yeast.gff3
            sequence: yeast.fa
            coordinates: {authority: SGD, version: R64, taxid: 4932, source: Chromosome}
        """);
    return dir.resolve("dasgrid.yaml");
  }

  /** As {@link #runBrowserTest(String, String, Path)} without the second server (the WAR's run). */
  static void runBrowserTest(String base, Path out) throws Exception {
    runBrowserTest(base, null, out);
  }

  /**
   * Runs the browser test against the page at {@code base} (the server's root, or a WAR's context), and at {@code
   * genesBase} when given (a server on {@link #genesConfig}), leaving its log, checks and screenshots in {@code
   * out}, and fails with its output unless every check passed.
   */
  static void runBrowserTest(String base, String genesBase, Path out) throws Exception {
    Path frontend = TestServer.root().resolve("webapp/frontend");
    assertThat(CHROMIUM).as("Chromium (apt-get install chromium) at %s", CHROMIUM).isExecutable();
    assertThat(frontend.resolve("node_modules/playwright-core")).as("npm packages (the Maven build runs npm ci)")
        .isDirectory();
    Files.createDirectories(out);
    List<String> cmd = new ArrayList<>(List.of("node", "browser-test/home-page.mjs", "--base", base, "--out",
        out.toString()));
    if (genesBase != null) {
      cmd.addAll(List.of("--genes-base", genesBase));
    }
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(frontend.toFile()).redirectErrorStream(true)
        .redirectOutput(out.resolve("browser-test.log").toFile());
    pb.environment().put("CHROMIUM", CHROMIUM.toString());
    Process node = pb.start();
    boolean finished = node.waitFor(5, TimeUnit.MINUTES);
    if (!finished) {
      node.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
    String log = Files.readString(out.resolve("browser-test.log"), StandardCharsets.UTF_8);
    assertThat(finished).as("the browser test finished in 5 minutes:\n%s", log).isTrue();
    assertThat(node.exitValue()).as("browser test output:\n%s", log).isZero();

    JsonNode checks = new ObjectMapper().readTree(out.resolve("checks.json").toFile());
    assertThat(checks.size()).as("checks run:\n%s", log).isGreaterThanOrEqualTo(30);
    for (JsonNode c : checks) {
      assertThat(c.path("ok").asBoolean()).as("%s — %s", c.path("name").asText(), c.path("detail").asText()).isTrue();
    }
    List<String> shots = new ArrayList<>(List.of("home-dmel.png", "home-ce_ws199.png", "home-genotypes.png",
        "home-loading-failed.png"));
    if (genesBase != null) {
      shots.addAll(List.of("home-assembly.png", "home-sequence.png"));
    }
    for (String shot : shots) {
      Path png = out.resolve(shot);
      assertThat(png).as("screenshot %s", shot).isRegularFile();
      byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(png), 8);
      assertThat(head).startsWith(0x89, 'P', 'N', 'G');
      assertThat(Files.size(png)).isGreaterThan(20_000);
    }
  }
}
