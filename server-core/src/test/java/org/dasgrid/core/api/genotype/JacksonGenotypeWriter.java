package org.dasgrid.core.api.genotype;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.io.OutputStream;
import java.util.OptionalDouble;
import org.dasgrid.core.cluster.FanOutReport;
import org.dasgrid.core.genotype.CountAnswer;
import org.dasgrid.core.genotype.SampleAnswer;
import org.dasgrid.core.genotype.SampleRow;
import org.dasgrid.core.genotype.VariantAnswer;
import org.dasgrid.core.genotype.VariantRow;
import org.dasgrid.core.render.JsonOutput;

/**
 * The oracle of {@link GenotypeJsonWriterTest}: how the genotype answers were written before {@link
 * GenotypeJsonWriter} wrote bytes itself, through a Jackson generator of the shared factory, row by row from
 * {@link VariantRow}s.
 */
final class JacksonGenotypeWriter {
  private static final JsonFactory FACTORY = JsonOutput.factory();
  // field names encoded once: most of a long answer is names
  private static final SerializedString CHROM = new SerializedString("chrom");
  private static final SerializedString POS = new SerializedString("pos");
  private static final SerializedString REF = new SerializedString("ref");
  private static final SerializedString ALT = new SerializedString("alt");
  private static final SerializedString ID = new SerializedString("id");
  private static final SerializedString HET = new SerializedString("het");
  private static final SerializedString HOM = new SerializedString("hom");
  private static final SerializedString AC = new SerializedString("ac");
  private static final SerializedString AN = new SerializedString("an");
  private static final SerializedString AF = new SerializedString("af");
  private static final SerializedString SAMPLE = new SerializedString("sample");

  private JacksonGenotypeWriter() {}

  static void write(GenotypeResult result, boolean ndjson, RequestTimer timer, OutputStream out)
      throws IOException {
    write(result, ndjson, null, timer, out);
  }

  /**
   * As above; a cluster answer also says which nodes answered ({@code nodes}, each with its contigs and
   * engine time) and whether shards are missing ({@code partial}, {@code missing}), before the timings.
   */
  static void write(GenotypeResult result, boolean ndjson, FanOutReport report, RequestTimer timer,
      OutputStream out) throws IOException {
    try (JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
      g.setRootValueSeparator(new SerializedString("\n"));
      if (result instanceof GenotypeResult.Variants v) {
        variants(v.answer(), ndjson, g);
      } else if (result instanceof GenotypeResult.Samples s) {
        samples(s.answer(), ndjson, g);
      } else if (result instanceof GenotypeResult.Count c) {
        count(c.answer(), g);
      }
      if (report != null) {
        cluster(report, g);
      }
      timings(timer, g);
      g.writeEndObject();
      g.writeRaw('\n');
    }
  }

  private static void variants(VariantAnswer a, boolean ndjson, JsonGenerator g) throws IOException {
    if (!ndjson) {
      g.writeStartObject();
      g.writeArrayFieldStart("variants");
    }
    for (int i = 0; i < a.size(); i++) {
      VariantRow v = a.get(i);
      g.writeStartObject();
      g.writeFieldName(CHROM);
      g.writeString(v.chrom());
      g.writeFieldName(POS);
      g.writeNumber(v.pos());
      g.writeFieldName(REF);
      g.writeString(v.ref());
      g.writeFieldName(ALT);
      g.writeString(v.alt());
      g.writeFieldName(ID);
      if (v.id().isPresent()) {
        g.writeString(v.id().get());
      } else {
        g.writeNull();
      }
      g.writeFieldName(HET);
      g.writeNumber(v.het());
      g.writeFieldName(HOM);
      g.writeNumber(v.hom());
      g.writeFieldName(AC);
      g.writeNumber(v.ac());
      g.writeFieldName(AN);
      g.writeNumber(v.an());
      g.writeFieldName(AF);
      OptionalDouble af = v.af();
      if (af.isPresent()) {
        g.writeNumber(af.getAsDouble());
      } else {
        g.writeNull();
      }
      g.writeEndObject();
    }
    finishRows(ndjson, a.size(), g);
  }

  private static void samples(SampleAnswer a, boolean ndjson, JsonGenerator g) throws IOException {
    if (!ndjson) {
      g.writeStartObject();
      g.writeArrayFieldStart("samples");
    }
    for (int i = 0; i < a.size(); i++) {
      SampleRow s = a.get(i);
      g.writeStartObject();
      g.writeFieldName(SAMPLE);
      g.writeString(s.sample());
      g.writeFieldName(HET);
      g.writeNumber(s.het());
      g.writeFieldName(HOM);
      g.writeNumber(s.hom());
      g.writeEndObject();
    }
    finishRows(ndjson, a.size(), g);
  }

  private static void finishRows(boolean ndjson, int count, JsonGenerator g) throws IOException {
    if (!ndjson) {
      g.writeEndArray();
    } else {
      g.writeStartObject();
    }
    g.writeNumberField("count", count);
  }

  private static void count(CountAnswer c, JsonGenerator g) throws IOException {
    g.writeStartObject();
    g.writeNumberField("variants", c.variants());
    g.writeNumberField("het", c.het());
    g.writeNumberField("hom", c.hom());
    g.writeNumberField("samples", c.samples());
  }

  private static void cluster(FanOutReport report, JsonGenerator g) throws IOException {
    g.writeArrayFieldStart("nodes");
    for (FanOutReport.Node n : report.nodes()) {
      g.writeStartObject();
      g.writeStringField("node", n.node());
      g.writeArrayFieldStart("contigs");
      for (String c : n.contigs()) {
        g.writeString(c);
      }
      g.writeEndArray();
      g.writeNumberField("elapsed_db_ms", RequestTimer.millis(n.dbNanos()));
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeBooleanField("partial", report.isPartial());
    if (report.isPartial()) {
      g.writeArrayFieldStart("missing");
      for (FanOutReport.Missing m : report.missing()) {
        g.writeStartObject();
        g.writeStringField("contig", m.contig());
        g.writeStringField("reason", m.reason());
        g.writeEndObject();
      }
      g.writeEndArray();
    }
  }

  private static void timings(RequestTimer timer, JsonGenerator g) throws IOException {
    g.writeNumberField("elapsed_db_ms", timer.dbMillis());
    g.writeNumberField("elapsed_ms", timer.finalElapsedMillis());
  }
}
