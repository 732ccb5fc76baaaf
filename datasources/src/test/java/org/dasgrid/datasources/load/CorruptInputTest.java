package org.dasgrid.datasources.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.datasources.Sources;
import org.dasgrid.datasources.Tools;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Broken inputs, loaded through the registry's loader beside a good source: each fails with one line naming
 * file and line (or file, when no line is at fault), and the good source still serves.
 */
class CorruptInputTest {
  @TempDir Path dir;

  @Test
  void truncatedGzipNamesThePartialLine() throws IOException {
    byte[] gz = gzip(Files.readAllBytes(Sources.EXAMPLES.resolve("dmel-2L.gff3")));
    Path cut = Files.write(dir.resolve("dmel.gff3.gz"), Arrays.copyOf(gz, gz.length / 2));
    long partialLine = linesIn(recoverable(cut));
    assertFails(Sources.config("bad", "gff3", cut), "dmel.gff3.gz:" + partialLine
        + ": truncated gzip data: the file ends in the middle of compressed data (an incomplete copy?)");
    assertThat(partialLine).isGreaterThan(1000);
  }

  @Test
  void truncatedGzipInEveryLineFormat() throws IOException {
    for (String[] c : new String[][] {
        {"gff2", "ce_ws199.gff"}, {"gtf", null}, {"bed", null}}) {
      byte[] text = c[1] != null ? Files.readAllBytes(Sources.EXAMPLES.resolve(c[1]))
          : Files.readAllBytes(c[0].equals("gtf") ? Sources.TEST_DATA.resolve("gtf/gencode-v19.gtf")
              : Sources.TEST_DATA.resolve("bed/dmel-2L-mrna.bed"));
      byte[] gz = gzip(text);
      Path cut = Files.write(dir.resolve("cut." + c[0] + ".gz"), Arrays.copyOf(gz, gz.length * 2 / 3));
      long partialLine = linesIn(recoverable(cut));
      String reason = Sources.load(Sources.config("bad", c[0], cut)).failure("bad");
      assertThat(reason).as(c[0]).isEqualTo("cut." + c[0] + ".gz:" + partialLine
          + ": truncated gzip data: the file ends in the middle of compressed data (an incomplete copy?)");
    }
  }

  @Test
  void badGff3Records() throws IOException {
    String ok = "2L\tFlyBase\tgene\t100\t200\t.\t+\t.\tID=g1";
    assertFails(gff3Source(ok, "2L\tFlyBase\tgene\t100\t200\t.\t+"),
        "bad.gff3:3: expected 9 tab-separated columns, found 7");
    assertFails(gff3Source(ok, "2L\tFlyBase\tgene\tone\t200\t.\t+\t.\tID=g2"),
        "bad.gff3:3: start 'one' is not an integer");
    assertFails(gff3Source(ok, "2L\tFlyBase\tgene\t300\t200\t.\t+\t.\tID=g2"), "bad.gff3:3: end 200 < start 300");
    assertFails(gff3Source(ok, "2L\tFlyBase\tgene\t100\t200\tgood\t+\t.\tID=g2"),
        "bad.gff3:3: score 'good' is not a number or '.'");
  }

  @Test
  void badGff2AndGtfRecords() throws IOException {
    Path gtf = Files.write(dir.resolve("bad.gtf"), List.of(
        "chr1\tHAVANA\texon\t100\t200\t.\t+\t.\tgene_id \"g\"; transcript_id \"t\";",
        "chr1\tHAVANA\texon\t1e3\t200\t.\t+\t.\tgene_id \"g\"; transcript_id \"t\";"));
    assertFails(Sources.config("bad", "gtf", gtf), "bad.gtf:2: start '1e3' is not an integer");
    Path gff2 = Files.write(dir.resolve("bad.gff"), List.of("I\tcurated\texon\t100\t200\t.\t+"));
    assertFails(Sources.config("bad", "gff2", gff2), "bad.gff:1: expected 8 or 9 tab-separated columns, found 7");
  }

  @Test
  void fastaProblems() throws IOException {
    assertFasta("ragged.fa", ">chr1\nACGTACGTAC\nACGTAC\nACGTACGTAC\n", "ragged.fa:3: line of 6 bases inside"
        + " sequence 'chr1', whose lines have 10 (an indexed FASTA needs all lines of a sequence but the last to"
        + " be equally long)");
    assertFasta("headless.fa", "ACGT\nACGT\n", "headless.fa:1: expected a '>' header line, found 'ACGT'");
    assertFasta("empty.fa", ">chr1\n\n>chr2\nAAAA\n", "empty.fa:1: sequence 'chr1' has no bases");
    assertFasta("twice.fa", ">chr1\nAC\n>chr1\nAAAA\n", "twice.fa:3: sequence 'chr1' appears twice");
    assertFasta("nothing.fa", "\n\n", "nothing.fa: no sequences (is this a FASTA file?)");
    // an index naming a contig the FASTA does not have (copied from another assembly)
    Path fa = Files.writeString(dir.resolve("stale.fa"), ">chr1\nACGTACGTAC\nACG\n>chr2\nAAAA\n");
    Path fai = Files.writeString(dir.resolve("stale.fa.fai"), "chr1\t13\t6\t10\t11\nchrX\t4\t26\t4\t5\n");
    Files.setLastModifiedTime(fai, FileTime.fromMillis(Files.getLastModifiedTime(fa).toMillis() + 60_000));
    assertFails(Sources.config("bad", "fasta", fa), "stale.fa.fai: sequence 'chrX' is not in stale.fa where the"
        + " index says (an index of another file?); delete stale.fa.fai to rebuild it");
  }

  @Test
  void fastaProblemsFailTheSourceTheyAreTheSequenceOf() throws IOException {
    Path fa = Files.writeString(dir.resolve("ragged.fa"), ">2L\nACGTACGTAC\nACG\nACGTACGTAC\n");
    Path gff = gff3("2L\tFlyBase\tgene\t100\t200\t.\t+\t.\tID=g1");
    SourceConfig config = Sources.config("bad", "gff3", gff);
    config = new SourceConfig("bad", "bad", "", "gff3", gff.toString(), fa.toString(), null, null, false,
        config.access(), null, List.of(), java.util.Map.of(), dir);
    assertFails(config, "ragged.fa:3: line of 3 bases inside sequence '2L', whose lines have 10 (an indexed FASTA"
        + " needs all lines of a sequence but the last to be equally long)");
  }

  @Test
  void tabixProblems() throws Exception {
    Tools.require("tabix", "bgzip");
    Path gff = gff3("2L\tFlyBase\tgene\t100\t200\t.\t+\t.\tID=g1", "2L\tFlyBase\tgene\t300\t400\t.\t+\t.\tID=g2");
    Path gz = dir.resolve("bad.gff3.gz");
    Tools.runTo(List.of("bgzip", "-c", gff.toString()), gz);
    assertFails(Sources.config("bad", "tabix", gz), "bad.gff3.gz: no tabix index: neither bad.gff3.gz.tbi nor"
        + " bad.gff3.gz.csi exists (make one with: tabix -p gff|bed|vcf bad.gff3.gz)");

    Tools.run(List.of("tabix", "-p", "gff", gz.toString()));
    Path tbi = dir.resolve("bad.gff3.gz.tbi");
    Files.setLastModifiedTime(gz, FileTime.fromMillis(Files.getLastModifiedTime(tbi).toMillis() + 60_000));
    assertFails(Sources.config("bad", "tabix", gz),
        "bad.gff3.gz.tbi: the index is older than bad.gff3.gz; re-run tabix");

    // the data replaced by plain gzip behind a newer index
    Files.write(gz, gzip(Files.readAllBytes(gff)));
    Files.setLastModifiedTime(tbi, FileTime.fromMillis(Files.getLastModifiedTime(gz).toMillis() + 60_000));
    assertFails(Sources.config("bad", "tabix", gz), "bad.gff3.gz: not bgzip-compressed, so it cannot be"
        + " tabix-indexed (if it is plain gzip, recompress it with bgzip)");

    // the data replaced by an unsorted file behind the old index
    Path unsorted = gff3("2L\tFlyBase\tgene\t300\t400\t.\t+\t.\tID=g2", "2L\tFlyBase\tgene\t100\t200\t.\t+\t.\tID=g1");
    Tools.runTo(List.of("bgzip", "-c", unsorted.toString()), gz);
    Files.setLastModifiedTime(tbi, FileTime.fromMillis(Files.getLastModifiedTime(gz).toMillis() + 60_000));
    assertFails(Sources.config("bad", "tabix", gz), "bad.gff3.gz:3: not sorted: start 100 after 300 (tabix needs"
        + " the file sorted by reference, then start)");

    // a bgzip file cut between two blocks: only the end-of-file marker is missing
    Path sorted = Files.write(dir.resolve("sorted.gff3"), List.of("##gff-version 3",
        "2L\tFlyBase\tgene\t100\t200\t.\t+\t.\tID=g1", "2L\tFlyBase\tgene\t300\t400\t.\t+\t.\tID=g2"));
    Tools.runTo(List.of("bgzip", "-c", sorted.toString()), gz);
    byte[] whole = Files.readAllBytes(gz);
    Files.write(gz, Arrays.copyOf(whole, whole.length - 28));
    Files.setLastModifiedTime(tbi, FileTime.fromMillis(Files.getLastModifiedTime(gz).toMillis() + 60_000));
    assertFails(Sources.config("bad", "tabix", gz), "bad.gff3.gz:3: truncated bgzip file: the end-of-file marker"
        + " block is missing (an incomplete copy?)");
  }

  private void assertFasta(String name, String content, String expected) throws IOException {
    Path fa = Files.writeString(dir.resolve(name), content);
    assertFails(Sources.config("bad", "fasta", fa), expected);
  }

  /** Loads the bad source beside a good one; the bad one fails with exactly {@code expected}. */
  private void assertFails(SourceConfig bad, String expected) throws IOException {
    Path good = Files.write(dir.resolve("good.bed"), List.of("chr1\t0\t100\tokay"));
    Sources s = Sources.load(bad, Sources.config("good", "bed", good));
    assertThat(s.failure(bad.id())).isEqualTo(expected).doesNotContain("\n");
    assertThat(s.answer("good", "features", "segment=chr1:1,100")).contains("<FEATURE id=\"okay@chr1:1-100\"");
  }

  private Path gff3(String... lines) throws IOException {
    List<String> all = new java.util.ArrayList<>(List.of("##gff-version 3"));
    all.addAll(List.of(lines));
    return Files.write(dir.resolve("bad.gff3"), all);
  }

  private SourceConfig gff3Source(String... lines) throws IOException {
    return Sources.config("bad", "gff3", gff3(lines));
  }

  private static byte[] gzip(byte[] data) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (OutputStream out = new GZIPOutputStream(bytes)) {
      out.write(data);
    }
    return bytes.toByteArray();
  }

  /** The text that can be decompressed from a cut gzip file. */
  private static byte[] recoverable(Path gz) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
      byte[] buf = new byte[8192];
      int n;
      while ((n = in.read(buf)) > 0) {
        out.write(buf, 0, n);
      }
    } catch (EOFException e) {
      // the cut
    }
    return out.toByteArray();
  }

  /** Lines in text, counting a last line without a newline. */
  private static long linesIn(byte[] text) {
    long n = 0;
    for (byte b : text) {
      n += b == '\n' ? 1 : 0;
    }
    return text.length > 0 && text[text.length - 1] != '\n' ? n + 1 : n;
  }
}
