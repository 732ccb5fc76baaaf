package org.dasgrid.core.genotype.dgi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import org.dasgrid.core.genotype.BadIndexException;
import org.dasgrid.core.genotype.IndexedReference;
import org.dasgrid.core.genotype.InfoField;
import org.dasgrid.core.genotype.SourceIdentity;
import org.dasgrid.core.genotype.internal.column.BlockCounts;
import org.dasgrid.core.genotype.internal.column.ByteColumn;
import org.dasgrid.core.genotype.internal.column.CharColumn;
import org.dasgrid.core.genotype.internal.column.IntColumn;
import org.dasgrid.core.genotype.internal.column.LongColumn;

/**
 * Opens an index file ({@link IndexLayout}): maps it and checks it — header, length (truncation), format version,
 * every checksum of the sections it hands out (the pools, and the selected contigs' columns), and, unless {@code
 * actual} is null, that the VCF it was built from is still {@code actual} — and gives its contents as mapped
 * columns ({@link IndexContents}). Every check fails with a {@link BadIndexException} naming the file and what
 * is wrong.
 */
public final class IndexFileReader {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Bytes per positional read of the checksum pass: large enough to amortise the system call. */
  private static final int READ_BUFFER = 1 << 22;

  private IndexFileReader() {}

  /**
   * Maps and checks {@code file}; contigs {@code contigs} rejects keep their place in the order with nothing read
   * ({@link ContigSections#absent}: a cluster node serving some contigs maps only theirs).
   */
  public static IndexContents open(Path file, Predicate<String> contigs, SourceIdentity actual)
      throws BadIndexException, IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      return new Reader(file, ch).open(contigs, actual);
    } catch (NoSuchFileException e) {
      throw new BadIndexException(file, "not found (build it with: java -jar dasgrid.jar index --vcf VCF --out "
          + file.getFileName() + ")");
    }
  }

  /**
   * Checks that can wait (issue 30, open in seconds): the checksums of the sections {@link #openDeferred} handed
   * out unchecked, run later by {@link #run} (reading the file again through a channel of its own).
   */
  public static final class DeferredChecks {
    private final Path file;
    private final List<Section> sections;
    private final List<String> names;

    private DeferredChecks(Path file, List<Section> sections, List<String> names) {
      this.file = file;
      this.sections = List.copyOf(sections);
      this.names = List.copyOf(names);
    }

    /** Bytes the checks read. */
    public long bytes() {
      return sections.stream().mapToLong(Section::length).sum();
    }

    /** Checks every deferred section; the first mismatch fails naming the file and the section. */
    public void run() throws BadIndexException, IOException {
      try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
        Reader r = new Reader(file, ch);
        r.map(ch.size()); // only for the sections' bounds: the checks read through the channel
        for (int i = 0; i < sections.size(); i++) {
          r.verify(sections.get(i), names.get(i));
        }
      } catch (NoSuchFileException e) {
        throw new BadIndexException(file, "not found");
      }
    }
  }

  /** What {@link #openDeferred} gives: the contents, their section checksums not yet checked, and those checks. */
  public record Deferred(IndexContents contents, DeferredChecks checks) {}

  /**
   * As {@link #open}, but the sections' checksums (all but the header's, the catalog's and the pools' page
   * tables') are left to {@link DeferredChecks#run}: opening costs reading the catalog, whatever the file's size.
   * The caller must not serve a byte of the contents before those checks pass.
   */
  public static Deferred openDeferred(Path file, Predicate<String> contigs, SourceIdentity actual)
      throws BadIndexException, IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      Reader r = new Reader(file, ch);
      r.deferredSections = new ArrayList<>();
      r.deferredNames = new ArrayList<>();
      IndexContents contents = r.open(contigs, actual);
      return new Deferred(contents, new DeferredChecks(file, r.deferredSections, r.deferredNames));
    } catch (NoSuchFileException e) {
      throw new BadIndexException(file, "not found (build it with: java -jar dasgrid.jar index --vcf VCF --out "
          + file.getFileName() + ")");
    }
  }

  /**
   * Checks the shape of a contig's sample-major calls: {@code 3·cohort + 2} offsets into {@code data}, ascending,
   * the last one its end.
   *
   * @throws IllegalArgumentException naming what is wrong
   */
  static void checkSampleCalls(ByteBuffer data, IntColumn directory, int cohort) {
    int n = 3 * cohort + 2;
    if (directory.length() != n) {
      throw new IllegalArgumentException("the directory has " + directory.length() + " entries for " + cohort
          + " samples (" + n + " expected)");
    }
    int last = 0;
    for (int i = 0; i < n; i++) {
      int at = directory.get(i);
      if (at < last || at > data.remaining()) {
        throw new IllegalArgumentException("directory entry " + i + " (" + at + ") is out of order or past the "
            + data.remaining() + " bytes");
      }
      last = at;
    }
    if (last != data.remaining()) {
      throw new IllegalArgumentException("the directory ends at " + last + " of " + data.remaining() + " bytes");
    }
  }

  /** Maps and checks one index file. */
  private static final class Reader {
    private final Path file;
    private final FileChannel channel;
    private ByteBuffer[] chunks;
    /** The checksum pass's read buffer, made at the first check. */
    private ByteBuffer buffer;
    /** When not null, the sections whose checks wait ({@link #openDeferred}), and what each is. */
    private List<Section> deferredSections;
    private List<String> deferredNames;

    Reader(Path file, FileChannel channel) {
      this.file = file;
      this.channel = channel;
    }

    IndexContents open(Predicate<String> selected, SourceIdentity actual) throws BadIndexException, IOException {
      long size = channel.size();
      if (size < IndexLayout.HEADER) {
        throw bad("truncated: " + size + " bytes, shorter than the header (a stopped build or a partial copy?)");
      }
      ByteBuffer h = ByteBuffer.allocate(IndexLayout.HEADER).order(ByteOrder.LITTLE_ENDIAN);
      while (h.hasRemaining() && channel.read(h, h.position()) > 0) {
        // reads the header
      }
      byte[] magic = Arrays.copyOf(h.array(), IndexLayout.MAGIC.length);
      if (!Arrays.equals(magic, IndexLayout.MAGIC)) {
        throw bad("not a DasGrid genotype index (bad magic bytes)");
      }
      CRC32C crc = new CRC32C();
      crc.update(h.array(), 0, IndexLayout.HEADER - 4);
      if (h.getInt(IndexLayout.HEADER - 4) != (int) crc.getValue()) {
        throw bad("corrupt: header checksum mismatch");
      }
      int version = h.getInt(8);
      if (version != IndexLayout.FORMAT_VERSION && version != IndexLayout.FORMAT_4
          && version != IndexLayout.FORMAT_3) {
        // format 1 kept no missing-call sets or INFO (the analytics), format 2 stored disjoint AN groups and no
        // patched sets: their files are rebuilt, not read (a build is minutes; two readers would be kept forever).
        // Formats 3 and 4 are format 5 for cohorts of up to 65,536 samples, so they read as they are
        throw bad("index format version " + version + ", this server reads versions " + IndexLayout.FORMAT_3
            + " to " + IndexLayout.FORMAT_VERSION + " (rebuild the index with this server's 'index' command)");
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
      return contents(catalog, selected, stored, size);
    }

    private IndexContents contents(JsonNode catalog, Predicate<String> selected, SourceIdentity stored, long size)
        throws BadIndexException, IOException {
      List<String> samples = new ArrayList<>();
      catalog.get("samples").forEach(n -> samples.add(n.asText()));
      int cohort = samples.size();
      JsonNode pools = catalog.get("pools");
      ByteBuffer[] inlineBytes = pages(pools.get("inline"), "inline sets");
      // a cohort above 65,536 samples has delta-coded runs (format 5); format 4's 32-bit runs are rebuilt
      boolean wide = IndexLayout.wideInline(cohort);
      if (wide && pools.path("inlineBits").asInt(0) == 32) {
        throw bad("index format 4 of " + cohort + " samples (runs of 32-bit sample numbers): this server reads"
            + " format " + IndexLayout.FORMAT_VERSION + "'s delta-coded runs above 65,536 samples; rebuild the index"
            + " with this server's 'index' command");
      }
      if (wide != IndexLayout.GAPS.equals(pools.path("inlineCoding").asText())
          || !wide && pools.path("inlineBits").asInt(16) != 16) {
        throw bad("corrupt: the inline sets' coding (" + pools.path("inlineCoding").asText("16-bit runs")
            + ") does not fit a cohort of " + cohort + " samples");
      }
      CharColumn[] inline = new CharColumn[wide ? 0 : inlineBytes.length];
      ByteColumn[] gaps = new ByteColumn[wide ? inlineBytes.length : 0];
      for (int p = 0; p < inlineBytes.length; p++) {
        if (wide) {
          gaps[p] = ByteColumn.mapped(inlineBytes[p]);
        } else {
          inline[p] = CharColumn.mapped(inlineBytes[p]);
        }
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
      List<ContigSections> contigs = new ArrayList<>();
      for (JsonNode c : catalog.get("contigs")) {
        String name = c.get("name").asText();
        contigs.add(selected.test(name) ? contig(name, c.get("rows").asInt(), c.get("sections"), cohort)
            : ContigSections.absent(name));
      }
      Map<String, InfoField> infoFields = new LinkedHashMap<>();
      for (JsonNode f : catalog.get("infoFields")) {
        infoFields.put(f.get("key").asText(), new InfoField(f.get("key").asText(),
            InfoField.Type.valueOf(f.get("type").asText()), f.get("number").asText(),
            f.get("description").asText()));
      }
      JsonNode counts = catalog.get("counts");
      JsonNode forms = catalog.get("forms");
      List<IndexedReference> references = new ArrayList<>();
      for (JsonNode r : catalog.get("references")) {
        references.add(JSON.treeToValue(r, IndexedReference.class));
      }
      return new IndexContents(samples, infoFields, new IndexContents.Counts(counts.get("sites").asLong(),
          counts.get("variants").asLong(), counts.get("nonRefCalls").asLong(), forms.get("inline").asLong(),
          forms.get("dense").asLong()), new IndexContents.Pools(inline, gaps, dense, patches, fixPages), contigs,
          List.copyOf(references), stored, size);
    }

    /** A selected contig's sections, each checked as it is found. */
    private ContigSections contig(String name, int rows, JsonNode s, int cohort)
        throws BadIndexException, IOException {
      RowColumns columns = new RowColumns(
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
          blocks(s, name, "hetSupers", cohort, 2), blocks(s, name, "homSupers", cohort, 2));
      ByteBuffer afTexts = section(s, name, "afTexts");
      GapColumns gaps = new GapColumns(IntColumn.mapped(section(s, name, "missing")),
          IntColumn.mapped(section(s, name, "nonDiploid")), ByteColumn.mapped(section(s, name, "alts")),
          ByteColumn.mapped(section(s, name, "altIndex")));
      InfoColumns info = !s.has("info") ? null : new InfoColumns(ByteColumn.mapped(section(s, name, "info")),
          s.has("infoStart") ? IntColumn.mapped(section(s, name, "infoStart")) : null,
          s.has("infoEnd") ? IntColumn.mapped(section(s, name, "infoEnd")) : null);
      ContigSections.SampleCalls calls = s.has("sampleCalls") ? sampleCalls(s, name, cohort) : null;
      return new ContigSections(name, rows, columns, afTexts, gaps, info, calls);
    }

    /** A contig's sample-major calls (optional: {@code index --sample-calls}), checked. */
    private ContigSections.SampleCalls sampleCalls(JsonNode s, String contig, int cohort)
        throws BadIndexException, IOException {
      ByteBuffer data = section(s, contig, "sampleCalls");
      IntColumn directory = IntColumn.mapped(section(s, contig, "sampleCallsDirectory"));
      try {
        checkSampleCalls(data, directory, cohort);
      } catch (IllegalArgumentException e) {
        throw bad("corrupt: contig " + contig + " section sampleCalls: " + e.getMessage());
      }
      return new ContigSections.SampleCalls(data, directory);
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
      int n = (int) ((size + IndexLayout.CHUNK - 1) / IndexLayout.CHUNK);
      chunks = new ByteBuffer[n];
      for (int k = 0; k < n; k++) {
        long from = k * IndexLayout.CHUNK;
        chunks[k] = channel.map(FileChannel.MapMode.READ_ONLY, from, Math.min(IndexLayout.CHUNK, size - from));
      }
    }

    /** The section's bytes after checking its place and checksum. */
    private ByteBuffer checked(Section s, String what) throws BadIndexException, IOException {
      if (deferredSections != null && !what.equals("catalog") && !what.endsWith("page table")) {
        if (s.offset() < IndexLayout.HEADER || s.length() < 0 || s.offset() + s.length() > channelSize()) {
          throw bad("corrupt: " + what + " lies outside the file");
        }
        deferredSections.add(s);
        deferredNames.add(what);
        return slice(s.offset(), (int) s.length());
      }
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
      if (s.offset() < IndexLayout.HEADER || s.length() < 0 || s.offset() + s.length() > channelSize()) {
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
      int k = (int) (offset / IndexLayout.CHUNK);
      int from = (int) (offset - k * IndexLayout.CHUNK);
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
