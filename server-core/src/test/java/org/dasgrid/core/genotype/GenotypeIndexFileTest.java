package org.dasgrid.core.genotype;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;
import java.util.Random;
import java.util.zip.CRC32C;
import org.dasgrid.core.segment.Segment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The index file: an engine mapped from it answers every query as the engine it was written from (rows,
 * text bytes and the writer's hints, counts, af texts), and a truncated, corrupt, other-version or stale
 * file is refused with its name and the reason.
 */
class GenotypeIndexFileTest {
  private static final SourceIdentity VCF = new SourceIdentity(1234, 1_700_000_000_000L, "aa", "bb", "cc");
  private static final List<IndexedReference> REFS =
      List.of(new IndexedReference("c2", true, 30_000, 20_100), new IndexedReference("c1", true, 0, 20_050));

  @TempDir Path dir;

  private Path written(GenotypeQueries engine) throws IOException {
    Path file = dir.resolve("cohort.dgi");
    GenotypeIndexFile.write(engine, REFS, VCF, file);
    assertThat(dir.resolve("cohort.dgi.partial")).doesNotExist();
    return file;
  }

  @Test
  void mappedEngineAnswersAsTheHeapOne() throws Exception {
    // 5,000 sites a contig: blocks and superblocks of precomputed counts are kept; long, odd and empty text
    GenotypeIndexTest.Cohort c = GenotypeIndexTest.randomCohort(17, 60, 20_000, SetEncoding.COMPACT);
    Path file = written(c.engine);
    GenotypeIndexFile.Opened opened = GenotypeIndexFile.open(file, name -> true, VCF);
    GenotypeQueries mapped = opened.genotypes();
    assertThat(opened.references()).isEqualTo(REFS);
    assertThat(opened.source()).isEqualTo(VCF);
    assertThat(mapped.sampleNames()).isEqualTo(c.engine.sampleNames());
    assertThat(mapped.contigs()).isEqualTo(c.engine.contigs());
    GenotypeStats heap = c.engine.stats();
    GenotypeStats map = mapped.stats();
    assertThat(List.of(map.samples(), map.sites(), map.variants(), map.nonRefCalls(), map.inlineSets(),
        map.denseSets())).isEqualTo(List.of(heap.samples(), heap.sites(), heap.variants(), heap.nonRefCalls(),
        heap.inlineSets(), heap.denseSets()));
    Random rnd = new Random(3);
    for (int q = 0; q < 400; q++) {
      GenotypeQuery query = randomQuery(rnd, c);
      assertSameVariants(c.engine.variants(query), mapped.variants(query), query);
      assertSameSamples(c.engine.carriers(query), mapped.carriers(query));
      assertThat(mapped.count(query)).as("%s", query).isEqualTo(c.engine.count(query));
    }
  }

  @Test
  void unselectedContigsKeepTheirPlaceWithoutRows() throws Exception {
    GenotypeIndexTest.Cohort c = GenotypeIndexTest.randomCohort(5, 20, 2_000, SetEncoding.COMPACT);
    Path file = written(c.engine);
    GenotypeQueries mapped = GenotypeIndexFile.open(file, name -> name.equals("c1"), VCF).genotypes();
    assertThat(mapped.contigs()).isEqualTo(c.engine.contigs());
    SampleSelection all = mapped.allSamples();
    GenotypeQuery both = new GenotypeQuery(List.of(new Segment("c1", 1, 30_000), new Segment("c2", 1, 30_000)),
        Zygosity.ANY, all, OptionalInt.empty());
    GenotypeQuery c1 = new GenotypeQuery(List.of(new Segment("c1", 1, 30_000)), Zygosity.ANY, all,
        OptionalInt.empty());
    assertSameVariants(c.engine.variants(c1), mapped.variants(both), both);
  }

  @Test
  void refusesATruncatedFile() throws Exception {
    Path file = written(GenotypeIndexTest.randomCohort(5, 20, 500, SetEncoding.COMPACT).engine);
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(f.length() - 100);
    }
    assertThatThrownBy(() -> GenotypeIndexFile.open(file, n -> true, VCF)).isInstanceOf(BadIndexException.class)
        .hasMessageContaining(file.getFileName().toString()).hasMessageContaining("truncated");
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(10);
    }
    assertThatThrownBy(() -> GenotypeIndexFile.open(file, n -> true, VCF)).hasMessageContaining("truncated");
  }

  @Test
  void refusesAFileWithAFlippedByte() throws Exception {
    Path file = written(GenotypeIndexTest.randomCohort(5, 20, 500, SetEncoding.COMPACT).engine);
    byte[] good = Files.readAllBytes(file);
    // in the first pool's first page; in the last contig's columns; in the catalog at the end
    for (int at : new int[] {GenotypeIndexFile.PAGE_SLOT + 10, good.length - 6_000, good.length - 20}) {
      byte[] b = good.clone();
      b[at] ^= 0x10;
      Files.write(file, b);
      assertThatThrownBy(() -> GenotypeIndexFile.open(file, n -> true, VCF)).as("byte %d", at)
          .isInstanceOf(BadIndexException.class).hasMessageContaining(file.getFileName().toString())
          .hasMessageContaining("corrupt: checksum mismatch in");
    }
  }

  @Test
  void refusesAnotherFormatVersion() throws Exception {
    Path file = written(GenotypeIndexTest.randomCohort(5, 20, 500, SetEncoding.COMPACT).engine);
    byte[] b = Files.readAllBytes(file);
    ByteBuffer h = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    h.putInt(8, GenotypeIndexFile.FORMAT_VERSION + 1);
    CRC32C crc = new CRC32C();
    crc.update(b, 0, GenotypeIndexFile.HEADER - 4);
    h.putInt(GenotypeIndexFile.HEADER - 4, (int) crc.getValue());
    Files.write(file, b);
    assertThatThrownBy(() -> GenotypeIndexFile.open(file, n -> true, VCF))
        .hasMessageContaining(file.getFileName().toString())
        .hasMessageContaining("index format version " + (GenotypeIndexFile.FORMAT_VERSION + 1));
  }

  @Test
  void refusesAStaleIndexAndAFileThatIsNoIndex() throws Exception {
    Path file = written(GenotypeIndexTest.randomCohort(5, 20, 500, SetEncoding.COMPACT).engine);
    SourceIdentity changed = new SourceIdentity(1234, VCF.modifiedMillis(), "aa", "bb", "dd");
    assertThatThrownBy(() -> GenotypeIndexFile.open(file, n -> true, changed))
        .hasMessageContaining(file.getFileName().toString()).hasMessageContaining("stale").hasMessageContaining("last records");
    Path text = dir.resolve("notes.dgi");
    Files.writeString(text, "x".repeat(200));
    assertThatThrownBy(() -> GenotypeIndexFile.open(text, n -> true, VCF)).hasMessageContaining("bad magic");
    assertThatThrownBy(() -> GenotypeIndexFile.open(dir.resolve("none.dgi"), n -> true, VCF))
        .isInstanceOf(BadIndexException.class).hasMessageContaining("not found");
  }

  @Test
  void refusesRoaringSets() {
    GenotypeQueries roaring = GenotypeIndexTest.randomCohort(5, 20, 200, SetEncoding.ROARING).engine;
    assertThatThrownBy(() -> GenotypeIndexFile.write(roaring, REFS, VCF, dir.resolve("r.dgi")))
        .hasMessageContaining("compact sample sets only");
    assertThat(dir.resolve("r.dgi.partial")).doesNotExist();
  }

  private static GenotypeQuery randomQuery(Random rnd, GenotypeIndexTest.Cohort c) {
    List<Segment> segments = new ArrayList<>();
    int n = 1 + rnd.nextInt(3);
    for (int k = 0; k < n; k++) {
      String contig = c.contigOrder.get(rnd.nextInt(c.contigOrder.size()));
      int start = 1 + rnd.nextInt(20_000);
      int stop = rnd.nextInt(8) == 0 ? 40_000 : start + rnd.nextInt(rnd.nextBoolean() ? 300 : 8_000);
      segments.add(new Segment(contig, start, stop));
    }
    SampleSelection sel;
    switch (rnd.nextInt(4)) {
      case 0 -> sel = c.engine.select(rnd.nextInt(c.samples.size()), rnd.nextInt(c.samples.size()));
      case 1 -> sel = c.engine.select(rnd.ints(c.samples.size() / 2, 0, c.samples.size()).toArray());
      default -> sel = c.engine.allSamples();
    }
    Zygosity z = Zygosity.values()[rnd.nextInt(Zygosity.values().length)];
    OptionalInt limit = rnd.nextInt(4) == 0 ? OptionalInt.of(rnd.nextInt(30)) : OptionalInt.empty();
    return new GenotypeQuery(segments, z, sel, limit);
  }

  static void assertSameVariants(VariantAnswer want, VariantAnswer got, GenotypeQuery q) {
    assertThat(got.size()).as("%s", q).isEqualTo(want.size());
    VariantAnswer.Cursor a = want.cursor();
    VariantAnswer.Cursor b = got.cursor();
    byte[] afA = new byte[64];
    byte[] afB = new byte[64];
    while (a.next()) {
      assertThat(b.next()).isTrue();
      assertThat(b.chrom()).isEqualTo(a.chrom());
      assertThat(b.pos()).isEqualTo(a.pos());
      assertThat(part(b.text(), b.textStart(), b.textEnd())).isEqualTo(part(a.text(), a.textStart(), a.textEnd()));
      assertThat(b.idEnd() - b.textStart()).isEqualTo(a.idEnd() - a.textStart());
      assertThat(b.refEnd(b.idEnd()) - b.textStart()).isEqualTo(a.refEnd(a.idEnd()) - a.textStart());
      assertThat(b.hasId()).isEqualTo(a.hasId());
      assertThat(b.precomputed().plainText()).isEqualTo(a.precomputed().plainText());
      if (b.precomputed().plainText()) {
        assertThat(b.text().length - b.textEnd()).isGreaterThanOrEqualTo(TextRules.installed().slack());
      }
      assertThat(new int[] {b.het(), b.hom(), b.ac(), b.an()}).isEqualTo(new int[] {a.het(), a.hom(), a.ac(), a.an()});
      int endA = a.precomputed().copyAfText(afA, 0);
      int endB = b.precomputed().copyAfText(afB, 0);
      assertThat(endB).isEqualTo(endA);
      if (endA > 0) {
        assertThat(Arrays.copyOf(afB, endB)).isEqualTo(Arrays.copyOf(afA, endA));
      }
      assertThat(got.get(0)).isEqualTo(want.get(0));
    }
    assertThat(b.next()).isFalse();
  }

  private static byte[] part(byte[] b, int from, int to) {
    return Arrays.copyOfRange(b, from, to);
  }

  static void assertSameSamples(SampleAnswer want, SampleAnswer got) {
    assertThat(got.size()).isEqualTo(want.size());
    for (int i = 0; i < want.size(); i++) {
      assertThat(new int[] {got.sampleNumber(i), got.het(i), got.hom(i)})
          .isEqualTo(new int[] {want.sampleNumber(i), want.het(i), want.hom(i)});
    }
  }
}
