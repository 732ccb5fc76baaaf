package org.dasgrid.core.api.cohort;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import org.dasgrid.core.api.genotype.RequestTimer;

/**
 * The shape every cohort answer shares, written once so that JSON and NDJSON cannot drift apart between
 * endpoints. JSON: one object holding the head fields, the rows as an array under {@code rowsField}, then the
 * tail fields. NDJSON: one line per row, then a closing line holding the {@code closing} fields (what a reader
 * of a stream needs from the head: it never sees the head) followed by the tail fields. Both end with the
 * request's timings, {@code "elapsed_db_ms"} and {@code "elapsed_ms"}, as every genotype answer does.
 *
 * @param <T> one row's value
 */
record ListAnswer<T>(String rowsField, Iterable<T> rows, RowWriter<T> row, Fields head, Fields closing,
    Fields tail) implements CohortApi.Answer {
  private static final JsonFactory JSON = new JsonFactory();

  /** Writes some fields into the object being written. */
  @FunctionalInterface
  interface Fields {
    Fields NONE = g -> { };

    void write(JsonGenerator g) throws IOException;
  }

  /** Writes one row's fields; the row's object is opened and closed around it. */
  @FunctionalInterface
  interface RowWriter<T> {
    void write(JsonGenerator g, T row) throws IOException;
  }

  /** An answer that is its rows only; add fields with {@link #head}, {@link #closing} and {@link #tail}. */
  static <T> ListAnswer<T> of(String rowsField, Iterable<T> rows, RowWriter<T> row) {
    return new ListAnswer<>(rowsField, rows, row, Fields.NONE, Fields.NONE, Fields.NONE);
  }

  /** Fields before the rows, in JSON only. */
  ListAnswer<T> head(Fields f) {
    return new ListAnswer<>(rowsField, rows, row, f, closing, tail);
  }

  /** Fields that open NDJSON's closing line, before the tail. */
  ListAnswer<T> closing(Fields f) {
    return new ListAnswer<>(rowsField, rows, row, head, f, tail);
  }

  /** Fields after the rows, in both forms. */
  ListAnswer<T> tail(Fields f) {
    return new ListAnswer<>(rowsField, rows, row, head, closing, f);
  }

  @Override
  public void write(OutputStream out, boolean ndjson, RequestTimer timer) throws IOException {
    try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
      g.configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false);
      g.setRootValueSeparator(null);
      if (!ndjson) {
        g.writeStartObject();
        head.write(g);
        g.writeArrayFieldStart(rowsField);
      }
      for (T r : rows) {
        g.writeStartObject();
        row.write(g, r);
        g.writeEndObject();
        if (ndjson) {
          g.writeRaw('\n');
        }
      }
      if (ndjson) {
        g.writeStartObject();
        closing.write(g);
      } else {
        g.writeEndArray();
      }
      tail.write(g);
      g.writeNumberField("elapsed_db_ms", timer.dbMillis());
      g.writeNumberField("elapsed_ms", timer.finalElapsedMillis());
      g.writeEndObject();
    }
  }

  /** A double, or null for NaN and infinities (JSON has neither). */
  static void number(JsonGenerator g, String name, double v) throws IOException {
    if (Double.isFinite(v)) {
      g.writeNumberField(name, v);
    } else {
      g.writeNullField(name);
    }
  }

  /** The fields naming a variant, as every variant row of the genotype API writes them ('.' id as null). */
  static void variant(JsonGenerator g, String contig, int pos, String id, String ref, String alt)
      throws IOException {
    g.writeStringField("chrom", contig);
    g.writeNumberField("pos", pos);
    if (id.equals(".")) {
      g.writeNullField("id");
    } else {
      g.writeStringField("id", id);
    }
    g.writeStringField("ref", ref);
    g.writeStringField("alt", alt);
  }
}
