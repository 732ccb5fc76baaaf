package org.dasgrid.core.genotype.api;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.io.OutputStream;
import java.util.OptionalDouble;
import org.dasgrid.core.genotype.CountAnswer;
import org.dasgrid.core.genotype.SampleAnswer;
import org.dasgrid.core.genotype.SampleRow;
import org.dasgrid.core.genotype.VariantAnswer;
import org.dasgrid.core.genotype.VariantRow;
import org.dasgrid.core.render.JsonOutput;

/**
 * Writes genotype answers as the contract's JSON, streamed through Jackson: one object with the rows, a
 * {@code count} and the timings last; or, as NDJSON, one row object per line and a final summary line with
 * {@code count} and the timings (a count answer is one line either way). The timings are read at the end,
 * so {@code elapsed_ms} covers writing the rows.
 */
public final class GenotypeJsonWriter {
  public static final String JSON = "application/json";
  public static final String NDJSON = "application/x-ndjson";

  private GenotypeJsonWriter() {}

  public static void write(GenotypeResult result, boolean ndjson, RequestTimer timer, OutputStream out)
      throws IOException {
    try (JsonGenerator g = JsonOutput.generator(out)) {
      g.setRootValueSeparator(new SerializedString("\n"));
      if (result instanceof GenotypeResult.Variants v) {
        variants(v.answer(), ndjson, g);
      } else if (result instanceof GenotypeResult.Samples s) {
        samples(s.answer(), ndjson, g);
      } else if (result instanceof GenotypeResult.Count c) {
        count(c.answer(), g);
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
      g.writeStringField("chrom", v.chrom());
      g.writeNumberField("pos", v.pos());
      g.writeStringField("ref", v.ref());
      g.writeStringField("alt", v.alt());
      g.writeFieldName("id");
      if (v.id().isPresent()) {
        g.writeString(v.id().get());
      } else {
        g.writeNull();
      }
      g.writeNumberField("het", v.het());
      g.writeNumberField("hom", v.hom());
      g.writeNumberField("ac", v.ac());
      g.writeNumberField("an", v.an());
      g.writeFieldName("af");
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
      g.writeStringField("sample", s.sample());
      g.writeNumberField("het", s.het());
      g.writeNumberField("hom", s.hom());
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

  private static void timings(RequestTimer timer, JsonGenerator g) throws IOException {
    g.writeNumberField("elapsed_db_ms", timer.dbMillis());
    g.writeNumberField("elapsed_ms", timer.finalElapsedMillis());
  }

  /** The error body: {@code {"error":{"status":N,"message":"..."}}}. */
  public static void error(int status, String message, OutputStream out) throws IOException {
    try (JsonGenerator g = JsonOutput.generator(out)) {
      g.writeStartObject();
      g.writeObjectFieldStart("error");
      g.writeNumberField("status", status);
      g.writeStringField("message", message);
      g.writeEndObject();
      g.writeEndObject();
      g.writeRaw('\n');
    }
  }
}
