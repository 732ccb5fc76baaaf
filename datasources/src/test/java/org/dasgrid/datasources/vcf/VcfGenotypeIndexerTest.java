package org.dasgrid.datasources.vcf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.Tools;
import org.dasgrid.datasources.io.BlockInflater;
import org.dasgrid.datasources.vcf.VcfGenotypeIndexer.Reading;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The parallel index build (BGZF blocks inflated on a pool, records parsed on a thread of their own) writes
 * the same bytes as the one-thread build it replaces, for random cohorts with every kind of call (missing,
 * haploid, multi-allelic, phased, triploid, extra FORMAT fields, FORMAT without GT, INFO with END), from
 * bgzip (made by the real {@code bgzip}), plain gzip and plain text, with each inflater on one and two
 * threads; and fails the same way, naming file and line, on a bad record.
 */
class VcfGenotypeIndexerTest {
  @TempDir Path dir;

  @Test
  void parallelBuildWritesTheSameBytesAsTheOneThreadBuild() throws Exception {
    Tools.require("bgzip");
    BlockInflater intel = BlockInflater.intelOrJdk().inflater();
    assertThat(intel.name()).isEqualTo("ISA-L (Intel GKL)"); // GKL must load here: the test is about it
    for (long seed : new long[] {1, 2}) {
      String text = randomVcf(new Random(seed), 300, 1500);
      Path plain = Files.writeString(dir.resolve("c" + seed + ".vcf"), text);
      Path bgz = dir.resolve("c" + seed + ".vcf.gz");
      Tools.runTo(List.of("bgzip", "-c", plain.toString()), bgz);
      Path gz = Files.write(dir.resolve("c" + seed + ".plain.vcf.gz"), gzip(text));
      Path expected = dir.resolve("expected" + seed + ".dgi");
      VcfGenotypeIndexer.build(bgz, expected, LoadMonitor.NONE, BlockInflater.jdk(), 1, Reading.ONE_THREAD, false);
      assertThat(Files.size(expected)).isGreaterThan(10_000);
      for (Path vcf : List.of(bgz, gz, plain)) {
        for (BlockInflater inflater : List.of(BlockInflater.jdk(), intel)) {
          for (int threads : new int[] {1, 2}) {
            Path out = dir.resolve("out.dgi");
            Files.deleteIfExists(out);
            long[] last = {0};
            VcfGenotypeIndexer.Result r =
                VcfGenotypeIndexer.build(vcf, out, (n, bytes) -> last[0] = n, inflater, threads, Reading.PARALLEL, false);
            assertThat(r.stats().sites()).isEqualTo(1500);
            assertThat(last[0]).isEqualTo(1500);
            // the identity of the source VCF is in the header: compare with the expected build of the same file
            Path same = vcf.equals(bgz) ? expected : oneThread(vcf);
            assertThat(Files.mismatch(out, same)).as("%s %s %d threads", vcf.getFileName(), inflater.name(), threads)
                .isEqualTo(-1L);
          }
        }
      }
    }
  }

  /** Windows line ends: the calls the parsing thread packs are those the one-thread build gives one by one. */
  @Test
  void windowsLineEndsBuildTheSameBytesAsTheOneThreadBuild() throws Exception {
    Path plain = Files.writeString(dir.resolve("crlf.vcf"), randomVcf(new Random(4), 200, 600).replace("\n", "\r\n"));
    Path out = dir.resolve("crlf.dgi");
    VcfGenotypeIndexer.Result r =
        VcfGenotypeIndexer.build(plain, out, LoadMonitor.NONE, BlockInflater.jdk(), 2, Reading.PARALLEL, false);
    assertThat(r.stats().sites()).isEqualTo(600);
    assertThat(Files.mismatch(out, oneThread(plain))).isEqualTo(-1L);
  }

  @Test
  void aBadRecordFailsTheSameWayNamingFileAndLine() throws Exception {
    Tools.require("bgzip");
    String text = randomVcf(new Random(3), 50, 400);
    List<String> lines = new ArrayList<>(text.lines().toList());
    int header = (int) lines.stream().filter(l -> l.startsWith("#")).count();
    // in the parsing thread (a GT allele the record lacks, a bad GT, POS 0), in the adding one (contig 1 after
    // contig 2), and both at once: the adding thread's error first, as the one-thread reader starts the site first
    String zeros = "\t0/0".repeat(49);
    for (String bad : List.of("2\t5\t.\tA\tC\t.\tPASS\t.\tGT\t0/2" + zeros,
        "2\t5\t.\tA\tC\t.\tPASS\t.\tGT\t0/x" + zeros, "2\t0\t.\tA\tC\t.\tPASS\t.\tGT\t0/1" + zeros,
        "1\t5\t.\tA\tC\t.\tPASS\t.\tGT" + "\t0/1".repeat(50), "1\t5\t.\tA\tC\t.\tPASS\t.\tGT\t0/2" + zeros)) {
      List<String> cut = new ArrayList<>(lines);
      cut.set(header + 300, bad);
      Path plain = Files.write(dir.resolve("bad.vcf"), cut);
      Path bgz = dir.resolve("bad.vcf.gz");
      Tools.runTo(List.of("bgzip", "-c", plain.toString()), bgz);
      String expected = failure(bgz, Reading.ONE_THREAD);
      assertThat(expected).startsWith("bad.vcf.gz:" + (header + 301) + ": ");
      assertThat(failure(bgz, Reading.PARALLEL)).isEqualTo(expected);
    }
  }

  /**
   * A range read on one thread ({@link DirectReader}: parsed and added there) and parsed ahead on another ({@link
   * ParseAheadReader}) give the same pieces, byte for byte, cut at the same records (small pieces: several cuts,
   * the chrX-like haploid calls weighed alike), and fail the same way on a bad record.
   */
  @Test
  void oneThreadAndParseAheadReadersOfARangeWriteTheSameBytesAndFailAlike() throws Exception {
    Tools.require("bgzip");
    Path plain = Files.writeString(dir.resolve("r.vcf"), randomVcf(new Random(5), 120, 1200));
    Path bgz = dir.resolve("r.vcf.gz");
    Tools.runTo(List.of("bgzip", "-c", plain.toString()), bgz);
    assertSamePieces(bgz);
    // Windows line ends, empty lines and no newline after the last record: the one-thread reader finds each
    // line's end as it reads the line's calls (ByteLines#nextStart), the parse-ahead one before
    String text = randomVcf(new Random(6), 120, 1200);
    int third = text.indexOf('\n', text.length() / 3) + 1;
    text = text.substring(0, third) + "\n" + text.substring(third, text.length() - 1);
    Path crlf = Files.writeString(dir.resolve("crlf.vcf"), text.replace("\n", "\r\n"));
    Path crlfBgz = dir.resolve("crlf.vcf.gz");
    Tools.runTo(List.of("bgzip", "-c", crlf.toString()), crlfBgz);
    assertSamePieces(crlfBgz);

    List<String> lines = new ArrayList<>(Files.readAllLines(plain));
    int header = (int) lines.stream().filter(l -> l.startsWith("#")).count();
    String zeros = "\t0/0".repeat(119);
    // the record the bad lines replace, cut short or made long: its line end where the reader does not expect it
    String[] at = lines.get(header + 700).split("\t");
    String fixed = String.join("\t", java.util.Arrays.copyOf(at, 9));
    String columns = String.join("\t", java.util.Arrays.copyOfRange(at, 9, at.length));
    for (String bad : List.of("2\t5\t.\tA\tC\t.\tPASS\t.\tGT\t0/2" + zeros, "1\t5\t.\tA\tC\t.\tPASS\t.\tGT\t0/1" + zeros,
        "#2\t5\t.\tA\tC\t.\tPASS\t.\tGT\t0/1" + zeros, fixed + "\t" + columns.substring(0, columns.lastIndexOf('\t')),
        fixed + "\t" + columns + "\t0/1", fixed, String.join("\t", java.util.Arrays.copyOf(at, 8)),
        String.join("\t", java.util.Arrays.copyOf(at, 4)), fixed + "\t")) {
      List<String> cut = new ArrayList<>(lines);
      cut.set(header + 700, bad);
      Path badPlain = Files.write(dir.resolve("rbad.vcf"), cut);
      Path badBgz = dir.resolve("rbad.vcf.gz");
      Tools.runTo(List.of("bgzip", "-c", badPlain.toString()), badBgz);
      List<String> messages = new ArrayList<>();
      for (boolean oneThread : new boolean[] {true, false}) {
        Path out = Files.createDirectories(dir.resolve("rbad-" + oneThread));
        try {
          VcfGenotypeIndexer.buildPieces(badBgz, out, "p", LoadMonitor.NONE, BlockInflater.jdk(), 1, false, 4_000,
              VcfRanges.Range.WHOLE, oneThread);
          throw new AssertionError(bad + ": no failure");
        } catch (SourceLoadException e) {
          messages.add(e.getMessage());
        }
      }
      assertThat(messages.get(0)).startsWith("rbad.vcf.gz:" + (header + 701) + ": ").isEqualTo(messages.get(1))
          // both readers find line ends the same way (RecordLines): the one-thread build, which finds each
          // line's end before reading it, is the oracle of where the bad line ends and what is wrong with it
          .isEqualTo(failure(badBgz, Reading.ONE_THREAD));
    }
  }

  /** Both readers give the same pieces of {@code vcf}'s index, byte for byte, cut at the same records. */
  private void assertSamePieces(Path vcf) throws Exception {
    List<Path> direct = pieces(vcf, "direct", true);
    List<Path> ahead = pieces(vcf, "ahead", false);
    assertThat(direct).hasSizeGreaterThanOrEqualTo(4).hasSameSizeAs(ahead);
    for (int i = 0; i < direct.size(); i++) {
      assertThat(Files.mismatch(direct.get(i), ahead.get(i))).as(direct.get(i).getFileName().toString()).isEqualTo(-1L);
    }
  }

  /** The pieces of {@code vcf}'s index cut every ~4,000 calls, read one way or the other. */
  private List<Path> pieces(Path vcf, String name, boolean oneThread) throws Exception {
    Path out = dir.resolve(name);
    if (Files.exists(out)) {
      try (var old = Files.list(out)) {
        for (Path f : old.toList()) {
          Files.delete(f);
        }
      }
    }
    Files.createDirectories(out);
    VcfGenotypeIndexer.Pieces p = VcfGenotypeIndexer.buildPieces(vcf, out, "p", LoadMonitor.NONE,
        BlockInflater.jdk(), 1, false, 4_000, VcfRanges.Range.WHOLE, oneThread);
    assertThat(p.records()).isEqualTo(1200);
    return p.pieces().stream().map(PieceCutter.Made::file).toList();
  }

  private String failure(Path vcf, Reading how) throws IOException {
    Path out = dir.resolve("bad.dgi");
    try {
      VcfGenotypeIndexer.build(vcf, out, LoadMonitor.NONE, BlockInflater.intelOrJdk().inflater(), 2, how, false);
    } catch (SourceLoadException e) {
      assertThat(out).doesNotExist();
      return e.getMessage();
    }
    throw new AssertionError(how + ": no failure");
  }

  private Path oneThread(Path vcf) throws Exception {
    Path out = dir.resolve("one-" + vcf.getFileName() + ".dgi");
    if (!Files.exists(out)) {
      VcfGenotypeIndexer.build(vcf, out, LoadMonitor.NONE, BlockInflater.jdk(), 1, Reading.ONE_THREAD, false);
    }
    return out;
  }

  /** A sorted VCF of random sites and calls of every kind, on two declared contigs and one undeclared. */
  static String randomVcf(Random r, int samples, int records) {
    StringBuilder s = new StringBuilder("""
        ##fileformat=VCFv4.2
        ##contig=<ID=1,length=5000000>
        ##contig=<ID=2,length=5000000>
        ##INFO=<ID=DP,Number=1,Type=Integer,Description="depth">
        ##INFO=<ID=END,Number=1,Type=Integer,Description="end">
        ##FORMAT=<ID=GT,Number=1,Type=String,Description="genotype">
        ##FORMAT=<ID=DP,Number=1,Type=Integer,Description="depth">
        #CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT""");
    for (int i = 0; i < samples; i++) {
      s.append("\tS").append(i);
    }
    s.append('\n');
    String[] bases = {"A", "C", "G", "T"};
    int pos = 100;
    for (int i = 0; i < records; i++) {
      String contig = i < records / 2 ? "1" : i < records * 9 / 10 ? "2" : "3";
      if (i == records / 2 || i == records * 9 / 10) {
        pos = 100;
      }
      pos += 1 + r.nextInt(50);
      String ref = bases[r.nextInt(4)] + (r.nextInt(10) == 0 ? "GT" : "");
      int alts = r.nextInt(12) == 0 ? 0 : r.nextInt(6) == 0 ? 2 + r.nextInt(2) : 1;
      List<String> alt = new ArrayList<>();
      for (String b : bases) {
        if (alt.size() < alts && !ref.startsWith(b)) {
          alt.add(b);
        }
      }
      String info = switch (r.nextInt(4)) {
        case 0 -> ".";
        case 1 -> "DP=" + r.nextInt(100);
        case 2 -> "DP=" + r.nextInt(100) + ";END=" + (pos + 20);
        default -> "END=" + (pos + 5);
      };
      boolean extra = r.nextInt(3) == 0;
      String format = r.nextInt(40) == 0 ? "DP" : extra ? "GT:DP" : "GT";
      s.append(contig).append('\t').append(pos).append('\t').append(r.nextInt(3) == 0 ? "rs" + i : ".")
          .append('\t').append(ref).append('\t').append(alt.isEmpty() ? "." : String.join(",", alt))
          .append("\t.\tPASS\t").append(info).append('\t').append(format);
      double density = r.nextDouble() * 0.6;
      for (int j = 0; j < samples; j++) {
        s.append('\t');
        if (format.equals("DP")) {
          s.append(r.nextInt(30));
          continue;
        }
        s.append(call(r, alt.size(), density));
        if (extra) {
          s.append(':').append(r.nextInt(30));
        }
      }
      s.append('\n');
    }
    return s.toString();
  }

  private static String call(Random r, int alts, double density) {
    char sep = r.nextBoolean() ? '|' : '/';
    if (r.nextDouble() >= density) {
      return "0" + sep + "0";
    }
    int k = r.nextInt(20);
    if (k == 0) {
      return "." + sep + ".";
    }
    if (k == 1) {
      return ".";
    }
    if (k == 2) {
      return String.valueOf(allele(r, alts)); // haploid
    }
    if (k == 3) {
      return allele(r, alts) + "/" + allele(r, alts) + "/" + allele(r, alts); // triploid
    }
    if (k == 4) {
      return allele(r, alts) + "" + sep + ".";
    }
    return allele(r, alts) + "" + sep + allele(r, alts);
  }

  private static int allele(Random r, int alts) {
    return r.nextInt(alts + 1);
  }

  private static byte[] gzip(String text) throws IOException {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    try (OutputStream out = new GZIPOutputStream(bytes)) {
      out.write(text.getBytes(StandardCharsets.US_ASCII));
    }
    return bytes.toByteArray();
  }
}
