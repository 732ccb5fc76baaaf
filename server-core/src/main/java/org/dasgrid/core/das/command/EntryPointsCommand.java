package org.dasgrid.core.das.command;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.dasgrid.core.das.Capabilities;
import org.dasgrid.core.das.DasCommand;
import org.dasgrid.core.das.DasContext;
import org.dasgrid.core.das.DasRequest;
import org.dasgrid.core.das.DasResponse;
import org.dasgrid.core.das.ResponseFormat;
import org.dasgrid.core.das.Rows;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.render.DasExtensions;
import org.dasgrid.core.render.DocumentElement;
import org.dasgrid.core.source.EntryPoint;

/** DAS {@code entry_points}: the references of a source, with {@code rows=FROM-TO} paging. */
public final class EntryPointsCommand implements DasCommand {
  @Override
  public String name() {
    return "entry_points";
  }

  @Override
  public boolean perSource() {
    return true;
  }

  @Override
  public DasResponse execute(DasRequest request, DasContext context) {
    LoadedSource ls = context.require(request);
    ResponseFormat format = ResponseFormat.of(request.args(), Set.of(ResponseFormat.XML, ResponseFormat.JSON));
    Optional<Rows> rows = Rows.parse(request.args());
    List<EntryPoint> eps = ls.data().entryPoints();
    DocumentElement list = DocumentElement.of("ENTRY_POINTS", "entryPoints")
        .attr("href", request.href())
        .attr("version", ls.version())
        .attr("total", eps.size());
    int from = rows.map(Rows::from).orElse(1);
    int to = rows.map(r -> Math.min(r.to(), eps.size())).orElse(eps.size());
    if (rows.isPresent()) {
      list.attr("start", from).attr("end", to);
    }
    for (int i = from; i <= to; i++) {
      EntryPoint e = eps.get(i - 1);
      DocumentElement seg = list.child("SEGMENT", "segments")
          .attr("id", e.name())
          .attr("start", 1)
          .attr("stop", e.length())
          .attr("type", e.type())
          .attr("orientation", e.orientation().symbol());
      if (!e.aliases().isEmpty()) {
        // DAS 1.6 has no aliases attribute on SEGMENT: ours is namespaced (JSON: the field "aliases")
        seg.attr(DasExtensions.qualified("aliases"), String.join(",", e.aliases()));
      }
      if (format == ResponseFormat.JSON) {
        // the refget checksums, in JSON only: the DAS 1.6 XML schema has no place for them
        ls.digests().of(e.name()).ifPresent(d -> seg.attr("md5", d.md5()).attr("ga4gh", d.ga4gh()));
      }
      seg.text("label", e.name());
    }
    DocumentElement root = DasExtensions.declareOn(DocumentElement.of("DASEP", "dasep")).add(list);
    String key = ls.id() + "@" + ls.version() + "|entry_points|" + rows.map(Rows::toString).orElse("");
    return TreeResponses.response(root, format, key, Capabilities.header(ls.data()));
  }
}
