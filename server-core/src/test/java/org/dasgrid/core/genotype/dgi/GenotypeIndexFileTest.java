package org.dasgrid.core.genotype.dgi;

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
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Random;
import java.util.Set;
import java.util.zip.CRC32C;
import org.dasgrid.core.feature.VariantClass;
import org.dasgrid.core.genotype.AnalyticsAnswer;
import org.dasgrid.core.genotype.AnalyticsQuery;
import org.dasgrid.core.genotype.BadIndexException;
import org.dasgrid.core.genotype.CaseControl;
import org.dasgrid.core.genotype.GenotypeIndexBuilder;
import org.dasgrid.core.genotype.GenotypeIndexFile;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.RandomCohorts;
import org.dasgrid.core.genotype.GenotypeQuery;
import org.dasgrid.core.genotype.GenotypeStats;
import org.dasgrid.core.genotype.IndexedReference;
import org.dasgrid.core.genotype.InfoCondition;
import org.dasgrid.core.genotype.InfoField;
import org.dasgrid.core.genotype.RowKey;
import org.dasgrid.core.genotype.SampleAnswer;
import org.dasgrid.core.genotype.SampleNames;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.SetEncoding;
import org.dasgrid.core.genotype.SourceIdentity;
import org.dasgrid.core.genotype.TextRules;
import org.dasgrid.core.genotype.TopN;
import org.dasgrid.core.genotype.VariantAnswer;
import org.dasgrid.core.genotype.VariantFilter;
import org.dasgrid.core.genotype.VariantRow;
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.segment.Segment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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

  /** 5,000 sites a contig (blocks and superblocks of counts kept; long, odd and empty text), or patched sets. */
  private static RandomCohorts.Cohort cohort(String kind) {
    return kind.equals("biobank") ? RandomCohorts.biobankCohort(31, 70_000, 240)
        : kind.equals("sexed") ? RandomCohorts.sexedCohort(29, 700, 3_000)
        : RandomCohorts.randomCohort(17, 60, 20_000, SetEncoding.COMPACT);
  }

  @ParameterizedTest
  @ValueSource(strings = {"random", "sexed", "biobank"})
  void mappedEngineAnswersAsTheHeapOne(String kind) throws Exception {
    RandomCohorts.Cohort c = cohort(kind);
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
    assertAnswersAsTheEngine(c, mapped, 3, 400);
  }

  /** {@code queries} random queries (from {@code seed}) answered by {@code mapped} as by the cohort's engine. */
  private static void assertAnswersAsTheEngine(RandomCohorts.Cohort c, GenotypeQueries mapped, long seed,
      int queries) {
    Random rnd = new Random(seed);
    for (int q = 0; q < queries; q++) {
      GenotypeQuery query = randomQuery(rnd, c);
      assertSameVariants(c.engine.variants(query), mapped.variants(query), query);
      assertSameSamples(c.engine.carriers(query), mapped.carriers(query));
      assertThat(mapped.count(query)).as("%s", query).isEqualTo(c.engine.count(query));
    }
  }

  @Test
  void unselectedContigsKeepTheirPlaceWithoutRows() throws Exception {
    RandomCohorts.Cohort c = RandomCohorts.randomCohort(5, 20, 2_000, SetEncoding.COMPACT);
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
    Path file = written(RandomCohorts.randomCohort(5, 20, 500, SetEncoding.COMPACT).engine);
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
    Path file = written(RandomCohorts.randomCohort(5, 20, 500, SetEncoding.COMPACT).engine);
    byte[] good = Files.readAllBytes(file);
    // in the first pool's first page; in the last contig's columns; in the catalog at the end
    for (int at : new int[] {IndexLayout.HEADER + 10, good.length - 6_000, good.length - 20}) {
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
    Path file = written(RandomCohorts.randomCohort(5, 20, 500, SetEncoding.COMPACT).engine);
    byte[] b = Files.readAllBytes(file);
    ByteBuffer h = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    h.putInt(8, IndexLayout.FORMAT_VERSION + 1);
    CRC32C crc = new CRC32C();
    crc.update(b, 0, IndexLayout.HEADER - 4);
    h.putInt(IndexLayout.HEADER - 4, (int) crc.getValue());
    Files.write(file, b);
    assertThatThrownBy(() -> GenotypeIndexFile.open(file, n -> true, VCF))
        .hasMessageContaining(file.getFileName().toString())
        .hasMessageContaining("index format version " + (IndexLayout.FORMAT_VERSION + 1));
  }

  /**
   * Format-3 and format-4 files (a cohort of up to 65,536 samples: format 5 but for the version number and, in
   * format 3, the catalog's {@code inlineBits}, which a format-3 catalog lacks) still open and answer as the
   * engine they were written from.
   */
  @ParameterizedTest
  @ValueSource(ints = {3, 4})
  void readsFormat3And4FilesOfUpTo65536Samples(int version) throws Exception {
    RandomCohorts.Cohort c = RandomCohorts.sexedCohort(29, 300, 1_500);
    Path file = written(c.engine);
    byte[] b = Files.readAllBytes(file);
    ByteBuffer h = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    assertThat(h.getInt(8)).isEqualTo(5);
    String catalog = catalogOf(b);
    assertThat(catalog).contains("\"inlineBits\":16").contains("\"format\":5");
    // as that format's writer made it: format 3 had no inlineBits (the key blanked to JSON whitespace)
    String old = catalog.replace("\"format\":5", "\"format\":" + version);
    if (version == 3) {
      old = old.replace("\"inlineBits\":16,", " ".repeat("\"inlineBits\":16,".length()));
    }
    rewrite(file, b, version, old);
    assertAnswersAsTheEngine(c, GenotypeIndexFile.open(file, name -> true, VCF).genotypes(), 5, 100);
  }

  /**
   * A format-4 file above 65,536 samples held runs of 32-bit sample numbers, which format 5 codes as gaps: it is
   * refused, naming the format and asking for a rebuild, not read as gaps (which would answer wrongly).
   */
  @Test
  void refusesAFormat4FileAbove65536SamplesAskingForARebuild() throws Exception {
    Path file = written(RandomCohorts.biobankCohort(31, 70_000, 40).engine);
    byte[] b = Files.readAllBytes(file);
    String catalog = catalogOf(b);
    assertThat(catalog).contains("\"inlineCoding\":\"gaps\"").doesNotContain("inlineBits");
    String old = catalog.replace("\"format\":5", "\"format\":4")
        .replace("\"inlineCoding\":\"gaps\"", "\"inlineBits\":32      ");
    rewrite(file, b, 4, old);
    assertThatThrownBy(() -> GenotypeIndexFile.open(file, n -> true, VCF)).isInstanceOf(BadIndexException.class)
        .hasMessageContaining(file.getFileName().toString())
        .hasMessageContaining("index format 4 of 70000 samples (runs of 32-bit sample numbers)")
        .hasMessageContaining("rebuild the index");
  }

  private static String catalogOf(byte[] b) {
    ByteBuffer h = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    return new String(b, (int) h.getLong(24), (int) h.getLong(32), java.nio.charset.StandardCharsets.UTF_8);
  }

  /** Writes {@code b} to {@code file} with the header's version and the catalog (same length) replaced. */
  private static void rewrite(Path file, byte[] b, int version, String catalog) throws IOException {
    ByteBuffer h = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    int catalogAt = (int) h.getLong(24);
    int catalogLength = (int) h.getLong(32);
    byte[] bytes = catalog.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    assertThat(bytes).hasSize(catalogLength);
    System.arraycopy(bytes, 0, b, catalogAt, catalogLength);
    CRC32C catalogCrc = new CRC32C();
    catalogCrc.update(b, catalogAt, catalogLength);
    h.putInt(8, version);
    h.putInt(40, (int) catalogCrc.getValue());
    CRC32C crc = new CRC32C();
    crc.update(b, 0, IndexLayout.HEADER - 4);
    h.putInt(IndexLayout.HEADER - 4, (int) crc.getValue());
    Files.write(file, b);
  }

  /**
   * The pieces of one source share one name table: a file opened with another piece's names takes them when its
   * cohort is the same (the same object, not a copy) and makes its own when not.
   */
  @Test
  void aPieceOfTheSameCohortSharesTheNamesItIsGiven() throws Exception {
    RandomCohorts.Cohort c = RandomCohorts.sexedCohort(29, 300, 200);
    Path file = written(c.engine);
    GenotypeIndexFile.Opened first = GenotypeIndexFile.open(file, n -> true, VCF);
    GenotypeIndexFile.Opened second = GenotypeIndexFile.open(file, n -> true, VCF, first.sampleNames());
    assertThat(second.sampleNames()).isSameAs(first.sampleNames());
    assertThat(GenotypeIndexFile.openDeferred(file, n -> true, VCF, first.sampleNames()).opened().sampleNames())
        .isSameAs(first.sampleNames());
    SampleNames others = SampleNames.of(java.util.stream.IntStream.range(0, 300).mapToObj(i -> "X" + i).toList());
    GenotypeIndexFile.Opened third = GenotypeIndexFile.open(file, n -> true, VCF, others);
    assertThat(third.sampleNames()).isNotSameAs(others);
    assertThat(third.sampleNames().list()).isEqualTo(c.engine.sampleNames());
  }

  /** Format 1 kept no missing-call sets or INFO, format 2 disjoint AN groups and no patched sets. */
  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void refusesAnOlderFormatAskingForARebuild(int version) throws Exception {
    Path file = written(RandomCohorts.randomCohort(5, 20, 500, SetEncoding.COMPACT).engine);
    byte[] b = Files.readAllBytes(file);
    ByteBuffer h = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    h.putInt(8, version);
    CRC32C crc = new CRC32C();
    crc.update(b, 0, IndexLayout.HEADER - 4);
    h.putInt(IndexLayout.HEADER - 4, (int) crc.getValue());
    Files.write(file, b);
    assertThatThrownBy(() -> GenotypeIndexFile.open(file, n -> true, VCF)).isInstanceOf(BadIndexException.class)
        .hasMessageContaining(file.getFileName().toString())
        .hasMessageContaining("index format version " + version + ", this server reads versions 3 to 5")
        .hasMessageContaining("rebuild the index");
  }

  /**
   * Biobank: 70,000 samples (above format 3's 65,536), the heap engine of RoaringBitmap sets, so the file's
   * delta-coded inline runs and widened counts are checked against another representation.
   */
  @ParameterizedTest
  @ValueSource(strings = {"random", "sexed", "biobank"})
  void streamedBuildAnswersQueriesAndAnalyticsAsTheHeapEngine(String kind) throws Exception {
    RandomCohorts.Cohort c = kind.equals("biobank") ? RandomCohorts.biobankCohort(23, 70_000, 240)
        : kind.equals("sexed") ? RandomCohorts.sexedCohort(23, 700, 3_000)
        : RandomCohorts.randomCohort(23, 50, 12_000, SetEncoding.COMPACT);
    boolean dots = !kind.equals("random");
    GenotypeIndexBuilder heapBuilder = new GenotypeIndexBuilder(c.samples,
        kind.equals("biobank") ? SetEncoding.ROARING : SetEncoding.COMPACT).keepInfo(INFO_FIELDS);
    feedByContig(heapBuilder, c, dots);
    GenotypeQueries heap = heapBuilder.build();
    Path file = dir.resolve("streamed.dgi");
    GenotypeStats built;
    try (GenotypeIndexFile.Build build = GenotypeIndexFile.build(file, c.samples)) {
      build.genotypes().keepInfo(INFO_FIELDS);
      feedByContig(build.genotypes(), c, dots);
      built = build.finish(REFS, VCF);
    }
    assertThat(dir.resolve("streamed.dgi.partial")).doesNotExist();
    GenotypeStats h = heap.stats();
    assertThat(List.of(built.sites(), built.variants(), built.nonRefCalls()))
        .isEqualTo(List.of(h.sites(), h.variants(), h.nonRefCalls()));
    if (kind.equals("biobank")) { // the heap engine's sets are Roaring; the file's runs (most) and bitsets
      assertThat(built.inlineSets()).isGreaterThan(3 * built.denseSets()).isGreaterThan(200);
      // a bitset only where a gap-coded run would be larger (sets of about a third of the cohort and more: the
      // commonest sites), and the bases of chrX's males' patches
      assertThat(built.denseSets()).isPositive();
    } else {
      assertThat(List.of(built.inlineSets(), built.denseSets())).isEqualTo(List.of(h.inlineSets(), h.denseSets()));
    }
    GenotypeQueries mapped = GenotypeIndexFile.open(file, name -> true, VCF).genotypes();
    assertThat(mapped.contigs()).isEqualTo(heap.contigs());
    assertThat(mapped.infoFields()).isEqualTo(heap.infoFields());
    Random rnd = new Random(8);
    RandomCohorts.Cohort asBuilt = c;
    asBuilt.engine = heap;
    for (int q = 0; q < 150; q++) {
      GenotypeQuery query = randomQuery(rnd, asBuilt);
      assertSameVariants(heap.variants(query), mapped.variants(query), query);
      assertSameSamples(heap.carriers(query), mapped.carriers(query));
      assertThat(mapped.count(query)).as("%s", query).isEqualTo(heap.count(query));
    }
    int rowsSeen = 0;
    for (int q = 0; q < 150; q++) {
      rowsSeen += assertSameAnalytics(rnd, heap, mapped, randomQuery(rnd, asBuilt));
    }
    assertThat(rowsSeen).isGreaterThan(kind.equals("biobank") ? 100 : 1000);
  }

  @Test
  void streamedBuildRefusesAContigThatComesBack() throws Exception {
    Path file = dir.resolve("unsorted.dgi");
    try (GenotypeIndexFile.Build build = GenotypeIndexFile.build(file, List.of("A", "B"))) {
      GenotypeIndexBuilder b = build.genotypes();
      for (String contig : List.of("c1", "c2")) {
        b.startSite(contig, 100, 100, ".", "A", List.of("C"));
        b.diploid(0, 0, 1);
        b.endSite();
      }
      assertThatThrownBy(() -> b.startSite("c1", 200, 200, ".", "A", List.of("C")))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("contig c1 comes again")
          .hasMessageContaining("sorted by contig");
    }
    assertThat(dir.resolve("unsorted.dgi.partial")).doesNotExist();
    assertThat(file).doesNotExist();
  }

  private static final List<InfoField> INFO_FIELDS = List.of(
      new InfoField("DP", InfoField.Type.INTEGER, "1", "depth"),
      new InfoField("AF", InfoField.Type.FLOAT, "A", "frequency per ALT"),
      new InfoField("DB", InfoField.Type.FLAG, "0", "in dbSNP"),
      new InfoField("KIND", InfoField.Type.STRING, "1", "a word"));

  /** The cohort's sites contig after contig (file order within each), with INFO made from the site's number. */
  private static void feedByContig(GenotypeIndexBuilder b, RandomCohorts.Cohort c) {
    feedByContig(b, c, false);
  }

  /** As above; with {@code dots}, every record's INFO is {@code .} (no offsets kept: format 3). */
  private static void feedByContig(GenotypeIndexBuilder b, RandomCohorts.Cohort c, boolean dots) {
    for (String declared : List.of("c2", "c1")) {
      b.declareContig(declared);
    }
    for (String contig : c.contigOrder) {
      for (RandomCohorts.Site site : c.sites) {
        if (!site.contig().equals(contig)) {
          continue;
        }
        b.startSite(site.contig(), site.pos(), site.end(), site.id(), site.ref(), site.alts());
        int o = site.order();
        StringBuilder info = new StringBuilder("DP=").append(o * 7 % 100);
        if (!site.alts().isEmpty()) {
          info.append(";AF=");
          for (int a = 0; a < site.alts().size(); a++) {
            info.append(a == 0 ? "" : ",").append((o * (a + 3)) % 10 / 10.0);
          }
        }
        info.append(o % 3 == 0 ? ";DB" : "").append(";KIND=").append(List.of("x", "y", "z").get(o % 3));
        byte[] bytes = (dots || o % 17 == 0 ? "." : info.toString()).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        b.siteInfo(bytes, 0, bytes.length);
        int[][] calls = site.calls();
        for (int s = 0; s < calls.length; s++) {
          if (calls[s] != null) {
            b.call(s, calls[s], calls[s].length);
          }
        }
        b.endSite();
      }
    }
  }

  /**
   * Random analytics on both engines (statistics, cases/controls, filters of every kind, top-N, and a paged
   * walk through every page): the same rows, values and cursors. Returns the rows compared.
   */
  private static int assertSameAnalytics(Random rnd, GenotypeQueries heap, GenotypeQueries mapped,
      GenotypeQuery query) {
    int cohort = heap.sampleNames().size();
    SampleSelection cases = heap.select(rnd.ints(cohort / 3, 0, cohort).toArray());
    SampleSelection controls = heap.select(rnd.ints(cohort / 3, 0, cohort).toArray());
    Optional<CaseControl> cc = rnd.nextBoolean() ? Optional.of(new CaseControl(cases, controls)) : Optional.empty();
    List<InfoCondition> info = new ArrayList<>();
    if (rnd.nextInt(3) == 0) {
      info.add(new InfoCondition.Range("DP", OptionalDouble.of(rnd.nextInt(50)), OptionalDouble.empty()));
    }
    if (rnd.nextInt(3) == 0) {
      info.add(new InfoCondition.Range("AF", OptionalDouble.empty(), OptionalDouble.of(rnd.nextDouble())));
    }
    if (rnd.nextInt(4) == 0) {
      info.add(new InfoCondition.Flag("DB", rnd.nextBoolean()));
    }
    if (rnd.nextInt(4) == 0) {
      info.add(new InfoCondition.Values("KIND", Set.of("x", "z")));
    }
    VariantFilter filter = rnd.nextInt(3) == 0 ? VariantFilter.NONE : new VariantFilter(
        rnd.nextInt(4) == 0 ? Set.of("A", "C") : Set.of(), rnd.nextInt(5) == 0 ? Set.of("T", "<DEL>") : Set.of(),
        rnd.nextInt(3) == 0 ? Set.of(VariantClass.values()[rnd.nextInt(5)]) : Set.of(),
        rnd.nextInt(4) == 0 ? OptionalInt.of(2) : OptionalInt.empty(), OptionalInt.empty(),
        VariantFilter.Allelic.values()[rnd.nextInt(3)],
        rnd.nextInt(3) == 0 ? OptionalDouble.of(0.01) : OptionalDouble.empty(), OptionalDouble.empty(), info,
        List.of());
    GenotypeQuery all = new GenotypeQuery(query.segments(), query.zygosity(), query.samples(), OptionalInt.empty());
    AnalyticsQuery whole = new AnalyticsQuery(all, filter, rnd.nextBoolean(), cc, Optional.empty(), Optional.empty());
    String want = describe(heap.analyse(whole));
    assertThat(describe(mapped.analyse(whole))).as("%s", whole).isEqualTo(want);
    TopN.By by = cc.isPresent() && rnd.nextBoolean() ? TopN.By.ASSOC_P : TopN.By.HWE_P;
    AnalyticsQuery top = new AnalyticsQuery(all, filter, false, cc, Optional.of(new TopN(rnd.nextInt(20), by)),
        Optional.empty());
    assertThat(describe(mapped.analyse(top))).as("%s", top).isEqualTo(describe(heap.analyse(top)));
    GenotypeQuery page = new GenotypeQuery(query.segments(), query.zygosity(), query.samples(),
        OptionalInt.of(1 + rnd.nextInt(40)));
    Optional<RowKey> after = Optional.empty();
    for (int guard = 0; guard < 10_000; guard++) {
      AnalyticsQuery q = new AnalyticsQuery(page, filter, true, cc, Optional.empty(), after);
      AnalyticsAnswer a = heap.analyse(q);
      assertThat(describe(mapped.analyse(q))).as("%s", q).isEqualTo(describe(a));
      if (a.next().isEmpty()) {
        break;
      }
      after = a.next();
    }
    return want.split("\n").length;
  }

  /** Every row, value and the cursor of an answer, as text (doubles exactly). */
  private static String describe(AnalyticsAnswer a) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < a.size(); i++) {
      VariantRow r = a.rows().get(i);
      sb.append(r).append(' ');
      if (a.hasStats()) {
        sb.append(a.missing(i)).append(' ').append(a.hweP(i)).append(' ').append(a.f(i)).append(' ');
      }
      if (a.hasCaseControl()) {
        sb.append(a.caseAc(i)).append('/').append(a.caseAn(i)).append(' ').append(a.controlAc(i)).append('/')
            .append(a.controlAn(i)).append(' ').append(a.assocP(i)).append(' ').append(a.oddsRatio(i));
      }
      sb.append('\n');
    }
    return sb.append("next ").append(a.next()).toString();
  }

  @Test
  void refusesAStaleIndexAndAFileThatIsNoIndex() throws Exception {
    Path file = written(RandomCohorts.randomCohort(5, 20, 500, SetEncoding.COMPACT).engine);
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
    GenotypeQueries roaring = RandomCohorts.randomCohort(5, 20, 200, SetEncoding.ROARING).engine;
    assertThatThrownBy(() -> GenotypeIndexFile.write(roaring, REFS, VCF, dir.resolve("r.dgi")))
        .hasMessageContaining("compact sample sets only");
    assertThat(dir.resolve("r.dgi.partial")).doesNotExist();
  }

  private static GenotypeQuery randomQuery(Random rnd, RandomCohorts.Cohort c) {
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
