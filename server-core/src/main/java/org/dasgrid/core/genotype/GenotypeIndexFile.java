package org.dasgrid.core.genotype;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.zip.CRC32C;
import org.dasgrid.core.genotype.dgi.IndexFileWriter;
import org.dasgrid.core.genotype.internal.build.CalledGroups;
import org.dasgrid.core.genotype.internal.column.BlockCounts;
import org.dasgrid.core.genotype.internal.column.ByteColumn;
import org.dasgrid.core.genotype.internal.column.CharColumn;
import org.dasgrid.core.genotype.internal.column.IntColumn;
import org.dasgrid.core.genotype.internal.column.LongColumn;
import org.dasgrid.core.genotype.internal.engine.GenotypeIndex;
import org.dasgrid.core.genotype.internal.sets.SampleSets;
import org.dasgrid.core.genotype.internal.store.AfTexts;
import org.dasgrid.core.genotype.internal.store.CallGaps;
import org.dasgrid.core.genotype.internal.store.ContigRows;
import org.dasgrid.core.genotype.internal.store.Corrections;
import org.dasgrid.core.genotype.internal.store.InfoStore;
import org.dasgrid.core.genotype.internal.store.SampleCallSection;

/**
 * The persistent, memory-mapped form of a genotype engine ({@code .dgi}): the engine's own arrays and pools,
 * written once ({@link #build} streams a VCF's contigs in; {@link #write} writes a built engine) and served by
 * {@link #open} straight from the mapped file (the OS page cache holds them; the heap holds only the cohort's
 * names and one small object per column). Queries and analytics run the same code over the mapped columns as
 * over the heap arrays, so the answers are the same bytes.
 *
 * <p>Layout (little-endian; docs/genotypes.md has it byte by byte): a 64-byte header (magic, format version,
 * file length, the catalog's place and CRC-32C, the header's own CRC-32C); then the sections, each aligned
 * and never straddling a 1 GiB boundary, in the order a streaming build makes them (pool pages and contigs'
 * columns interleaved); then the pools' page tables and the catalog, a JSON document naming the source VCF's
 * identity, the cohort, its INFO fields, the counts, and each contig section's offset, length and CRC-32C.
 * Format 2 added, per contig, the missing-call and non-diploid sets, ALT counts and numbers, and the INFO text
 * that the statistics and filters read; format 3 stores sets as patches of a similar set of their contig
 * ({@link SampleSets}), a site's missing calls once as its first AN correction group ({@link CalledGroups}),
 * and no INFO offsets for a contig without INFO text. Files of other formats are refused (rebuild them).
 * Optional sections, absent unless asked for, change no format: a contig's sample-major calls ({@link
 * SampleCallSection}, {@code index --sample-calls}); a reader uses them when the catalog lists them.
 *
 * <p>Written to {@code NAME.partial} and renamed to {@code NAME} when complete; the header (and with it the
 * magic) is the last thing written, so a stopped build leaves a {@code .partial} file with no magic.
 */
public final class GenotypeIndexFile {
  /** 8 bytes: a non-ASCII first byte, "DGI", CR LF, ^Z, LF (as PNG: catches text-mode copies). */
  public static final byte[] MAGIC = {(byte) 0x89, 'D', 'G', 'I', '\r', '\n', 0x1A, '\n'};
  public static final int FORMAT_VERSION = 3;
  public static final int HEADER = 64;
  /** Mapped in pieces of this size; no section of at most this size straddles two. */
  public static final long CHUNK = 1L << 30;
  /** Bytes per positional read of the checksum pass: large enough to amortise the system call. */
  private static final int READ_BUFFER = 1 << 22;
  private static final ObjectMapper JSON = new ObjectMapper();

  private GenotypeIndexFile() {}

  /** A section's place and checksum. */
  public record Section(long offset, long length, int crc) {
    public ArrayNode json() {
      ArrayNode a = JSON.createArrayNode();
      a.add(offset).add(length).add(crc & 0xFFFFFFFFL);
      return a;
    }

    static Section of(JsonNode a) {
      return new Section(a.get(0).asLong(), a.get(1).asLong(), (int) a.get(2).asLong());
    }
  }

  /** What {@link #open} gives: the engine, the references as the VCF source lists them, the VCF's identity. */
  public record Opened(GenotypeQueries genotypes, List<IndexedReference> references, SourceIdentity source,
      long fileBytes) {}

  /**
   * Writes {@code engine} (built by {@link GenotypeIndexBuilder}) to {@code out}: first to {@code out.partial},
   * renamed to {@code out} when complete. Throws for an engine holding RoaringBitmap sets (cohorts above
   * 65,536 samples, or {@code genotypeSets: roaring}), which the format does not hold. A build that need not
   * hold the engine first streams instead ({@link #build}).
   */
  public static void write(GenotypeQueries engine, List<IndexedReference> references, SourceIdentity source,
      Path out) throws IOException {
    write(engine, references, source, out, false);
  }

  /** As {@link #write(GenotypeQueries, List, SourceIdentity, Path)}; {@code sampleCalls} adds the sample-major calls. */
  public static void write(GenotypeQueries engine, List<IndexedReference> references, SourceIdentity source,
      Path out, boolean sampleCalls) throws IOException {
    if (!(engine instanceof GenotypeIndex index)) {
      throw new IllegalArgumentException("not an engine built by GenotypeIndexBuilder");
    }
    if (index.sets().roaringSets() > 0) {
      throw new IllegalArgumentException(COMPACT_ONLY);
    }
    try (IndexFileWriter w = new IndexFileWriter(out, index.sampleNames().size(), sampleCalls)) {
      SampleSets sets = index.sets();
      CharColumn[] inline = sets.inlinePages();
      for (int p = 0; p < inline.length; p++) {
        w.inlinePage(p, inline[p]);
      }
      LongColumn[] dense = sets.densePages();
      for (int p = 0; p < dense.length; p++) {
        w.densePage(p, dense[p]);
      }
      IntColumn[] patches = sets.patchPages();
      for (int p = 0; p < patches.length; p++) {
        w.patchPage(p, patches[p]);
      }
      IntColumn[] fixes = index.corrections().pages();
      for (int p = 0; p < fixes.length; p++) {
        w.correctionPage(p, fixes[p]);
      }
      List<String> order = new ArrayList<>();
      for (int c = 0; c < index.contigCount(); c++) {
        ContigRows rows = index.contigRows(c);
        w.contig(rows, index.gaps(c), index.info(c), index.afTexts(c), sets, index.corrections());
        order.add(rows.name);
      }
      w.finish(index.sampleNames(), index.infoFields(), index.counts(), index.stats(), order, references, source);
    }
  }

  public static final String COMPACT_ONLY = "index format " + FORMAT_VERSION + " holds compact sample sets only"
      + " (cohorts of up to 65,536 samples, genotypeSets: compact)";

  /**
   * Starts a streaming build of {@code out}: feed {@link Build#genotypes} as a loader feeds an in-heap engine
   * (contig after contig: a VCF sorted by contig), then {@link Build#finish}. Each contig is written, and its
   * rows and sample sets let go, as soon as the next one starts, so the heap holds one contig's rows at a
   * time. Closing an unfinished build deletes its {@code .partial} file.
   */
  public static Build build(Path out, List<String> sampleNames) throws IOException {
    return new Build(out, sampleNames, false);
  }

  /**
   * As {@link #build(Path, List)}; with {@code sampleCalls}, each contig also gets its samples' diploid calls
   * sample-major ({@link SampleCallSection}: optional sections a reader without them ignores), which a cold
   * kinship request then reads instead of scanning every row's sets.
   */
  public static Build build(Path out, List<String> sampleNames, boolean sampleCalls) throws IOException {
    return new Build(out, sampleNames, sampleCalls);
  }

  /** A streaming build of one index file (see {@link #build}). Not thread-safe. */
  public static final class Build implements AutoCloseable {
    private final IndexFileWriter writer;
    private final GenotypeIndexBuilder genotypes;

    private Build(Path out, List<String> sampleNames, boolean sampleCalls) throws IOException {
      if (sampleNames.size() > 0x10000) {
        throw new IllegalArgumentException(COMPACT_ONLY);
      }
      this.writer = new IndexFileWriter(out, sampleNames.size(), sampleCalls);
      this.genotypes = new GenotypeIndexBuilder(sampleNames, writer);
    }

    /** Where the sites and calls go, in contig order. */
    public GenotypeIndexBuilder genotypes() {
      return genotypes;
    }

    /** Writes the last contig, the pools' last pages and the catalog, and gives the file its name. */
    public GenotypeStats finish(List<IndexedReference> references, SourceIdentity source) throws IOException {
      return genotypes.finishFile(references, source);
    }

    @Override
    public void close() throws IOException {
      writer.close();
    }
  }

  /**
   * Maps {@code file} and checks it: header, length (truncation), format version, every checksum of the
   * sections it will read (the pools, and the selected contigs' columns), and — unless {@code actual} is
   * null — that the VCF it was built from is still {@code actual}. Contigs {@code contigs} rejects keep their
   * place in the order with no rows (a cluster node serving some contigs maps only theirs).
   */
  public static Opened open(Path file, Predicate<String> contigs, SourceIdentity actual)
      throws BadIndexException, IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      return new IndexReader(file, ch).open(contigs, actual);
    } catch (NoSuchFileException e) {
      throw new BadIndexException(file, "not found (build it with: java -jar dasgrid.jar index --vcf VCF --out "
          + file.getFileName() + ")");
    }
  }

  /** Maps and checks an index file and makes the engine over it. */
  private static final class IndexReader {
    private final Path file;
    private final FileChannel channel;
    private ByteBuffer[] chunks;
    /** The checksum pass's read buffer, made at the first check. */
    private ByteBuffer buffer;

    IndexReader(Path file, FileChannel channel) {
      this.file = file;
      this.channel = channel;
    }

    Opened open(Predicate<String> selected, SourceIdentity actual) throws BadIndexException, IOException {
      long size = channel.size();
      if (size < HEADER) {
        throw bad("truncated: " + size + " bytes, shorter than the header (a stopped build or a partial copy?)");
      }
      ByteBuffer h = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN);
      while (h.hasRemaining() && channel.read(h, h.position()) > 0) {
        // reads the header
      }
      byte[] magic = Arrays.copyOf(h.array(), MAGIC.length);
      if (!Arrays.equals(magic, MAGIC)) {
        throw bad("not a DasGrid genotype index (bad magic bytes)");
      }
      CRC32C crc = new CRC32C();
      crc.update(h.array(), 0, HEADER - 4);
      if (h.getInt(HEADER - 4) != (int) crc.getValue()) {
        throw bad("corrupt: header checksum mismatch");
      }
      int version = h.getInt(8);
      if (version != FORMAT_VERSION) {
        // format 1 kept no missing-call sets or INFO (the analytics), format 2 stored disjoint AN groups and no
        // patched sets: their files are rebuilt, not read (a build is minutes; two readers would be kept forever)
        throw bad("index format version " + version + ", this server reads version " + FORMAT_VERSION
            + " (rebuild the index with this server's 'index' command)");
      }
      long length = h.getLong(16);
      if (size < length) {
        throw bad("truncated: " + size + " bytes of " + length + " (an incomplete copy?)");
      }
      if (size > length) {
        throw bad("corrupt: " + size + " bytes, the header says " + length);
      }
      map(size);
      Section cat = new Section(h.getLong(24), h.getLong(32), h.getInt(40));
      JsonNode catalog = JSON.readTree(new String(bytesOf(checked(cat, "catalog")), StandardCharsets.UTF_8));
      SourceIdentity stored = JSON.treeToValue(catalog.get("source"), SourceIdentity.class);
      if (actual != null) {
        var why = stored.difference(actual);
        if (why.isPresent()) {
          throw bad("stale: the VCF is not the file it was built from (" + why.get() + "); rebuild it");
        }
      }
      return engine(catalog, selected, stored, size);
    }

    private Opened engine(JsonNode catalog, Predicate<String> selected, SourceIdentity stored, long size)
        throws BadIndexException, IOException {
      List<String> samples = new ArrayList<>();
      catalog.get("samples").forEach(n -> samples.add(n.asText()));
      int cohort = samples.size();
      JsonNode pools = catalog.get("pools");
      ByteBuffer[] inlineBytes = pages(pools.get("inline"), "inline sets");
      CharColumn[] inline = new CharColumn[inlineBytes.length];
      for (int p = 0; p < inline.length; p++) {
        inline[p] = CharColumn.mapped(inlineBytes[p]);
      }
      ByteBuffer[] denseBytes = pages(pools.get("dense"), "dense sets");
      LongColumn[] dense = new LongColumn[denseBytes.length];
      for (int p = 0; p < dense.length; p++) {
        dense[p] = LongColumn.mapped(denseBytes[p]);
      }
      ByteBuffer[] fixBytes = pages(pools.get("corrections"), "corrections");
      IntColumn[] fixPages = new IntColumn[fixBytes.length];
      for (int p = 0; p < fixPages.length; p++) {
        fixPages[p] = IntColumn.mapped(fixBytes[p]);
      }
      ByteBuffer[] patchBytes = pages(pools.get("patches"), "patched sets");
      IntColumn[] patches = new IntColumn[patchBytes.length];
      for (int p = 0; p < patches.length; p++) {
        patches[p] = IntColumn.mapped(patchBytes[p]);
      }
      SampleSets sets = new SampleSets(cohort, inline, new org.roaringbitmap.RoaringBitmap[0], dense, patches);
      Corrections fixes = new Corrections(fixPages);
      SampleSelection everyone = SampleSelection.all(cohort);
      List<ContigRows> contigs = new ArrayList<>();
      List<AfTexts> afTexts = new ArrayList<>();
      List<CallGaps> gaps = new ArrayList<>();
      List<InfoStore> info = new ArrayList<>();
      List<SampleCallSection> callSections = new ArrayList<>();
      for (JsonNode c : catalog.get("contigs")) {
        String name = c.get("name").asText();
        if (!selected.test(name)) {
          contigs.add(new ContigRows(name, 0, new int[0], new int[0], new int[0], new int[0], new int[0],
              new int[0], new byte[0], new int[1], new byte[TextRules.installed().slack()], sets, fixes,
              everyone));
          afTexts.add(new AfTexts.Builder(0).build());
          gaps.add(CallGaps.NONE);
          info.add(InfoStore.NONE);
          callSections.add(null);
          continue;
        }
        JsonNode s = c.get("sections");
        contigs.add(new ContigRows(name, c.get("rows").asInt(), new ContigRows.Columns(
            IntColumn.mapped(section(s, name, "pos")), IntColumn.mapped(section(s, name, "end")),
            IntColumn.mapped(section(s, name, "het")), IntColumn.mapped(section(s, name, "hom")),
            IntColumn.mapped(section(s, name, "acFix")), IntColumn.mapped(section(s, name, "anFix")),
            ByteColumn.mapped(section(s, name, "ploidy")), IntColumn.mapped(section(s, name, "textStart")),
            ByteColumn.mapped(section(s, name, "text")), ByteColumn.mapped(section(s, name, "idLength")),
            ByteColumn.mapped(section(s, name, "refLength")), LongColumn.mapped(section(s, name, "plainText")),
            LongColumn.mapped(section(s, name, "anyHet")), LongColumn.mapped(section(s, name, "anyHom")),
            IntColumn.mapped(section(s, name, "longRows")),
            s.has("cohortCounts") ? LongColumn.mapped(section(s, name, "cohortCounts")) : null,
            blocks(s, name, "hetBlocks", cohort, 1), blocks(s, name, "homBlocks", cohort, 1),
            blocks(s, name, "hetSupers", cohort, 2), blocks(s, name, "homSupers", cohort, 2))));
        afTexts.add(AfTexts.mapped(section(s, name, "afTexts")));
        gaps.add(new CallGaps(IntColumn.mapped(section(s, name, "missing")),
            IntColumn.mapped(section(s, name, "nonDiploid")), ByteColumn.mapped(section(s, name, "alts")),
            ByteColumn.mapped(section(s, name, "altIndex"))));
        int rows = c.get("rows").asInt();
        info.add(!s.has("info") ? InfoStore.NONE : new InfoStore(ByteColumn.mapped(section(s, name, "info")),
            s.has("infoStart") ? IntColumn.mapped(section(s, name, "infoStart")) : IntColumn.zeros(rows),
            s.has("infoEnd") ? IntColumn.mapped(section(s, name, "infoEnd")) : IntColumn.zeros(rows)));
        callSections.add(s.has("sampleCalls") ? callSection(s, name, cohort, rows) : null);
      }
      Map<String, InfoField> infoFields = new LinkedHashMap<>();
      for (JsonNode f : catalog.get("infoFields")) {
        infoFields.put(f.get("key").asText(), new InfoField(f.get("key").asText(),
            InfoField.Type.valueOf(f.get("type").asText()), f.get("number").asText(),
            f.get("description").asText()));
      }
      JsonNode counts = catalog.get("counts");
      GenotypeIndexBuilder.Counts totals = new GenotypeIndexBuilder.Counts(counts.get("sites").asLong(),
          counts.get("variants").asLong(), counts.get("nonRefCalls").asLong());
      JsonNode forms = catalog.get("forms");
      SampleNames names = SampleNames.of(samples);
      long heap = names.heapBytes() * 2 + 512L * contigs.size() + 64L * (inline.length + dense.length);
      GenotypeStats stats = new GenotypeStats(cohort, totals.sites(), totals.variants(), totals.nonRefCalls(),
          heap, forms.get("inline").asLong(), 0, forms.get("dense").asLong());
      List<IndexedReference> references = new ArrayList<>();
      for (JsonNode r : catalog.get("references")) {
        references.add(JSON.treeToValue(r, IndexedReference.class));
      }
      GenotypeIndex engine = new GenotypeIndex(samples, contigs, sets, fixes, afTexts, totals, stats, gaps, info,
          infoFields, callSections);
      return new Opened(engine, List.copyOf(references), stored, size);
    }

    /** A contig's sample-major calls (optional: {@code index --sample-calls}), checked. */
    private SampleCallSection callSection(JsonNode s, String contig, int cohort, int rows)
        throws BadIndexException, IOException {
      ByteBuffer data = section(s, contig, "sampleCalls");
      IntColumn directory = IntColumn.mapped(section(s, contig, "sampleCallsDirectory"));
      try {
        return new SampleCallSection(data, directory, cohort, rows);
      } catch (IllegalArgumentException e) {
        throw bad("corrupt: contig " + contig + " section sampleCalls: " + e.getMessage());
      }
    }

    private BlockCounts blocks(JsonNode s, String contig, String name, int cohort, int width)
        throws BadIndexException, IOException {
      return BlockCounts.mapped(IntColumn.mapped(section(s, contig, name + "Directory")),
          section(s, contig, name), cohort, width);
    }

    private ByteBuffer section(JsonNode sections, String contig, String name) throws BadIndexException, IOException {
      JsonNode a = sections.get(name);
      if (a == null) {
        throw bad("corrupt: contig " + contig + " has no section '" + name + "'");
      }
      return checked(Section.of(a), "contig " + contig + " section " + name);
    }

    /** A pool's pages, each its own section, found and checked through the pool's page table. */
    private ByteBuffer[] pages(JsonNode pool, String what) throws BadIndexException, IOException {
      int pages = pool.get("pages").asInt();
      ByteBuffer table = checked(Section.of(pool.get("table")), what + " page table")
          .order(ByteOrder.LITTLE_ENDIAN);
      if (table.remaining() != 16L * pages) {
        throw bad("corrupt: the " + what + " page table has " + table.remaining() + " bytes for " + pages + " pages");
      }
      ByteBuffer[] out = new ByteBuffer[pages];
      for (int p = 0; p < pages; p++) {
        Section s = new Section(table.getLong(16 * p), table.getInt(16 * p + 8), table.getInt(16 * p + 12));
        out[p] = checked(s, what + " page " + p);
      }
      return out;
    }

    private void map(long size) throws IOException {
      int n = (int) ((size + CHUNK - 1) / CHUNK);
      chunks = new ByteBuffer[n];
      for (int k = 0; k < n; k++) {
        long from = k * CHUNK;
        chunks[k] = channel.map(FileChannel.MapMode.READ_ONLY, from, Math.min(CHUNK, size - from));
      }
    }

    /** The section's bytes after checking its place and checksum. */
    private ByteBuffer checked(Section s, String what) throws BadIndexException, IOException {
      verify(s, what);
      return slice(s.offset(), (int) s.length());
    }

    /**
     * Checks the section's CRC-32C reading it with positional reads, not through the mapping: the check then
     * leaves the pages in the page cache but not in this process's page tables, so the OS may evict the ones
     * no query touches (and a benchmark can evict them all to time cold queries: pages a process maps cannot
     * be dropped without root).
     */
    private void verify(Section s, String what) throws BadIndexException, IOException {
      if (s.offset() < HEADER || s.length() < 0 || s.offset() + s.length() > channelSize()) {
        throw bad("corrupt: " + what + " lies outside the file");
      }
      if (buffer == null) { // a small file gets a small buffer
        buffer = ByteBuffer.allocateDirect((int) Math.min(READ_BUFFER, channelSize()));
      }
      CRC32C crc = new CRC32C();
      for (long at = s.offset(), end = s.offset() + s.length(); at < end; ) {
        buffer.clear().limit((int) Math.min(buffer.capacity(), end - at));
        int n = channel.read(buffer, at);
        if (n <= 0) {
          throw bad("truncated: " + what + " ends past the readable bytes");
        }
        crc.update(buffer.flip());
        at += n;
      }
      if ((int) crc.getValue() != s.crc()) {
        throw bad("corrupt: checksum mismatch in " + what);
      }
    }

    private long channelSize() {
      long n = 0;
      for (ByteBuffer c : chunks) {
        n += c.capacity();
      }
      return n;
    }

    private ByteBuffer slice(long offset, int length) throws BadIndexException {
      int k = (int) (offset / CHUNK);
      int from = (int) (offset - k * CHUNK);
      if (k >= chunks.length || from + (long) length > chunks[k].capacity()) {
        throw bad("corrupt: a section straddles a 1 GiB boundary");
      }
      return chunks[k].slice(from, length);
    }

    private static byte[] bytesOf(ByteBuffer b) {
      byte[] out = new byte[b.remaining()];
      b.duplicate().get(out);
      return out;
    }

    private BadIndexException bad(String reason) {
      return new BadIndexException(file, reason);
    }
  }
}
