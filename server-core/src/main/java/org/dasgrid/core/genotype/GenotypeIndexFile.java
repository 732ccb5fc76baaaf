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
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import java.util.zip.CRC32C;

/**
 * The persistent, memory-mapped form of a genotype engine ({@code .dgi}): the engine's own arrays and pools,
 * written once by {@link #write} and served by {@link #open} straight from the mapped file (the OS page cache
 * holds them; the heap holds only the cohort's names and one small object per column). Queries run the same
 * code over the mapped columns as over the heap arrays, so the answers are the same bytes.
 *
 * <p>Layout (little-endian; docs/genotypes.md has it byte by byte): a 64-byte header (magic, format version,
 * file length, the catalog's place and CRC-32C, the header's own CRC-32C); then the sections, each aligned
 * and never straddling a 1 GiB boundary; then the catalog, a JSON document naming the source VCF's identity,
 * the cohort, the counts, and each section's offset, length and CRC-32C. Pools of pages (inline sets, dense
 * sets, corrections) are written one 256 KiB page per 256 KiB slot.
 *
 * <p>Written to {@code NAME.partial} and renamed to {@code NAME} when complete; the header (and with it the
 * magic) is the last thing written, so a stopped build leaves a {@code .partial} file with no magic.
 */
public final class GenotypeIndexFile {
  /** 8 bytes: a non-ASCII first byte, "DGI", CR LF, ^Z, LF (as PNG: catches text-mode copies). */
  static final byte[] MAGIC = {(byte) 0x89, 'D', 'G', 'I', '\r', '\n', 0x1A, '\n'};
  public static final int FORMAT_VERSION = 1;
  static final int HEADER = 64;
  /** Mapped in pieces of this size; no section of at most this size straddles two. */
  static final long CHUNK = 1L << 30;
  /** The slot of one pool page. */
  static final int PAGE_SLOT = 1 << 18;
  private static final ObjectMapper JSON = new ObjectMapper();

  private GenotypeIndexFile() {}

  /** A section's place and checksum. */
  record Section(long offset, long length, int crc) {
    ArrayNode json() {
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
   * 65,536 samples, or {@code genotypeSets: roaring}), which format 1 does not hold.
   */
  public static void write(GenotypeQueries engine, List<IndexedReference> references, SourceIdentity source,
      Path out) throws IOException {
    if (!(engine instanceof GenotypeIndex index)) {
      throw new IllegalArgumentException("not an engine built by GenotypeIndexBuilder");
    }
    if (index.sets().roaringSets() > 0) {
      throw new IllegalArgumentException("index format " + FORMAT_VERSION + " holds compact sample sets only"
          + " (cohorts of up to 65,536 samples, genotypeSets: compact)");
    }
    Path partial = out.resolveSibling(out.getFileName() + ".partial");
    boolean done = false;
    try (FileChannel ch = FileChannel.open(partial, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.READ)) {
      new IndexWriter(index, ch).write(references, source);
      ch.force(true);
      done = true;
    } finally {
      if (!done) {
        Files.deleteIfExists(partial);
      }
    }
    Files.move(partial, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
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

  /** Writes the sections, the catalog, then the header. */
  private static final class IndexWriter {
    private final GenotypeIndex index;
    private final FileChannel channel;
    private final SectionOutput out;

    IndexWriter(GenotypeIndex index, FileChannel channel) {
      this.index = index;
      this.channel = channel;
      this.out = new SectionOutput(channel, HEADER);
    }

    void write(List<IndexedReference> references, SourceIdentity source) throws IOException {
      ObjectNode catalog = JSON.createObjectNode();
      catalog.put("format", FORMAT_VERSION);
      catalog.set("source", JSON.valueToTree(source));
      ArrayNode names = catalog.putArray("samples");
      index.sampleNames().forEach(names::add);
      GenotypeIndexBuilder.Counts counts = index.counts();
      catalog.putObject("counts").put("sites", counts.sites()).put("variants", counts.variants())
          .put("nonRefCalls", counts.nonRefCalls());
      GenotypeStats stats = index.stats();
      catalog.putObject("forms").put("inline", stats.inlineSets()).put("dense", stats.denseSets());
      catalog.put("engineHeapBytes", stats.heapBytes());
      ObjectNode pools = catalog.putObject("pools");
      SampleSets sets = index.sets();
      pools.set("inline", pool(sets.inlinePages(), p -> p.length() * 2L, (p, o) -> {
        for (int i = 0; i < p.length(); i++) {
          o.putChar(p.get(i));
        }
      }));
      pools.set("dense", pool(sets.densePages(), p -> p.length() * 8L, (p, o) -> {
        for (int i = 0; i < p.length(); i++) {
          o.putLong(p.get(i));
        }
      }));
      pools.set("corrections", pool(index.corrections().pages(), p -> p.length() * 4L, (p, o) -> {
        for (int i = 0; i < p.length(); i++) {
          o.putInt(p.get(i));
        }
      }));
      ArrayNode contigs = catalog.putArray("contigs");
      ArrayNode listed = catalog.putArray("references");
      for (IndexedReference r : references) {
        listed.add(JSON.valueToTree(r));
      }
      for (int c = 0; c < index.contigCount(); c++) {
        contigs.add(contig(index.contigRows(c), index.afTexts(c)));
      }
      byte[] json = JSON.writeValueAsBytes(catalog);
      out.begin(json.length, 8);
      out.put(json, 0, json.length);
      Section cat = out.end();
      out.close();
      ByteBuffer h = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN);
      h.put(MAGIC).putInt(FORMAT_VERSION).putInt(HEADER).putLong(out.position()).putLong(cat.offset())
          .putLong(cat.length()).putInt(cat.crc());
      CRC32C crc = new CRC32C();
      crc.update(h.array(), 0, HEADER - 4);
      h.putInt(HEADER - 4, (int) crc.getValue());
      h.clear();
      while (h.hasRemaining()) {
        channel.write(h, h.position());
      }
    }

    private interface PageWriter<P> {
      void write(P page, SectionOutput out) throws IOException;
    }

    private interface PageBytes<P> {
      long of(P page);
    }

    /** A pool: each page in a slot of {@link #PAGE_SLOT} bytes; one checksum over all the slots. */
    private <P> ObjectNode pool(P[] pages, PageBytes<P> bytes, PageWriter<P> writer) throws IOException {
      out.begin((long) pages.length * PAGE_SLOT, PAGE_SLOT);
      long last = 0;
      for (P p : pages) {
        long start = out.position();
        last = bytes.of(p);
        writer.write(p, out);
        out.pad(PAGE_SLOT - (out.position() - start));
      }
      Section s = out.end();
      ObjectNode n = JSON.createObjectNode();
      n.put("pages", pages.length).put("lastPageBytes", last);
      n.set("section", s.json());
      return n;
    }

    private ObjectNode contig(ContigRows rows, AfTexts af) throws IOException {
      ObjectNode n = JSON.createObjectNode();
      n.put("name", rows.name).put("rows", rows.size);
      ObjectNode s = n.putObject("sections");
      ContigRows.Columns c = rows.columns();
      s.set("pos", ints(c.pos()));
      s.set("end", ints(c.end()));
      s.set("het", ints(c.het()));
      s.set("hom", ints(c.hom()));
      s.set("acFix", ints(c.acFix()));
      s.set("anFix", ints(c.anFix()));
      s.set("ploidy", bytes(c.ploidy()));
      s.set("textStart", ints(c.textStart()));
      s.set("text", bytes(c.text()));
      s.set("idLength", bytes(c.idLength()));
      s.set("refLength", bytes(c.refLength()));
      s.set("plainText", longs(c.plainText()));
      s.set("anyHet", longs(c.anyHet()));
      s.set("anyHom", longs(c.anyHom()));
      s.set("longRows", ints(c.longRows()));
      if (c.cohortCounts() != null) {
        s.set("cohortCounts", longs(c.cohortCounts()));
      }
      blocks(s, "hetBlocks", c.hetBlocks(), 1);
      blocks(s, "homBlocks", c.homBlocks(), 1);
      blocks(s, "hetSupers", c.hetSupers(), 2);
      blocks(s, "homSupers", c.homSupers(), 2);
      s.set("afTexts", bytes(af.bytes()));
      return n;
    }

    /** Format 1 maps a contig's section whole, in one 1 GiB piece of the file. */
    private static long fits(long length) {
      if (length > CHUNK) {
        throw new IllegalArgumentException("a contig's section of " + length + " bytes is over the 1 GiB that"
            + " index format " + FORMAT_VERSION + " maps in one piece");
      }
      return length;
    }

    private ArrayNode ints(IntColumn col) throws IOException {
      out.begin(fits(col.length() * 4L), 8);
      for (int i = 0; i < col.length(); i++) {
        out.putInt(col.get(i));
      }
      return out.end().json();
    }

    private ArrayNode longs(LongColumn col) throws IOException {
      out.begin(fits(col.length() * 8L), 8);
      for (int i = 0; i < col.length(); i++) {
        out.putLong(col.get(i));
      }
      return out.end().json();
    }

    private ArrayNode bytes(ByteColumn col) throws IOException {
      out.begin(fits(col.length()), 8);
      byte[] chunk = new byte[1 << 16];
      for (int i = 0; i < col.length(); i += chunk.length) {
        int n = Math.min(chunk.length, col.length() - i);
        col.copy(i, chunk, 0, n);
        out.put(chunk, 0, n);
      }
      return out.end().json();
    }

    /** A directory (slot number or -1 per block), then the kept blocks' counts, {@code width} bytes each. */
    private void blocks(ObjectNode s, String name, BlockCounts counts, int width) throws IOException {
      int cohort = index.sampleNames().size();
      int[] directory = new int[counts.blocks()];
      int kept = 0;
      for (int b = 0; b < directory.length; b++) {
        directory[b] = counts.has(b) ? kept++ : -1;
      }
      s.set(name + "Directory", ints(IntColumn.of(directory)));
      out.begin(fits((long) kept * cohort * width), 8);
      int[] values = new int[cohort];
      for (int b = 0; b < directory.length; b++) {
        if (directory[b] < 0) {
          continue;
        }
        Arrays.fill(values, 0);
        counts.addTo(b, values);
        for (int v : values) {
          if (width == 1) {
            out.put((byte) v);
          } else {
            out.putChar((char) v);
          }
        }
      }
      s.set(name, out.end().json());
    }
  }

  /** Maps and checks an index file and makes the engine over it. */
  private static final class IndexReader {
    private final Path file;
    private final FileChannel channel;
    private ByteBuffer[] chunks;

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
        throw bad("index format version " + version + ", this server reads version " + FORMAT_VERSION
            + " (rebuild it with this server's 'index' command)");
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
      SampleSets sets = new SampleSets(cohort, inline, new org.roaringbitmap.RoaringBitmap[0], dense);
      Corrections fixes = new Corrections(fixPages);
      SampleSelection everyone = SampleSelection.all(cohort);
      List<ContigRows> contigs = new ArrayList<>();
      List<AfTexts> afTexts = new ArrayList<>();
      for (JsonNode c : catalog.get("contigs")) {
        String name = c.get("name").asText();
        if (!selected.test(name)) {
          contigs.add(new ContigRows(name, 0, new int[0], new int[0], new int[0], new int[0], new int[0],
              new int[0], new byte[0], new int[1], new byte[TextRules.installed().slack()], sets, fixes,
              everyone));
          afTexts.add(new AfTexts.Builder(0).build());
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
      GenotypeIndex engine = new GenotypeIndex(samples, contigs, sets, fixes, afTexts, totals, stats);
      return new Opened(engine, List.copyOf(references), stored, size);
    }

    private BlockCounts blocks(JsonNode s, String contig, String name, int cohort, int width)
        throws BadIndexException {
      return BlockCounts.mapped(IntColumn.mapped(section(s, contig, name + "Directory")),
          section(s, contig, name), cohort, width);
    }

    private ByteBuffer section(JsonNode sections, String contig, String name) throws BadIndexException {
      JsonNode a = sections.get(name);
      if (a == null) {
        throw bad("corrupt: contig " + contig + " has no section '" + name + "'");
      }
      return checked(Section.of(a), "contig " + contig + " section " + name);
    }

    /** A pool's pages, each a slice of its slot. */
    private ByteBuffer[] pages(JsonNode pool, String what) throws BadIndexException {
      int pages = pool.get("pages").asInt();
      long lastBytes = pool.get("lastPageBytes").asLong();
      Section s = Section.of(pool.get("section"));
      verify(s, what);
      ByteBuffer[] out = new ByteBuffer[pages];
      for (int p = 0; p < pages; p++) {
        long at = s.offset() + (long) p * PAGE_SLOT;
        out[p] = slice(at, p == pages - 1 ? (int) lastBytes : PAGE_SLOT);
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
    private ByteBuffer checked(Section s, String what) throws BadIndexException {
      verify(s, what);
      return slice(s.offset(), (int) s.length());
    }

    private void verify(Section s, String what) throws BadIndexException {
      if (s.offset() < HEADER || s.length() < 0 || s.offset() + s.length() > channelSize()) {
        throw bad("corrupt: " + what + " lies outside the file");
      }
      CRC32C crc = new CRC32C();
      for (long at = s.offset(), end = s.offset() + s.length(); at < end; ) {
        int k = (int) (at / CHUNK);
        int from = (int) (at - k * CHUNK);
        int n = (int) Math.min(end - at, CHUNK - from);
        crc.update(chunks[k].duplicate().position(from).limit(from + n));
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
