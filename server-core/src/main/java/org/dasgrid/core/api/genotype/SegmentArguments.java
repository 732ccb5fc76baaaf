package org.dasgrid.core.api.genotype;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.segment.Range;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.segment.SegmentRequest;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.EntryPoint;

/**
 * The arguments every genotype endpoint reads the same way (genotype queries, cohort analytics, exports,
 * frequencies): the {@code segment=} regions (after {@link GeneArguments} has put a {@code gene=}'s span there)
 * and the check that no unknown argument was given. One reader, so an export covers exactly the region a
 * {@code variants} query with the same arguments answers.
 */
public final class SegmentArguments {
  private SegmentArguments() {}

  /**
   * The {@code segment=} regions on the source's reference names, in the order given; empty if none is given.
   * Each is {@code REF}, {@code REF:START,STOP} or {@code REF:START-END} ({@link SegmentRequest#parseLocus}); a
   * bare reference is all of it, a range is clipped to its reference's end and one starting past it is left out.
   * More than {@code max} segments is a 400 naming {@code server.maxSegmentsPerRequest}; an unknown reference a
   * 400 naming it.
   */
  public static List<Segment> read(QueryArguments args, DataSource source, int max) {
    List<String> raw = args.all("segment");
    if (raw.size() > max) {
      throw RequestException.tooLarge("%d segments requested; at most %d per request "
          + "(server.maxSegmentsPerRequest)", raw.size(), max);
    }
    List<Segment> out = new ArrayList<>(raw.size());
    for (String text : raw) {
      SegmentRequest req = SegmentRequest.parseLocus(text);
      EntryPoint ep = source.entryPoint(req.ref()).orElseThrow(() -> RequestException.badArgument(
          "unknown reference '%s' in segment '%s'%s", SampleChoice.shorten(req.ref()), SampleChoice.shorten(text),
          SegmentRequest.howToWrite(req.ref())));
      if (req.range().isEmpty()) {
        out.add(new Segment(ep.name(), 1, ep.length()));
        continue;
      }
      Range r = req.range().get();
      if (r.start() < 1) {
        throw RequestException.badArgument("segment '%s': coordinates start at 1", SampleChoice.shorten(text));
      }
      if (r.start() <= ep.length()) {
        out.add(new Segment(ep.name(), (int) r.start(), (int) Math.min(r.stop(), ep.length())));
      }
    }
    return out;
  }

  /**
   * Refuses (400) an argument {@code endpoint} does not take, listing those it does; names starting with
   * {@code _} (cache busters) pass.
   */
  public static void refuseUnknown(QueryArguments args, Set<String> allowed, String endpoint) {
    for (String name : args.asMap().keySet()) {
      if (!allowed.contains(name) && !name.startsWith("_")) {
        throw RequestException.badArgument("unknown argument '%s' for %s; use %s", SampleChoice.shorten(name),
            endpoint, String.join(", ", new TreeSet<>(allowed)));
      }
    }
  }
}
