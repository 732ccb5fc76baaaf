package org.dasgrid.core.das.command;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.dasgrid.core.das.Capabilities;
import org.dasgrid.core.das.DasCommand;
import org.dasgrid.core.das.DasContext;
import org.dasgrid.core.das.DasRequest;
import org.dasgrid.core.das.DasResponse;
import org.dasgrid.core.das.ResponseFormat;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.render.JsonOutput;
import org.dasgrid.core.render.XmlOutput;
import org.dasgrid.core.segment.Range;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.segment.SegmentRequest;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.core.source.SequenceSource;

/**
 * DAS {@code sequence}: reference sequence of one or more segments from the source's FASTA. An unknown
 * reference is a 403 (bad reference object) and coordinates outside the sequence a 405, as DAS 1.6 has it.
 */
public final class SequenceCommand implements DasCommand {
  /** Longest total sequence one request may ask for; beyond it the client should ask in pieces. */
  static final long MAX_BASES = 20_000_000;

  @Override
  public String name() {
    return "sequence";
  }

  @Override
  public boolean perSource() {
    return true;
  }

  @Override
  public DasResponse execute(DasRequest request, DasContext context) {
    LoadedSource ls = context.require(request);
    SequenceSource seq = ls.data().capability(SequenceSource.class).orElseThrow(() ->
        RequestException.unsupported("source '%s' has no sequence", ls.id()));
    ResponseFormat format = ResponseFormat.of(request.args(), Set.of(ResponseFormat.XML, ResponseFormat.JSON));
    List<SegmentRequest> reqs = Segments.parse(request.args(), context.settings().maxSegmentsPerRequest());
    if (reqs.isEmpty()) {
      throw RequestException.badArgument("sequence needs at least one segment=REF[:START,STOP]");
    }
    List<Segment> segments = new ArrayList<>();
    List<String> ids = new ArrayList<>();
    long bases = 0;
    for (SegmentRequest r : reqs) {
      EntryPoint e = ls.data().entryPoint(r.ref()).orElseThrow(() ->
          new RequestException(ErrorKind.UNKNOWN_REFERENCE, "unknown reference '%s'", SegmentRequestText.of(r)));
      int length = seq.sequenceLength(e.name());
      if (length < 1) {
        throw new RequestException(ErrorKind.UNKNOWN_REFERENCE, "no sequence for reference '%s'", e.name());
      }
      Range range = r.range().orElse(new Range(1, length));
      if (range.start() < 1 || range.stop() > length) {
        throw new RequestException(ErrorKind.OUT_OF_RANGE, "%s:%d,%d is outside %s:1,%d", r.ref(),
            range.start(), range.stop(), e.name(), length);
      }
      bases += range.length();
      segments.add(new Segment(e.name(), (int) range.start(), (int) range.stop()));
      ids.add(r.ref());
    }
    if (bases > MAX_BASES) {
      throw RequestException.tooLarge("%d bases requested; at most %d per request", bases, MAX_BASES);
    }
    StringBuilder key = new StringBuilder(ls.id()).append('@').append(ls.version()).append("|sequence|");
    for (int i = 0; i < segments.size(); i++) {
      key.append(ids.get(i)).append('=').append(segments.get(i)).append(';');
    }
    key.append('|').append(format);
    String caps = Capabilities.header(ls.data());
    if (format == ResponseFormat.JSON) {
      return DasResponse.of(format.contentType(), key.toString(), caps, out -> {
        try (var g = JsonOutput.generator(out)) {
          g.writeStartObject();
          g.writeObjectFieldStart("sequence");
          g.writeArrayFieldStart("sequences");
          for (int i = 0; i < segments.size(); i++) {
            Segment s = segments.get(i);
            StringBuilder sb = new StringBuilder(s.length());
            seq.sequence(s, sb);
            g.writeStartObject();
            g.writeStringField("id", ids.get(i));
            g.writeNumberField("start", s.start());
            g.writeNumberField("stop", s.stop());
            g.writeStringField("version", ls.version());
            g.writeStringField("label", s.ref());
            g.writeStringField("sequence", sb.toString());
            g.writeEndObject();
          }
          g.writeEndArray();
          g.writeEndObject();
          g.writeEndObject();
        }
      });
    }
    return DasResponse.of(format.contentType(), key.toString(), caps, out -> {
      try {
        XMLStreamWriter w = XmlOutput.writer(out);
        XmlOutput.startDocument(w);
        w.writeStartElement("DASSEQUENCE");
        w.writeCharacters("\n");
        for (int i = 0; i < segments.size(); i++) {
          Segment s = segments.get(i);
          w.writeStartElement("SEQUENCE");
          w.writeAttribute("id", ids.get(i));
          w.writeAttribute("start", Integer.toString(s.start()));
          w.writeAttribute("stop", Integer.toString(s.stop()));
          w.writeAttribute("version", ls.version());
          w.writeAttribute("label", s.ref());
          seq.sequence(s, new XmlCharacters(w));
          w.writeEndElement();
          w.writeCharacters("\n");
        }
        w.writeEndElement();
        w.writeCharacters("\n");
        w.writeEndDocument();
        w.flush();
        w.close();
      } catch (XMLStreamException e) {
        throw new IOException(e);
      }
    });
  }

  /** Streams appended sequence into XML character data without building one large string. */
  private static final class XmlCharacters implements Appendable {
    private final XMLStreamWriter w;

    XmlCharacters(XMLStreamWriter w) {
      this.w = w;
    }

    @Override
    public Appendable append(CharSequence csq) throws IOException {
      return append(csq, 0, csq.length());
    }

    @Override
    public Appendable append(CharSequence csq, int start, int end) throws IOException {
      try {
        w.writeCharacters(csq.subSequence(start, end).toString());
      } catch (XMLStreamException e) {
        throw new IOException(e);
      }
      return this;
    }

    @Override
    public Appendable append(char c) throws IOException {
      return append(String.valueOf(c));
    }
  }

  /** Quotes a client's segment in a message, shortened. */
  private static final class SegmentRequestText {
    static String of(SegmentRequest r) {
      String s = r.ref();
      return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
  }
}
