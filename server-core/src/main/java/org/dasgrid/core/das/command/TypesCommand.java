package org.dasgrid.core.das.command;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.dasgrid.core.das.Capabilities;
import org.dasgrid.core.das.DasCommand;
import org.dasgrid.core.das.DasContext;
import org.dasgrid.core.das.DasRequest;
import org.dasgrid.core.das.DasResponse;
import org.dasgrid.core.das.ResponseFormat;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.render.DocumentElement;
import org.dasgrid.core.segment.SegmentRequest;

/**
 * DAS {@code types}: feature counts per type, for the whole source or per requested segment, optionally
 * restricted with {@code type=}.
 */
public final class TypesCommand implements DasCommand {
  @Override
  public String name() {
    return "types";
  }

  @Override
  public boolean perSource() {
    return true;
  }

  @Override
  public DasResponse execute(DasRequest request, DasContext context) {
    LoadedSource ls = context.require(request);
    ResponseFormat format = ResponseFormat.of(request.args(), Set.of(ResponseFormat.XML, ResponseFormat.JSON));
    Set<String> only = new TreeSet<>(request.args().all("type"));
    List<SegmentRequest> reqs = Segments.parse(request.args(), context.settings().maxSegmentsPerRequest());
    DocumentElement gff = DocumentElement.of("GFF", "gff").attr("href", request.href());
    List<ResolvedSegment> resolved = Segments.resolveAll(reqs, ls.data());
    if (reqs.isEmpty()) {
      DocumentElement seg = gff.child("SEGMENT", "segments").attr("version", ls.version()).attr("label", ls.config().title());
      addTypes(seg, ls.data().typeCounts(), only);
    }
    for (ResolvedSegment r : resolved) {
      if (r instanceof ResolvedSegment.Found f) {
        DocumentElement seg = gff.child("SEGMENT", "segments")
            .attr("id", f.requestedId())
            .attr("start", f.segment().start())
            .attr("stop", f.segment().stop())
            .attr("version", ls.version())
            .attr("label", f.label());
        addTypes(seg, ls.data().typeCounts(f.segment()), only);
      } else if (r instanceof ResolvedSegment.Unknown u) {
        gff.child("UNKNOWNSEGMENT", "unknownSegments").attr("id", u.requestedId());
      } else if (r instanceof ResolvedSegment.OutOfRange o) {
        gff.child("ERRORSEGMENT", "errorSegments").attr("id", o.requestedId()).attr("start", o.start())
            .attr("stop", o.stop());
      }
    }
    DocumentElement root = DocumentElement.of("DASTYPES", "types").add(gff);
    String key = ls.id() + "@" + ls.version() + "|types|" + Segments.key(resolved) + "|" + only;
    return TreeResponses.response(root, format, key, Capabilities.header(ls.data()));
  }

  private static void addTypes(DocumentElement seg, Map<FeatureType, Integer> counts, Set<String> only) {
    for (Map.Entry<FeatureType, Integer> e : counts.entrySet()) {
      FeatureType t = e.getKey();
      if (!only.isEmpty() && !only.contains(t.id())) {
        continue;
      }
      DocumentElement type = seg.child("TYPE", "types").attr("id", t.id()).attr("category", t.category());
      if (t.hasCvId()) {
        type.attr("cvId", t.cvId());
      }
      type.text("count", e.getValue());
    }
  }
}
