package org.dasgrid.core.api.genotype;

import java.io.IOException;
import java.io.OutputStream;
import org.dasgrid.core.cluster.FanOutReport;
import org.dasgrid.core.genotype.CountAnswer;
import org.dasgrid.core.genotype.PrecomputedText;
import org.dasgrid.core.genotype.SampleAnswer;
import org.dasgrid.core.genotype.SampleNames;
import org.dasgrid.core.genotype.TextRules;
import org.dasgrid.core.genotype.VariantAnswer;
import org.dasgrid.core.render.JsonOutput;

/**
 * Writes genotype answers as the contract's JSON: one object with the rows, a {@code count} and the timings
 * last; or, as NDJSON, one row object per line and a final summary line with {@code count} and the timings
 * (a count answer is one line either way). The timings are read at the end, so {@code elapsed_ms} covers
 * writing the rows.
 *
 * <p>The bytes are those of a Jackson generator of {@link JsonOutput#factory()} (plain JSON strings, the
 * Schubfach double writer), but written by {@link JsonBytes} into one buffer: variant rows come from the
 * engine's stored ID/REF/ALT bytes through {@link VariantAnswer#cursor()}, with the {@code chrom} prefix made
 * once per contig, so a row costs no objects but the text of its {@code af}. Streamed in chunks of up to
 * {@value #BUFFER} bytes.
 */
public final class GenotypeJsonWriter {
  public static final String JSON = "application/json";
  public static final String NDJSON = "application/x-ndjson";
  /** The most bytes held before writing to the stream. */
  static final int BUFFER = 64 * 1024;
  /** Enough for a typical variant row (SNVs, an rs ID, a 20-digit af). */
  private static final int VARIANT_ROW_BYTES = 160;
  private static final int SAMPLE_ROW_BYTES = 48;
  private static final int SUMMARY_BYTES = 256;
  private static final int SHORTEST_VARIANT_ROW =
      "{'chrom':'','pos':0,'ref':'','alt':'','id':null,'het':0,'hom':0,'ac':0,'an':0,'af':null},".length();
  private static final int SHORTEST_SAMPLE_ROW = "{'sample':'','het':0,'hom':0},".length();

  // the structure, encoded once; names between values packed for JsonBytes.putName
  private static final byte[] VARIANTS_START = JsonBytes.bytes("{\"variants\":[");
  private static final long REF = JsonBytes.name(",\"ref\":");
  private static final long ALT = JsonBytes.name(",\"alt\":");
  private static final long ID = JsonBytes.name(",\"id\":");
  private static final long HET = JsonBytes.name(",\"het\":");
  private static final long HOM = JsonBytes.name(",\"hom\":");
  private static final long AC = JsonBytes.name(",\"ac\":");
  private static final long AN = JsonBytes.name(",\"an\":");
  private static final long AF = JsonBytes.name(",\"af\":");
  // the same names with the quotes around a plain row's text, eight bytes each
  private static final long REF_OPEN = JsonBytes.eight(",\"ref\":\"");
  private static final long ALT_OPEN = JsonBytes.eight("\",\"alt\":");
  private static final long ID_OPEN = JsonBytes.eight("\",\"id\":\"");
  private static final long NO_ID = JsonBytes.eight("\",\"id\":n");
  /** What follows {@link #NO_ID}'s "n". */
  private static final long NULL_TAIL = JsonBytes.name("ull");
  /**
   * Whether rows the engine vouches for ({@link PrecomputedText#plainText}) need no checking here: it
   * precomputed by this writer's rules, and the factory writes their bytes as they are.
   */
  private static final boolean PLAIN_AS_IS =
      TextRules.installed() instanceof JsonTextRules && JsonBytes.writesPlainTextAsIs();
  /** The room a variant row needs besides its chrom prefix and text: numbers, names, quotes, null, brace. */
  private static final int ROW_ROOM =
      5 * JsonBytes.MAX_INT + Math.max(JsonBytes.MAX_DOUBLE, PrecomputedText.AF_TEXT_ROOM)
          + 8 * JsonBytes.NAME_ROOM + 6 + 4 + 1;
  private static final byte[] SAMPLES_START = JsonBytes.bytes("{\"samples\":[");
  private static final byte[] SAMPLE = JsonBytes.bytes("{\"sample\":");
  /** {@code {"sample":"} and room for {@link JsonBytes#putCopy} to read past it. */
  private static final byte[] SAMPLE_OPEN = JsonBytes.bytes("{\"sample\":\"" + "\0".repeat(JsonBytes.COPY_SLACK));
  /** The room a samples row needs besides its name: separator, structure, two counts, copy slack. */
  private static final int SAMPLE_ROW_ROOM = 1 + 12 + 2 * JsonBytes.NAME_ROOM + 2 * JsonBytes.MAX_INT + 2
      + 2 * JsonBytes.COPY_SLACK;
  private static final byte[] ROWS_END = JsonBytes.bytes("],\"count\":");
  private static final byte[] SUMMARY_START = JsonBytes.bytes("{\"count\":");
  private static final byte[] COUNT_VARIANTS = JsonBytes.bytes("{\"variants\":");
  private static final byte[] SAMPLES = JsonBytes.bytes(",\"samples\":");
  private static final byte[] NODES = JsonBytes.bytes(",\"nodes\":[");
  private static final byte[] NODE = JsonBytes.bytes("{\"node\":");
  private static final byte[] CONTIGS = JsonBytes.bytes(",\"contigs\":[");
  private static final byte[] NODE_DB = JsonBytes.bytes("],\"elapsed_db_ms\":");
  private static final byte[] PARTIAL = JsonBytes.bytes(",\"partial\":");
  private static final byte[] MISSING = JsonBytes.bytes(",\"missing\":[");
  private static final byte[] CONTIG = JsonBytes.bytes("{\"contig\":");
  private static final byte[] REASON = JsonBytes.bytes(",\"reason\":");
  private static final byte[] ELAPSED_DB = JsonBytes.bytes(",\"elapsed_db_ms\":");
  private static final byte[] ELAPSED = JsonBytes.bytes(",\"elapsed_ms\":");
  private static final byte[] END = JsonBytes.bytes("}\n");

  private GenotypeJsonWriter() {}

  public static void write(GenotypeResult result, boolean ndjson, RequestTimer timer, OutputStream out)
      throws IOException {
    write(result, ndjson, null, timer, out);
  }

  /**
   * As above; a cluster answer also says which nodes answered ({@code nodes}, each with its contigs and
   * engine time) and whether shards are missing ({@code partial}, {@code missing}), before the timings.
   */
  public static void write(GenotypeResult result, boolean ndjson, FanOutReport report, RequestTimer timer,
      OutputStream out) throws IOException {
    write(result, ndjson, report, java.util.Optional.empty(), timer, out);
  }

  /** As above; a {@code gene=} answer also names the genes and spans it used ({@code genes}) in its summary. */
  public static void write(GenotypeResult result, boolean ndjson, FanOutReport report,
      java.util.Optional<org.dasgrid.core.gene.GeneSpans> genes, RequestTimer timer, OutputStream out)
      throws IOException {
    write(result, ndjson, report, genes, org.dasgrid.core.genotype.Bracket.ANY, timer, out);
  }

  /** As above; a bracket query ({@code start=}/{@code end=}) also says how it read them ({@code bracket}). */
  public static void write(GenotypeResult result, boolean ndjson, FanOutReport report,
      java.util.Optional<org.dasgrid.core.gene.GeneSpans> genes, org.dasgrid.core.genotype.Bracket bracket,
      RequestTimer timer, OutputStream out) throws IOException {
    JsonBytes json = new JsonBytes(out, bufferFor(result));
    if (result instanceof GenotypeResult.Variants v) {
      variants(v.answer(), ndjson, json, null);
    } else if (result instanceof GenotypeResult.Samples s) {
      samples(s.answer(), ndjson, json);
    } else if (result instanceof GenotypeResult.Count c) {
      count(c.answer(), json);
    }
    if (genes.isPresent()) {
      GeneArguments.write(genes.get(), json);
    }
    BracketArguments.write(bracket, json);
    if (report != null) {
      cluster(report, json);
    }
    timings(timer, json);
    json.raw(END);
    json.flush();
  }

  /** Fields an analytics answer adds to each variant row, before its closing brace. */
  interface RowExtras {
    /** Writes row {@code i}'s extra fields, each starting with its comma. */
    void write(int i, JsonBytes json) throws IOException;
  }

  /**
   * A variants answer with fields added to each row ({@code extras}, may be null), and, after {@code count},
   * the summary fields {@code tail} writes (the next page's cursor, the annotation source); otherwise as
   * {@link #write}.
   */
  static void writeVariants(VariantAnswer rows, RowExtras extras, RowExtras tail, boolean ndjson,
      FanOutReport report, RequestTimer timer, OutputStream out) throws IOException {
    GenotypeResult result = new GenotypeResult.Variants(rows);
    JsonBytes json = new JsonBytes(out, bufferFor(result));
    variants(rows, ndjson, json, extras);
    if (tail != null) {
      tail.write(rows.size(), json);
    }
    if (report != null) {
      cluster(report, json);
    }
    timings(timer, json);
    json.raw(END);
    json.flush();
  }

  /**
   * At least how many bytes the answer takes (its rows at their shortest), so a caller can tell a large
   * answer before writing it.
   */
  public static long minimumLength(GenotypeResult result) {
    if (result instanceof GenotypeResult.Variants v) {
      return (long) v.answer().size() * SHORTEST_VARIANT_ROW;
    }
    if (result instanceof GenotypeResult.Samples s) {
      return (long) s.answer().size() * SHORTEST_SAMPLE_ROW;
    }
    return 0;
  }

  /** A buffer for the whole answer when it is small, {@value #BUFFER} bytes at most. */
  private static int bufferFor(GenotypeResult result) {
    long rows;
    if (result instanceof GenotypeResult.Variants v) {
      rows = (long) v.answer().size() * VARIANT_ROW_BYTES;
    } else if (result instanceof GenotypeResult.Samples s) {
      rows = (long) s.answer().size() * SAMPLE_ROW_BYTES;
    } else {
      rows = 0;
    }
    return (int) Math.min(BUFFER, rows + SUMMARY_BYTES);
  }

  private static void variants(VariantAnswer a, boolean ndjson, JsonBytes json, RowExtras extras)
      throws IOException {
    if (!ndjson) {
      json.raw(VARIANTS_START);
    }
    VariantAnswer.Cursor v = a.cursor();
    PrecomputedText pre = v.precomputed();
    String chrom = null;
    byte[] rowStart = null; // {"chrom":"...","pos":
    int rows = 0;
    while (v.next()) {
      if (!v.chrom().equals(chrom)) { // the engine's rows of a contig share one String: a reference check
        chrom = v.chrom();
        rowStart = rowStart(chrom);
      }
      byte[] text = v.text();
      int start = v.textStart();
      int end = v.textEnd();
      int idEnd = v.idEnd();
      int refEnd = v.refEnd(idEnd);
      char separator = rows++ == 0 ? 0 : ndjson ? '\n' : ',';
      if (PLAIN_AS_IS && pre.plainText()
          && json.reserve(1 + rowStart.length + ROW_ROOM + (end - start) + 3 * JsonBytes.COPY_SLACK)) {
        // the source checked the text: copied eight bytes at a time, no byte looked at
        if (separator != 0) {
          json.put(separator);
        }
        json.putCopy(rowStart, 0, rowStart.length - JsonBytes.COPY_SLACK);
        json.putInt(v.pos());
        json.putEight(REF_OPEN);
        json.putCopy(text, idEnd + 1, refEnd);
        json.putEight(ALT_OPEN);
        json.put('"');
        json.putCopy(text, refEnd + 1, end);
        if (v.hasId()) {
          json.putEight(ID_OPEN);
          json.putCopy(text, start, idEnd);
          json.put('"');
        } else {
          json.putEight(NO_ID);
          json.putName(NULL_TAIL);
        }
        counts(v, pre, json);
        if (extras == null) {
          json.put('}'); // within the row's reserved room
          continue;
        }
      } else {
        if (separator != 0) {
          json.raw(separator);
        }
        rowPiecewise(v, rowStart, idEnd, refEnd, json);
      }
      if (extras != null) {
        extras.write(rows - 1, json);
      }
      json.raw('}');
    }
    finishRows(ndjson, rows, json);
  }

  /** A row's counts and af, after its text; in the room reserved for the row (the caller closes the row). */
  private static void counts(VariantAnswer.Cursor v, PrecomputedText pre, JsonBytes json) {
    json.putName(HET);
    json.putInt(v.het());
    json.putName(HOM);
    json.putInt(v.hom());
    json.putName(AC);
    json.putInt(v.ac());
    json.putName(AN);
    json.putInt(v.an());
    json.putName(AF);
    if (v.an() == 0) {
      json.putNull();
    } else if (!json.putAfText(pre)) { // made at load, by the same formatter, when the source has it
      json.putDoubleMemo((double) v.ac() / v.an()); // VariantRow.af(); a chosen cohort's af repeat
    }
  }

  /** A row with text to escape, not ASCII or not vouched for, or too long for the buffer: each piece checked. */
  private static void rowPiecewise(VariantAnswer.Cursor v, byte[] rowStart, int idEnd, int refEnd, JsonBytes json)
      throws IOException {
    byte[] text = v.text();
    json.raw(rowStart, rowStart.length - JsonBytes.COPY_SLACK);
    json.number(v.pos());
    name(REF, json);
    json.string(text, idEnd + 1, refEnd);
    name(ALT, json);
    json.string(text, refEnd + 1, v.textEnd());
    name(ID, json);
    if (v.hasId()) {
      json.string(text, v.textStart(), idEnd);
    } else {
      json.nullValue();
    }
    name(HET, json);
    json.number(v.het());
    name(HOM, json);
    json.number(v.hom());
    name(AC, json);
    json.number(v.ac());
    name(AN, json);
    json.number(v.an());
    name(AF, json);
    if (v.an() != 0) {
      json.number((double) v.ac() / v.an());
    } else {
      json.nullValue();
    }
  }

  private static void name(long packed, JsonBytes json) throws IOException {
    json.reserve(JsonBytes.NAME_ROOM);
    json.putName(packed);
  }

  private static byte[] rowStart(String chrom) {
    byte[] name = JsonBytes.viaJackson(chrom);
    byte[] open = JsonBytes.bytes("{\"chrom\":");
    byte[] pos = JsonBytes.bytes(",\"pos\":");
    byte[] b = new byte[open.length + name.length + pos.length + JsonBytes.COPY_SLACK]; // for putCopy
    System.arraycopy(open, 0, b, 0, open.length);
    System.arraycopy(name, 0, b, open.length, name.length);
    System.arraycopy(pos, 0, b, open.length + name.length, pos.length);
    return b;
  }

  private static void samples(SampleAnswer a, boolean ndjson, JsonBytes json) throws IOException {
    if (!ndjson) {
      json.raw(SAMPLES_START);
    }
    SampleNames names = a.names();
    byte[] pool = names.bytes();
    char separator = ndjson ? '\n' : ',';
    for (int i = 0; i < a.size(); i++) {
      int s = a.sampleNumber(i);
      int from = names.start(s);
      int to = names.end(s);
      if (PLAIN_AS_IS && names.plain(s) && json.reserve(SAMPLE_ROW_ROOM + to - from)) {
        // the name was checked when the cohort was loaded: its bytes copied eight at a time
        if (i > 0) {
          json.put(separator);
        }
        json.putCopy(SAMPLE_OPEN, 0, SAMPLE_OPEN.length - JsonBytes.COPY_SLACK);
        json.putCopy(pool, from, to);
        json.put('"');
      } else {
        if (i > 0) {
          json.raw(separator);
        }
        json.raw(SAMPLE);
        json.string(names.get(s));
        json.reserve(SAMPLE_ROW_ROOM);
      }
      json.putName(HET);
      json.putInt(a.het(i));
      json.putName(HOM);
      json.putInt(a.hom(i));
      json.put('}');
    }
    finishRows(ndjson, a.size(), json);
  }

  private static void finishRows(boolean ndjson, int count, JsonBytes json) throws IOException {
    if (!ndjson) {
      json.raw(ROWS_END);
    } else {
      if (count > 0) {
        json.raw('\n'); // Jackson's separator between root values
      }
      json.raw(SUMMARY_START);
    }
    json.number(count);
  }

  private static void count(CountAnswer c, JsonBytes json) throws IOException {
    json.raw(COUNT_VARIANTS);
    json.number(c.variants());
    name(HET, json);
    json.number(c.het());
    name(HOM, json);
    json.number(c.hom());
    json.raw(SAMPLES);
    json.number(c.samples());
  }

  private static void cluster(FanOutReport report, JsonBytes json) throws IOException {
    json.raw(NODES);
    boolean first = true;
    for (FanOutReport.Node n : report.nodes()) {
      if (!first) {
        json.raw(',');
      }
      first = false;
      json.raw(NODE);
      json.string(n.node());
      json.raw(CONTIGS);
      for (int i = 0; i < n.contigs().size(); i++) {
        if (i > 0) {
          json.raw(',');
        }
        json.string(n.contigs().get(i));
      }
      json.raw(NODE_DB);
      json.number(RequestTimer.millis(n.dbNanos()));
      json.raw('}');
    }
    json.raw(']');
    json.raw(PARTIAL);
    json.bool(report.isPartial());
    if (report.isPartial()) {
      json.raw(MISSING);
      first = true;
      for (FanOutReport.Missing m : report.missing()) {
        if (!first) {
          json.raw(',');
        }
        first = false;
        json.raw(CONTIG);
        json.string(m.contig());
        json.raw(REASON);
        json.string(m.reason());
        json.raw('}');
      }
      json.raw(']');
    }
  }

  /**
   * Where the timings start in a whole answer body ({@code body[0, length)}) this class wrote: the last
   * {@code ,"elapsed_db_ms":} (a cluster answer's nodes carry the name earlier); -1 if there is none.
   */
  public static int timingsStart(byte[] body, int length) {
    for (int i = length - ELAPSED_DB.length; i >= 0; i--) {
      if (java.util.Arrays.equals(body, i, i + ELAPSED_DB.length, ELAPSED_DB, 0, ELAPSED_DB.length)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * An answer kept from an earlier request ({@code before}: its body up to {@link #timingsStart}), ended with
   * this request's timings as {@link #write} ends every answer.
   */
  public static void writeKept(byte[] before, RequestTimer timer, OutputStream out) throws IOException {
    JsonBytes json = new JsonBytes(out, (int) Math.min(BUFFER, before.length + SUMMARY_BYTES));
    json.raw(before);
    timings(timer, json);
    json.raw(END);
    json.flush();
  }

  /** The end {@link #writeKept} gives a kept answer, on its own: this request's timings and the answer's last bytes. */
  public static byte[] keptEnd(RequestTimer timer) throws IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(SUMMARY_BYTES);
    JsonBytes json = new JsonBytes(out, SUMMARY_BYTES);
    timings(timer, json);
    json.raw(END);
    json.flush();
    return out.toByteArray();
  }

  private static void timings(RequestTimer timer, JsonBytes json) throws IOException {
    json.raw(ELAPSED_DB);
    json.number(timer.dbMillis());
    json.raw(ELAPSED);
    json.number(timer.finalElapsedMillis());
  }
}
