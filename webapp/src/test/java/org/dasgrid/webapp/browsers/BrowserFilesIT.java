package org.dasgrid.webapp.browsers;

import static org.assertj.core.api.Assertions.assertThat;

import htsjdk.samtools.reference.FastaSequenceIndex;
import htsjdk.samtools.reference.FastaSequenceIndexEntry;
import htsjdk.samtools.util.BlockCompressedInputStream;
import htsjdk.samtools.util.GZIIndex;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.dasgrid.webapp.Http;
import org.dasgrid.webapp.TestServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code /files/*} as the browsers' range readers and htslib use it, on the bundled examples: every Range edge
 * (first and last byte, suffix, open-ended, several ranges, unsatisfiable, malformed), If-Range, HEAD, CORS,
 * no Content-Encoding; then {@code tabix} and {@code bcftools} reading the exports over HTTP give the DAS
 * answer's records for random regions, and the FASTA read through its .fai and .gzi by range requests gives the
 * DAS sequence.
 */
@ExtendWith(BrowserFilesIT.Server.class)
class BrowserFilesIT {
  static String base;
  @TempDir Path tmp;

  static final class Server implements org.junit.jupiter.api.extension.BeforeAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
      base = TestServer.examples(context).base();
    }
  }

  static byte[] whole;
  static String etag;
  static String gff;

  @BeforeAll
  static void fetchWhole() {
    gff = base + "/files/dmel/dmel.gff3.gz";
    Http.Response r = Http.get(gff);
    assertThat(r.status()).isEqualTo(200);
    whole = r.body();
    etag = r.header("ETag");
    assertThat(etag).matches("\"[0-9a-f]+-[0-9a-f]{8}\"");
    assertThat(r.header("Accept-Ranges")).isEqualTo("bytes");
    assertThat(r.header("Content-Length")).isEqualTo(Integer.toString(whole.length));
    assertThat(whole.length).isGreaterThan(100_000);
  }

  private static Http.Response range(String spec, String... more) {
    List<String> h = new ArrayList<>(List.of("Range", spec));
    h.addAll(List.of(more));
    return Http.get(gff, h.toArray(String[]::new));
  }

  private static void assertPart(Http.Response r, long first, long last) {
    assertThat(r.status()).isEqualTo(206);
    assertThat(r.header("Content-Range")).isEqualTo("bytes " + first + "-" + last + "/" + whole.length);
    assertThat(r.header("Content-Length")).isEqualTo(Long.toString(last - first + 1));
    assertThat(r.body()).isEqualTo(Arrays.copyOfRange(whole, (int) first, (int) last + 1));
  }

  @Test
  void singleRangesAtTheEdges() {
    int n = whole.length;
    assertPart(range("bytes=0-0"), 0, 0);
    assertPart(range("bytes=" + (n - 1) + "-" + (n - 1)), n - 1, n - 1);
    assertPart(range("bytes=" + (n - 1) + "-"), n - 1, n - 1);
    assertPart(range("bytes=-1"), n - 1, n - 1);
    assertPart(range("bytes=-100"), n - 100, n - 1);
    assertPart(range("bytes=-" + (n + 1000)), 0, n - 1); // a suffix longer than the file is all of it
    assertPart(range("bytes=65000-"), 65000, n - 1); // across BGZF blocks
    assertPart(range("bytes=100-" + (n + 5000)), 100, n - 1); // an end past the file is clipped
    assertPart(range("bytes=1000-66535"), 1000, 66535);
  }

  @Test
  void unsatisfiableAndMalformedRanges() {
    int n = whole.length;
    for (String spec : List.of("bytes=" + n + "-", "bytes=" + (n + 10) + "-" + (n + 20), "bytes=-0")) {
      Http.Response r = range(spec);
      assertThat(r.status()).as(spec).isEqualTo(416);
      assertThat(r.header("Content-Range")).as(spec).isEqualTo("bytes */" + n);
    }
    // malformed: ignored, as RFC 9110 allows — the whole file
    for (String spec : List.of("bytes=5-1", "bytes=a-b", "items=0-1", "bytes=1")) {
      Http.Response r = range(spec);
      assertThat(r.status()).as(spec).isEqualTo(200);
      assertThat(r.body()).as(spec).isEqualTo(whole);
    }
  }

  @Test
  void severalRangesComeAsMultipartByteranges() {
    int n = whole.length;
    Http.Response r = range("bytes=0-9, 70000-70099,-5");
    assertThat(r.status()).isEqualTo(206);
    Matcher m = Pattern.compile("multipart/byteranges; boundary=(\\S+)").matcher(r.header("Content-Type"));
    assertThat(m.matches()).as(r.header("Content-Type")).isTrue();
    assertThat(r.header("Content-Length")).isEqualTo(Integer.toString(r.body().length));
    List<byte[]> parts = Multipart.parts(r.body(), m.group(1));
    List<String> ranges = Multipart.contentRanges(r.body(), m.group(1));
    assertThat(ranges).containsExactly("bytes 0-9/" + n, "bytes 70000-70099/" + n,
        "bytes " + (n - 5) + "-" + (n - 1) + "/" + n);
    assertThat(parts.get(0)).isEqualTo(Arrays.copyOfRange(whole, 0, 10));
    assertThat(parts.get(1)).isEqualTo(Arrays.copyOfRange(whole, 70000, 70100));
    assertThat(parts.get(2)).isEqualTo(Arrays.copyOfRange(whole, n - 5, n));
  }

  @Test
  void ifRangeWithTheCurrentTagGivesTheRangeAndWithAnotherTheWholeFile() {
    assertPart(range("bytes=10-19", "If-Range", etag), 10, 19);
    for (String stale : List.of("\"0-00000000\"", "W/" + etag, "Wed, 21 Oct 2015 07:28:00 GMT")) {
      Http.Response r = range("bytes=10-19", "If-Range", stale);
      assertThat(r.status()).as(stale).isEqualTo(200);
      assertThat(r.body()).isEqualTo(whole);
    }
    assertThat(Http.get(gff, "If-None-Match", etag).status()).isEqualTo(304);
  }

  @Test
  void headSaysWhatGetWouldSendWithoutTheBody() {
    Http.Response head = Http.method("HEAD", gff, null);
    assertThat(head.status()).isEqualTo(200);
    assertThat(head.body()).isEmpty();
    assertThat(head.header("Content-Length")).isEqualTo(Integer.toString(whole.length));
    assertThat(head.header("ETag")).isEqualTo(etag);
    Http.Response part = Http.method("HEAD", gff, null, "Range", "bytes=5-14");
    assertThat(part.status()).isEqualTo(206);
    assertThat(part.header("Content-Range")).isEqualTo("bytes 5-14/" + whole.length);
  }

  @Test
  void bgzippedBytesAreNeverContentEncodedAndCorsLetsBrowsersReadRanges() {
    Http.Response r = range("bytes=0-99", "Accept-Encoding", "gzip, deflate, br", "Origin", "https://example.org");
    assertThat(r.header("Content-Encoding")).isNull();
    assertPart(r, 0, 99);
    assertThat(r.header("Access-Control-Allow-Origin")).isEqualTo("*");
    assertThat(r.header("Access-Control-Expose-Headers"))
        .contains("Content-Range", "Content-Length", "Accept-Ranges", "ETag");
    Http.Response pre = Http.method("OPTIONS", gff, null, "Origin", "https://example.org",
        "Access-Control-Request-Method", "GET", "Access-Control-Request-Headers", "range");
    assertThat(pre.status()).isEqualTo(204);
    assertThat(pre.header("Access-Control-Allow-Headers")).contains("Range");
  }

  @Test
  void unknownSourcesAndFilesAreNotFound() {
    assertThat(Http.get(base + "/files/nosuch/nosuch.gff3.gz").status()).isEqualTo(404);
    Http.Response r = Http.get(base + "/files/dmel/dmel.vcf.gz", "Origin", "https://example.org");
    assertThat(r.status()).isEqualTo(404);
    assertThat(r.text()).contains("dmel.gff3.gz");
    // errors keep the filters' headers: a page can read why, and the log finds the request
    assertThat(r.header("Access-Control-Allow-Origin")).isEqualTo("*");
    assertThat(r.header("X-Request-Id")).isNotBlank();
    assertThat(Http.get(base + "/files/dmel").status()).isEqualTo(404);
    // only the exact names of a source's exports are files: nothing else of the disk is reachable
    assertThat(Http.raw(base, "/files/dmel/..%2Fdmel.gff3.gz").status()).isIn(400, 404);
  }

  @Test
  void tabixOverHttpGivesTheDasAnswerForRandomRegions() throws Exception {
    CommandLine.require("tabix");
    Random random = new Random(2026);
    List<int[]> regions = new ArrayList<>(List.of(new int[] {1, 27772}, new int[] {2501, 2550}));
    for (int i = 0; i < 12; i++) {
      int start = 1 + random.nextInt(4_400_000);
      regions.add(new int[] {start, start + random.nextInt(40_000)});
    }
    for (int[] r : regions) {
      List<String> tabix = CommandLine.run("tabix", gff, "2L:" + r[0] + "-" + r[1]);
      List<String> das = Http.get(base + "/das/dmel/features?segment=2L:" + r[0] + "," + r[1] + "&format=gff3")
          .text().lines().filter(l -> !l.startsWith("#")).toList();
      assertThat(tabix).as("2L:%d-%d", r[0], r[1]).isEqualTo(das);
    }
    assertThat(CommandLine.run("tabix", gff, "2L:1-27772")).hasSize(550);
  }

  @Test
  void bcftoolsOverHttpGivesTheDasVariantsForRandomRegions() throws Exception {
    CommandLine.require("bcftools");
    String vcf = base + "/files/ceu/ceu.vcf.gz";
    assertThat(CommandLine.run("bcftools", "query", "-l", vcf)).hasSize(90);
    // regions within each reference's length (that of the source: DAS answers past it with an error segment)
    java.util.Map<String, Integer> lengths = new java.util.HashMap<>();
    Http.get(base + "/api/sources/ceu/chrom.sizes").text().lines().map(l -> l.split("\t"))
        .forEach(c -> lengths.put(c[0], Integer.parseInt(c[1])));
    Random random = new Random(90);
    List<String> regions = new ArrayList<>(List.of("1:1105366-1200000", "22:1-" + lengths.get("22")));
    for (int i = 0; i < 8; i++) {
      String chr = Integer.toString(1 + random.nextInt(22));
      int len = lengths.get(chr);
      int start = 1 + random.nextInt(len);
      regions.add(chr + ":" + start + "-" + Math.min(len, start + random.nextInt(30_000_000)));
    }
    int seen = 0;
    for (String region : regions) {
      // one row per ALT allele, as the DAS VCF answer splits multi-allelic records
      List<String> bcf = new ArrayList<>();
      for (String l : CommandLine.run("bcftools", "query", "-r", region, "-f", "%CHROM\\t%POS\\t%REF\\t%ALT\\n", vcf)) {
        String[] c = l.split("\t");
        for (String alt : c[3].split(",")) {
          bcf.add(c[0] + "\t" + c[1] + "\t" + c[2] + "\t" + alt);
        }
      }
      String segment = region.replace('-', ',');
      List<String> das = Http.get(base + "/das/ceu/features?segment=" + segment + "&format=vcf").text().lines()
          .filter(l -> !l.startsWith("#")).map(l -> l.split("\t"))
          .map(c -> c[0] + "\t" + c[1] + "\t" + c[3] + "\t" + c[4]).toList();
      assertThat(bcf).as(region).isEqualTo(das);
      seen += das.size();
    }
    assertThat(seen).isGreaterThan(10);
  }

  @Test
  void fastaReadThroughItsFaiAndGziByRangeRequestsGivesTheDasSequence() throws Exception {
    String fa = base + "/files/ce_ws199/ce_ws199.fa.gz";
    Path fai = tmp.resolve("ce.fa.gz.fai");
    Path gzi = tmp.resolve("ce.fa.gz.gzi");
    Files.write(fai, Http.get(fa + ".fai").body());
    Files.write(gzi, Http.get(fa + ".gzi").body());
    FastaSequenceIndex index = new FastaSequenceIndex(fai);
    GZIIndex blocks = GZIIndex.loadIndex(gzi);
    long length = Long.parseLong(Http.method("HEAD", fa, null).header("Content-Length"));
    Random random = new Random(199);
    int checked = 0;
    for (FastaSequenceIndexEntry e : index) {
      for (int i = 0; i < 4; i++) {
        int a = 1 + random.nextInt((int) e.getSize());
        int b = (int) Math.min(e.getSize(), a + random.nextInt(80));
        String das = Http.get(base + "/das/ce_ws199/sequence?segment=" + e.getContig() + ":" + a + "," + b)
            .text().replaceAll("(?s).*<SEQUENCE[^>]*>", "").replaceAll("(?s)</SEQUENCE>.*", "").replaceAll("\\s", "");
        assertThat(read(fa, length, e, blocks, a, b)).as("%s:%d-%d", e.getContig(), a, b).isEqualToIgnoringCase(das);
        checked++;
      }
    }
    assertThat(checked).isGreaterThanOrEqualTo(20);
  }

  /** Bases a..b (1-based) of a bgzipped FASTA, read as igv.js does: .fai offset, .gzi block, one range request. */
  private static String read(String url, long length, FastaSequenceIndexEntry e, GZIIndex blocks, int a, int b)
      throws Exception {
    long from = e.getLocation() + (a - 1) / e.getBasesPerLine() * e.getBytesPerLine() + (a - 1) % e.getBasesPerLine();
    long to = e.getLocation() + (b - 1) / e.getBasesPerLine() * e.getBytesPerLine() + (b - 1) % e.getBasesPerLine();
    long virtual = blocks.getVirtualOffsetForSeek(from);
    long block = virtual >>> 16;
    int within = (int) (virtual & 0xffff);
    long last = Math.min(length - 1, block + 3 * 65536); // enough BGZF blocks for a short read
    Http.Response r = Http.get(url, "Range", "bytes=" + block + "-" + last);
    assertThat(r.status()).isEqualTo(206);
    try (BlockCompressedInputStream in = new BlockCompressedInputStream(new ByteArrayInputStream(r.body()))) {
      byte[] text = in.readNBytes((int) (within + to - from + 1));
      return new String(text, within, text.length - within, StandardCharsets.US_ASCII).replace("\n", "");
    }
  }
}
