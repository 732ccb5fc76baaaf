package org.dasgrid.core.das.command;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.segment.Range;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.segment.SegmentRequest;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.EntryPoint;

/** Parses and resolves the {@code segment=} arguments of a request. */
final class Segments {
  private Segments() {}

  /** The segment arguments, parsed; more than {@code max} is a 402. */
  static List<SegmentRequest> parse(QueryArguments args, int max) {
    List<String> raw = args.all("segment");
    if (raw.size() > max) {
      throw RequestException.tooLarge(
          "%d segments requested; at most %d per request (server.maxSegmentsPerRequest)", raw.size(), max);
    }
    List<SegmentRequest> out = new ArrayList<>(raw.size());
    for (String s : raw) {
      out.add(SegmentRequest.parse(s));
    }
    return out;
  }

  /** Looks a segment up: unknown reference, out of range (DAS 1.6 ERRORSEGMENT), or a resolved segment. */
  static ResolvedSegment resolve(SegmentRequest req, DataSource source) {
    Optional<EntryPoint> ep = source.entryPoint(req.ref());
    if (ep.isEmpty()) {
      return new ResolvedSegment.Unknown(req.ref());
    }
    EntryPoint e = ep.get();
    if (req.range().isEmpty()) {
      return new ResolvedSegment.Found(req.ref(), new Segment(e.name(), 1, e.length()), e.name());
    }
    Range r = req.range().get();
    if (r.start() < 1 || r.stop() > e.length()) {
      return new ResolvedSegment.OutOfRange(req.ref(), r.start(), r.stop());
    }
    return new ResolvedSegment.Found(
        req.ref(), new Segment(e.name(), (int) r.start(), (int) r.stop()), e.name());
  }

  static List<ResolvedSegment> resolveAll(List<SegmentRequest> reqs, DataSource source) {
    List<ResolvedSegment> out = new ArrayList<>(reqs.size());
    for (SegmentRequest r : reqs) {
      out.add(resolve(r, source));
    }
    return out;
  }

  /** Every reference of the source, whole (a request without segments). */
  static List<ResolvedSegment> allReferences(DataSource source) {
    List<ResolvedSegment> out = new ArrayList<>();
    for (EntryPoint e : source.entryPoints()) {
      out.add(new ResolvedSegment.Found(e.name(), new Segment(e.name(), 1, e.length()), e.name()));
    }
    return out;
  }

  /** A canonical text of resolved segments for cache keys: aliases of one reference share entries. */
  static String key(List<ResolvedSegment> segments) {
    StringBuilder sb = new StringBuilder();
    for (ResolvedSegment r : segments) {
      if (r instanceof ResolvedSegment.Found f) {
        sb.append(f.requestedId()).append('=').append(f.segment()).append(';');
      } else if (r instanceof ResolvedSegment.Unknown u) {
        sb.append('?').append(u.requestedId()).append(';');
      } else if (r instanceof ResolvedSegment.OutOfRange o) {
        sb.append('!').append(o.requestedId()).append(':').append(o.start()).append(',').append(o.stop())
            .append(';');
      }
    }
    return sb.toString();
  }
}
