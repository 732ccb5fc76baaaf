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
      if (format == ResponseFormat.JSON) {
        // aliases and the refget checksums, in JSON only: DAS 1.6's SEGMENT has no attribute for them and allows
        // none it does not name, not even in another namespace (the XML stays valid against its schemas;
        // /api/sources lists the aliases too)
        if (!e.aliases().isEmpty()) {
          seg.attr("aliases", String.join(",", e.aliases()));
        }
        ls.digests().of(e.name()).ifPresent(d -> seg.attr("md5", d.md5()).attr("ga4gh", d.ga4gh()));
      }
      seg.text("label", e.name());
    }
    DocumentElement root = DocumentElement.of("DASEP", "dasep").add(list);
    String key = ls.id() + "@" + ls.version() + "|entry_points|" + rows.map(Rows::toString).orElse("");
    return TreeResponses.response(root, format, key, Capabilities.header(ls.data()));
  }
}
