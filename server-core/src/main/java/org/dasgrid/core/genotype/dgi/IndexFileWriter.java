package org.dasgrid.core.genotype.dgi;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;
import org.dasgrid.core.genotype.GenotypeStats;
import org.dasgrid.core.genotype.IndexedReference;
import org.dasgrid.core.genotype.InfoField;
import org.dasgrid.core.genotype.SourceIdentity;
import org.dasgrid.core.genotype.internal.column.BlockCounts;
import org.dasgrid.core.genotype.internal.column.ByteColumn;
import org.dasgrid.core.genotype.internal.column.CharColumn;
import org.dasgrid.core.genotype.internal.column.IntColumn;
import org.dasgrid.core.genotype.internal.column.LongColumn;

/**
 * Writes an index file ({@link IndexLayout}, format 3) section by section as its parts come: the pools' pages
 * as a build completes them ({@link PoolWriter}), each contig's columns once its rows are done (a streaming
 * build writes a contig and forgets it), then the pools' page tables, the catalog and, last, the header. Written
 * to {@code NAME.partial} and renamed to {@code NAME} by {@link #finish}; closed unfinished, it deletes the
 * partial file. Not thread-safe.
 */
public final class IndexFileWriter implements PoolWriter, AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final Path out;
  private final Path partial;
  private final FileChannel channel;
  private final SectionOutput output;
  private final int cohort;
  private final Map<String, ObjectNode> contigs = new HashMap<>();
  private final PageTable inline = new PageTable();
  private final PageTable dense = new PageTable();
  private final PageTable corrections = new PageTable();
  private final PageTable patches = new PageTable();
  private boolean finished;

  public IndexFileWriter(Path out, int cohort) throws IOException {
    this.out = out;
    this.partial = out.resolveSibling(out.getFileName() + ".partial");
    this.cohort = cohort;
    this.channel = FileChannel.open(partial, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.READ);
    this.output = new SectionOutput(channel, IndexLayout.HEADER);
  }

  /** The places and checksums of one pool's pages, in page order. */
  private static final class PageTable {
    long[] offsets = new long[64];
    int[] lengths = new int[64];
    int[] crcs = new int[64];
    int size;

    void add(Section s) {
      if (size == offsets.length) {
        offsets = Arrays.copyOf(offsets, size * 2);
        lengths = Arrays.copyOf(lengths, size * 2);
        crcs = Arrays.copyOf(crcs, size * 2);
      }
      offsets[size] = s.offset();
      lengths[size] = (int) s.length();
      crcs[size] = s.crc();
      size++;
    }
  }

  @Override
  public void inlineSetPage(int p, CharColumn page) throws IOException {
    expect(inline, p);
    output.begin(page.length() * 2L, 8);
    for (int i = 0; i < page.length(); i++) {
      output.putChar(page.get(i));
    }
    inline.add(output.end());
  }

  /** A cohort's inline runs are of one coding, so its delta-coded pages take the inline pool's page table. */
  @Override
  public void gapSetPage(int p, ByteColumn page) throws IOException {
    expect(inline, p);
    output.begin(page.length(), 8);
    byte[] bytes = new byte[page.length()];
    page.copy(0, bytes, 0, bytes.length);
    output.put(bytes, 0, bytes.length);
    inline.add(output.end());
  }

  @Override
  public void denseSetPage(int p, LongColumn page) throws IOException {
    expect(dense, p);
    output.begin(page.length() * 8L, 8);
    for (int i = 0; i < page.length(); i++) {
      output.putLong(page.get(i));
    }
    dense.add(output.end());
  }

  @Override
  public void correctionPage(int p, IntColumn page) throws IOException {
    expect(corrections, p);
    output.begin(page.length() * 4L, 8);
    for (int i = 0; i < page.length(); i++) {
      output.putInt(page.get(i));
    }
    corrections.add(output.end());
  }

  @Override
  public void patchedSetPage(int p, IntColumn page) throws IOException {
    expect(patches, p);
    output.begin(page.length() * 4L, 8);
    for (int i = 0; i < page.length(); i++) {
      output.putInt(page.get(i));
    }
    patches.add(output.end());
  }

  private static void expect(PageTable table, int p) {
    if (p != table.size) {
      throw new IllegalStateException("pool page " + p + " written out of order (expected " + table.size + ")");
    }
  }

  /**
   * A contig's sections: its rows' columns, af texts, statistics' columns, INFO text ({@code info} null when it
   * keeps none) and sample-major calls ({@code sampleCalls}, the serialized bitmaps; null when not asked for).
   */
  public void contig(String name, int rows, RowColumns c, ByteColumn afTexts, GapColumns gaps, InfoColumns info,
      byte[][] sampleCalls) throws IOException {
    if (contigs.containsKey(name)) {
      throw new IllegalStateException("contig " + name + " written twice");
    }
    ObjectNode n = JSON.createObjectNode();
    n.put("name", name).put("rows", rows);
    ObjectNode s = n.putObject("sections");
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
    s.set("afTexts", bytes(afTexts));
    // format 2: what the statistics and the INFO/annotation filters read
    s.set("missing", ints(gaps.missing()));
    s.set("nonDiploid", ints(gaps.nonDiploid()));
    s.set("alts", bytes(gaps.alts()));
    s.set("altIndex", bytes(gaps.altIndex()));
    if (info != null) {
      s.set("info", bytes(info.pool()));
      if (info.starts() != null) { // format 3: no offsets when every one is 0
        s.set("infoStart", ints(info.starts()));
        s.set("infoEnd", ints(info.ends()));
      }
    }
    if (sampleCalls != null) {
      sampleCalls(s, sampleCalls);
    }
    contigs.put(name, n);
  }

  /**
   * Writes the page tables, the catalog (contigs in {@code contigOrder}, each written before) and the header,
   * and renames the file to its name.
   */
  public void finish(List<String> samples, Map<String, InfoField> infoFields, GenotypeStats stats,
      List<String> contigOrder, List<IndexedReference> references, SourceIdentity source) throws IOException {
    ObjectNode catalog = JSON.createObjectNode();
    catalog.put("format", IndexLayout.FORMAT_VERSION);
    catalog.set("source", JSON.valueToTree(source));
    ArrayNode names = catalog.putArray("samples");
    samples.forEach(names::add);
    catalog.putObject("counts").put("sites", stats.sites()).put("variants", stats.variants())
        .put("nonRefCalls", stats.nonRefCalls());
    catalog.putObject("forms").put("inline", stats.inlineSets()).put("dense", stats.denseSets());
    catalog.put("engineHeapBytes", stats.heapBytes());
    ArrayNode info = catalog.putArray("infoFields");
    for (InfoField f : infoFields.values()) {
      info.addObject().put("key", f.key()).put("type", f.type().name()).put("number", f.number())
          .put("description", f.description());
    }
    ObjectNode pools = catalog.putObject("pools");
    pools.set("inline", table(inline));
    if (IndexLayout.wideInline(samples.size())) {
      pools.put("inlineCoding", IndexLayout.GAPS);
    } else {
      pools.put("inlineBits", 16);
    }
    pools.set("dense", table(dense));
    pools.set("corrections", table(corrections));
    pools.set("patches", table(patches));
    ArrayNode listed = catalog.putArray("contigs");
    for (String name : contigOrder) {
      ObjectNode n = contigs.get(name);
      if (n == null) {
        throw new IllegalStateException("contig " + name + " was not written");
      }
      listed.add(n);
    }
    ArrayNode refs = catalog.putArray("references");
    for (IndexedReference r : references) {
      refs.add(JSON.valueToTree(r));
    }
    byte[] json = JSON.writeValueAsBytes(catalog);
    output.begin(json.length, 8);
    output.put(json, 0, json.length);
    Section cat = output.end();
    output.close();
    ByteBuffer h = ByteBuffer.allocate(IndexLayout.HEADER).order(ByteOrder.LITTLE_ENDIAN);
    h.put(IndexLayout.MAGIC).putInt(IndexLayout.FORMAT_VERSION).putInt(IndexLayout.HEADER)
        .putLong(output.position()).putLong(cat.offset()).putLong(cat.length()).putInt(cat.crc());
    CRC32C crc = new CRC32C();
    crc.update(h.array(), 0, IndexLayout.HEADER - 4);
    h.putInt(IndexLayout.HEADER - 4, (int) crc.getValue());
    h.clear();
    while (h.hasRemaining()) {
      channel.write(h, h.position());
    }
    channel.force(true);
    channel.close();
    Files.move(partial, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    finished = true;
  }

  /** A pool's page table: one section of 16 bytes a page (offset, length, CRC-32C). */
  private ObjectNode table(PageTable t) throws IOException {
    output.begin(16L * t.size, 8);
    for (int p = 0; p < t.size; p++) {
      output.putLong(t.offsets[p]);
      output.putInt(t.lengths[p]);
      output.putInt(t.crcs[p]);
    }
    ObjectNode n = JSON.createObjectNode();
    n.put("pages", t.size);
    n.set("table", output.end().json());
    return n;
  }

  @Override
  public void close() throws IOException {
    if (!finished) {
      try {
        channel.close();
      } finally {
        Files.deleteIfExists(partial);
      }
    }
  }

  /** A contig's section is mapped whole, in one 1 GiB piece of the file. */
  private static long fits(long length) {
    if (length > IndexLayout.CHUNK) {
      throw new IllegalArgumentException("a contig's section of " + length + " bytes is over the 1 GiB that"
          + " index format " + IndexLayout.FORMAT_VERSION + " maps in one piece");
    }
    return length;
  }

  private ArrayNode ints(IntColumn col) throws IOException {
    output.begin(fits(col.length() * 4L), 8);
    for (int i = 0; i < col.length(); i++) {
      output.putInt(col.get(i));
    }
    return output.end().json();
  }

  private ArrayNode longs(LongColumn col) throws IOException {
    output.begin(fits(col.length() * 8L), 8);
    for (int i = 0; i < col.length(); i++) {
      output.putLong(col.get(i));
    }
    return output.end().json();
  }

  private ArrayNode bytes(ByteColumn col) throws IOException {
    output.begin(fits(col.length()), 8);
    byte[] array = col.array();
    if (array != null) {
      output.put(array, 0, array.length);
      return output.end().json();
    }
    byte[] chunk = new byte[1 << 16];
    for (int i = 0; i < col.length(); i += chunk.length) {
      int n = Math.min(chunk.length, col.length() - i);
      col.copy(i, chunk, 0, n);
      output.put(chunk, 0, n);
    }
    return output.end().json();
  }

  /** The bitmaps one after another, each from a multiple of 8 bytes, and their directory of offsets. */
  private void sampleCalls(ObjectNode s, byte[][] bitmaps) throws IOException {
    int[] directory = new int[bitmaps.length + 1];
    long at = 0;
    for (int i = 0; i < bitmaps.length; i++) {
      directory[i] = (int) at;
      at = (at + bitmaps[i].length + 7) / 8 * 8;
    }
    directory[bitmaps.length] = (int) fits(at);
    output.begin(at, 8);
    for (byte[] b : bitmaps) {
      output.put(b, 0, b.length);
      output.pad((8 - b.length % 8) % 8);
    }
    s.set("sampleCalls", output.end().json());
    s.set("sampleCallsDirectory", ints(IntColumn.of(directory)));
  }

  /** A directory (slot number or -1 per block), then the kept blocks' counts, {@code width} bytes each. */
  private void blocks(ObjectNode s, String name, BlockCounts counts, int width) throws IOException {
    int[] directory = new int[counts.blocks()];
    int kept = 0;
    for (int b = 0; b < directory.length; b++) {
      directory[b] = counts.has(b) ? kept++ : -1;
    }
    s.set(name + "Directory", ints(IntColumn.of(directory)));
    output.begin(fits((long) kept * cohort * width), 8);
    int[] values = new int[cohort];
    for (int b = 0; b < directory.length; b++) {
      if (directory[b] < 0) {
        continue;
      }
      Arrays.fill(values, 0);
      counts.addTo(b, values);
      for (int v : values) {
        if (width == 1) {
          output.put((byte) v);
        } else {
          output.putChar((char) v);
        }
      }
    }
    s.set(name, output.end().json());
  }
}
