package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Features over HTTP for 50 random segments of the bundled FlyBase file equal two independent computations:
 * a brute-force scan of the GFF lines written here, and {@code bedtools intersect} (Debian bedtools).
 */
@ExtendWith(FeaturesCrossCheckIT.Server.class)
class FeaturesCrossCheckIT {
  static String das;
  static List<String[]> gff;
  @TempDir static Path tmp;

  static final class Server implements BeforeAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
      das = TestServer.examples(context).das();
    }
  }

  /** One feature as the three computations see it: id, start, end, type. */
  record Row(String id, int start, int end, String type) {
    @Override
    public String toString() {
      return id + "\t" + start + "\t" + end + "\t" + type;
    }
  }

  @BeforeAll
  static void readGff() throws IOException {
    gff = new ArrayList<>();
    for (String line : Files.readAllLines(TestServer.example("dmel-2L.gff3"), StandardCharsets.UTF_8)) {
      if (!line.startsWith("#") && !line.isBlank()) {
        gff.add(line.split("\t", -1));
      }
    }
  }

  static String id(String attributes) {
    for (String kv : attributes.split(";")) {
      if (kv.startsWith("ID=")) {
        return java.net.URLDecoder.decode(kv.substring(3).replace("+", "%2B"), StandardCharsets.UTF_8);
      }
    }
    throw new AssertionError("no ID in " + attributes);
  }

  static List<Row> bruteForce(int from, int to) {
    List<Row> out = new ArrayList<>();
    for (String[] c : gff) {
      int s = Integer.parseInt(c[3]);
      int e = Integer.parseInt(c[4]);
      if (c[0].equals("2L") && s <= to && e >= from) {
        out.add(new Row(id(c[8]), s, e, c[2]));
      }
    }
    return out;
  }

  static List<Row> served(int from, int to) {
    Http.Response r = Http.get(das + "/dmel/features?segment=2L:" + from + "," + to, "Accept-Encoding", "gzip");
    assertThat(r.status()).isEqualTo(200);
    NodeList fs = r.xml().getElementsByTagName("FEATURE");
    List<Row> out = new ArrayList<>();
    for (int i = 0; i < fs.getLength(); i++) {
      Element f = (Element) fs.item(i);
      out.add(new Row(f.getAttribute("id"),
          Integer.parseInt(f.getElementsByTagName("START").item(0).getTextContent()),
          Integer.parseInt(f.getElementsByTagName("END").item(0).getTextContent()),
          ((Element) f.getElementsByTagName("TYPE").item(0)).getAttribute("id")));
    }
    return out;
  }

  static List<int[]> randomSegments() {
    Random rnd = new Random(20261122);
    List<int[]> segs = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      int span = switch (i % 4) {
        case 0 -> 1 + rnd.nextInt(100);
        case 1 -> 1 + rnd.nextInt(10_000);
        case 2 -> 1 + rnd.nextInt(200_000);
        default -> 1 + rnd.nextInt(2_000_000);
      };
      int from = 1 + rnd.nextInt(i % 10 == 9 ? 23_000_000 : 4_500_000);
      segs.add(new int[] {from, Math.min(23_011_546, from + span - 1)});
    }
    return segs;
  }

  @Test
  void fiftyRandomSegmentsEqualABruteForceScanOfTheFile() {
    for (int[] s : randomSegments()) {
      assertThat(served(s[0], s[1])).as("2L:%d,%d", s[0], s[1])
          .containsExactlyInAnyOrderElementsOf(bruteForce(s[0], s[1]));
    }
  }

  @Test
  void fiftyRandomSegmentsEqualBedtoolsIntersect() throws Exception {
    Path features = tmp.resolve("features.bed");
    List<String> bed = new ArrayList<>();
    for (String[] c : gff) {
      bed.add(c[0] + "\t" + (Integer.parseInt(c[3]) - 1) + "\t" + c[4] + "\t" + id(c[8]) + "\t" + c[2]);
    }
    Files.write(features, bed);
    List<int[]> segs = randomSegments();
    Path queries = tmp.resolve("queries.bed");
    List<String> q = new ArrayList<>();
    for (int i = 0; i < segs.size(); i++) {
      q.add("2L\t" + (segs.get(i)[0] - 1) + "\t" + segs.get(i)[1] + "\tq" + i);
    }
    Files.write(queries, q);
    // -wa -wb: each overlapping feature with the query it overlaps (BED half-open = GFF closed overlap)
    Process p = new ProcessBuilder("bedtools", "intersect", "-a", queries.toString(), "-b", features.toString(),
        "-wa", "-wb").redirectErrorStream(true).start();
    List<String> out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as("bedtools (apt-get install bedtools): %s", out).isZero();
    for (int i = 0; i < segs.size(); i++) {
      String tag = "q" + i;
      List<Row> expected = out.stream().map(l -> l.split("\t")).filter(c -> c[3].equals(tag))
          .map(c -> new Row(c[7], Integer.parseInt(c[5]) + 1, Integer.parseInt(c[6]), c[8])).toList();
      assertThat(served(segs.get(i)[0], segs.get(i)[1])).as("segment %s", tag)
          .containsExactlyInAnyOrderElementsOf(expected);
    }
  }
}
