package org.dasgrid.core.ga4gh;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.SequenceDigests;
import org.dasgrid.core.source.SequenceSource;

/** What refget v2 answers: a sequence or part of it, its metadata, and the service-info. */
public final class RefgetDocuments {
  /** refget's media types. */
  public static final String SEQUENCE_TYPE = "text/vnd.ga4gh.refget.v2.0.0+plain; charset=us-ascii";

  public static final String JSON_TYPE = "application/vnd.ga4gh.refget.v2.0.0+json; charset=us-ascii";

  /**
   * refget 1.0's types, answered to clients that ask for them: a v1 sequence is the same bytes, and v1
   * metadata the same document less the fields v2 added, which a v1 client ignores.
   */
  public static final String SEQUENCE_TYPE_V1 = "text/vnd.ga4gh.refget.v1.0.0+plain; charset=us-ascii";

  public static final String JSON_TYPE_V1 = "application/vnd.ga4gh.refget.v1.0.0+json; charset=us-ascii";

  /** Bases read from the source per call, so long answers stream. */
  private static final int CHUNK = 1 << 20;

  private RefgetDocuments() {}

  /**
   * Writes the bases of {@code range} (upper-case ASCII, no line breaks), reading the source piece by piece;
   * a range across the origin of a circular sequence is written as its two parts.
   */
  public static void writeSequence(ResolvedSequence seq, SequenceRange range, OutputStream out) throws IOException {
    SequenceSource source = seq.source().data().capability(SequenceSource.class).orElseThrow(() ->
        new IllegalStateException(seq.source().id() + " has digests but no sequence"));
    String ref = seq.digest().ref();
    if (range.wraps()) {
      copy(source, ref, range.start(), range.sequenceLength(), out);
      copy(source, ref, 0, range.end(), out);
    } else {
      copy(source, ref, range.start(), range.end(), out);
    }
  }

  /** Copies the 0-based half-open {@code [from, to)}. */
  private static void copy(SequenceSource source, String ref, long from, long to, OutputStream out)
      throws IOException {
    UpperAscii sink = new UpperAscii(out);
    for (long s = from; s < to; s += CHUNK) {
      long e = Math.min(to, s + CHUNK);
      source.sequence(new Segment(ref, (int) s + 1, (int) e), sink);
    }
    sink.flush();
  }

  /** {@code {"metadata": {md5, ga4gh, trunc512, length, circular, aliases}}}. */
  public static void writeMetadata(ResolvedSequence seq, OutputStream out) throws IOException {
    SequenceDigests.Digest d = seq.digest();
    try (JsonGenerator g = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
      g.writeStartObject();
      g.writeObjectFieldStart("metadata");
      g.writeStringField("md5", d.md5());
      g.writeStringField("ga4gh", d.ga4gh());
      g.writeStringField("trunc512", d.trunc512());
      g.writeNumberField("length", d.length());
      g.writeBooleanField("circular", d.circular());
      g.writeArrayFieldStart("aliases");
      for (Map.Entry<String, String> a : aliases(seq)) {
        g.writeStartObject();
        g.writeStringField("alias", a.getKey());
        g.writeStringField("naming_authority", a.getValue());
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
      g.writeEndObject();
    }
  }

  /**
   * The names each source holding the sequence gives it, as (alias, naming authority): a name written with a
   * namespace in an aliases file ({@code insdc:BK006935.2}) under that namespace, every name (DAS segment id)
   * under the source's id, which with it forms an identifier refget resolves ({@code SOURCE:NAME}).
   */
  static List<Map.Entry<String, String>> aliases(ResolvedSequence seq) {
    Set<Map.Entry<String, String>> out = new LinkedHashSet<>();
    for (ResolvedSequence.Holder h : seq.holders()) {
      for (String name : SequenceResolver.names(h)) {
        int colon = name.indexOf(':');
        if (colon > 0 && colon < name.length() - 1) {
          out.add(Map.entry(name.substring(colon + 1), name.substring(0, colon)));
        }
        out.add(Map.entry(name, h.source().id()));
      }
    }
    return List.copyOf(out);
  }

  /** refget's section of its service-info. */
  public static Map<String, Object> serviceInfoSection(List<String> identifierTypes) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("circular_supported", true);
    m.put("algorithms", List.of("md5", "ga4gh", "trunc512"));
    m.put("identifier_types", identifierTypes);
    m.put("subsequence_limit", null);
    return m;
  }

  /** Writes characters as upper-case ASCII bytes through a buffer. */
  private static final class UpperAscii implements Appendable {
    private final OutputStream out;
    private final byte[] buffer = new byte[1 << 16];
    private int filled;

    UpperAscii(OutputStream out) {
      this.out = out;
    }

    @Override
    public Appendable append(CharSequence csq) throws IOException {
      return append(csq, 0, csq.length());
    }

    @Override
    public Appendable append(CharSequence csq, int start, int end) throws IOException {
      for (int i = start; i < end; i++) {
        append(csq.charAt(i));
      }
      return this;
    }

    @Override
    public Appendable append(char c) throws IOException {
      buffer[filled++] = (byte) (c >= 'a' && c <= 'z' ? c - 32 : c);
      if (filled == buffer.length) {
        flush();
      }
      return this;
    }

    void flush() throws IOException {
      out.write(buffer, 0, filled);
      filled = 0;
    }
  }
}
