package org.dasgrid.core.api.genotype;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.gene.GeneLookup;
import org.dasgrid.core.gene.GeneSpans;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.EntryPoint;

/**
 * {@code gene=SYMBOL[,SYMBOL]} on {@code variants}, {@code samples} and {@code count} (contract section 7): the
 * symbols resolved through the source's {@code genes:} annotation ({@link GeneSpans}) and put in the request as
 * the {@code segment=} arguments they stand for, so every reader of segments (plain, analytics, paging, a
 * cluster's fan-out) answers a gene exactly as it answers its span. {@code gene=} with {@code segment=} is a
 * 400: which region was meant would be a guess. An unknown symbol is a 404 naming it; a source without
 * {@code genes:} a 400; one whose genes file is broken a 503 with the file and line.
 */
public record GeneArguments(QueryArguments args, Optional<GeneSpans> genes) {
  static final String ARGUMENT = "gene";
  private static final byte[] GENES = JsonBytes.bytes(",\"genes\":[");

  /** The request's arguments with {@code gene=} turned into segments, and the genes used; as given without it. */
  public static GeneArguments resolve(QueryArguments args, GeneLookup lookup, DataSource source, int maxSegments) {
    if (!args.has(ARGUMENT)) {
      return new GeneArguments(args, Optional.empty());
    }
    GeneSpans spans = spans(args, lookup, source, maxSegments);
    List<String> segments = new ArrayList<>();
    for (Segment s : spans.segments(source)) {
      segments.add(s.toString());
    }
    if (segments.isEmpty()) {
      segments.add(nothing(source));
    }
    return new GeneArguments(args.replacing(ARGUMENT, List.of()).replacing("segment", segments),
        Optional.of(spans));
  }

  /** The genes of a request's {@code gene=}, checked as above (for readers that take the spans themselves). */
  public static GeneSpans spans(QueryArguments args, GeneLookup lookup, DataSource source, int maxSegments) {
    if (args.has("segment")) {
      throw RequestException.badArgument("gene= and segment= cannot be combined: gene= stands for its span; ask "
          + "for either");
    }
    List<String> symbols = GeneSpans.symbols(args.all(ARGUMENT), ARGUMENT);
    if (symbols.size() > maxSegments) {
      throw RequestException.tooLarge("%d genes requested; at most %d per request (server.maxSegmentsPerRequest)",
          symbols.size(), maxSegments);
    }
    return GeneSpans.resolve(lookup.require(ARGUMENT), symbols, source, ARGUMENT);
  }

  /**
   * A segment that holds no variant: every gene asked for lies on contigs the source does not have. A segment
   * past its reference's end is left out by the segment reader (as for any such segment), so the answer is
   * the empty one, in the endpoint's own shape.
   */
  private static String nothing(DataSource source) {
    EntryPoint ep = source.entryPoints().stream().findFirst().orElseThrow(() ->
        RequestException.notFound("gene: the source has no contigs, so no variants in any gene"));
    long past = (long) ep.length() + 1;
    return ep.name() + ":" + past + "," + past;
  }

  /** {@code ,"genes":[{"query","name","id","span","segment"}...]}, in the answer's summary. */
  static void write(GeneSpans genes, JsonBytes json) throws IOException {
    json.raw(GENES);
    boolean first = true;
    for (GeneSpans.Hit h : genes.hits()) {
      if (!first) {
        json.raw(',');
      }
      json.raw('{');
      first = false;
      field("query", h.query(), json, true);
      field("name", h.gene().name(), json, false);
      field("id", h.gene().id(), json, false);
      field("span", h.gene().span(), json, false);
      field("segment", h.segment().map(Segment::toString).orElse(null), json, false);
      json.raw('}');
    }
    json.raw(']');
  }

  private static void field(String name, String value, JsonBytes json, boolean first) throws IOException {
    if (!first) {
      json.raw(',');
    }
    json.string(name);
    json.raw(':');
    if (value == null) {
      json.nullValue();
    } else {
      json.string(value);
    }
  }

  /** The same as {@link #write}, for answers written by a Jackson generator (inheritance). */
  public static void write(GeneSpans genes, com.fasterxml.jackson.core.JsonGenerator g) throws IOException {
    g.writeArrayFieldStart("genes");
    for (GeneSpans.Hit h : genes.hits()) {
      g.writeStartObject();
      g.writeStringField("query", h.query());
      g.writeStringField("name", h.gene().name());
      g.writeStringField("id", h.gene().id());
      g.writeStringField("span", h.gene().span());
      if (h.segment().isPresent()) {
        g.writeStringField("segment", h.segment().get().toString());
      } else {
        g.writeNullField("segment");
      }
      g.writeEndObject();
    }
    g.writeEndArray();
  }
}
