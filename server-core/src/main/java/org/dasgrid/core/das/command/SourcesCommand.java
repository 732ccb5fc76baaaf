package org.dasgrid.core.das.command;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Set;
import org.dasgrid.core.config.Coordinates;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.das.Capabilities;
import org.dasgrid.core.das.DasCommand;
import org.dasgrid.core.das.DasContext;
import org.dasgrid.core.das.DasRequest;
import org.dasgrid.core.das.DasResponse;
import org.dasgrid.core.das.ResponseFormat;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.registry.SourceSlot;
import org.dasgrid.core.registry.SourceState;
import org.dasgrid.core.render.DocumentElement;
import org.dasgrid.core.source.EntryPoint;

/**
 * DAS 1.6 {@code sources}: every source with its coordinates and capabilities. A source that failed to load
 * is still listed, with a {@code status} property saying why, so users see it rather than wonder. Addressed
 * as {@code /das/{source}} it describes that source alone.
 */
public final class SourcesCommand implements DasCommand {
  private static final DateTimeFormatter ISO = DateTimeFormatter.ISO_OFFSET_DATE_TIME.withZone(ZoneOffset.UTC);

  @Override
  public String name() {
    return "sources";
  }

  @Override
  public boolean perSource() {
    return false;
  }

  @Override
  public DasResponse execute(DasRequest request, DasContext context) {
    ResponseFormat format = ResponseFormat.of(request.args(), Set.of(ResponseFormat.XML, ResponseFormat.JSON));
    List<SourceSlot> slots = context.registry().all().stream()
        .filter(s -> request.access().mayRead(s.config()))
        .toList();
    if (!request.source().isEmpty()) {
      slots = slots.stream().filter(s -> s.id().equals(request.source())).toList();
      if (slots.isEmpty()) {
        throw new RequestException(ErrorKind.UNKNOWN_SOURCE, "unknown data source '%s'", request.source());
      }
    }
    DocumentElement root = DocumentElement.of("SOURCES", "sources");
    StringBuilder key = new StringBuilder("sources|").append(request.source()).append('|');
    for (SourceSlot slot : slots) {
      root.add(source(slot, request.dasBase()));
      key.append(slot.id()).append('@').append(stateKey(slot)).append(';');
    }
    return TreeResponses.response(root, format, key.toString(), Capabilities.SERVER);
  }

  private static String stateKey(SourceSlot slot) {
    SourceState st = slot.state();
    if (st instanceof SourceState.Ready r) {
      return r.source().version();
    }
    return st.getClass().getSimpleName();
  }

  private static DocumentElement source(SourceSlot slot, String base) {
    SourceConfig c = slot.config();
    DocumentElement s = DocumentElement.of("SOURCE", "sources")
        .attr("uri", c.id())
        .attr("title", c.title())
        .attr("description", c.description())
        .attr("doc_href", base + "/" + c.id());
    s.child("MAINTAINER", "maintainers").attr("email", c.option("maintainer", ""));
    SourceState st = slot.state();
    DocumentElement version = s.child("VERSION", "versions").attr("uri", c.id());
    if (st instanceof SourceState.Ready r) {
      LoadedSource ls = r.source();
      version.attr("created", ISO.format(ls.loadedAt()));
      version.add(coordinates(c.coordinates(), ls));
      for (String cap : Capabilities.of(ls.data())) {
        DocumentElement capability = version.child("CAPABILITY", "capabilities").attr("type", "das1:" + cap);
        if (isCommand(cap)) {
          capability.attr("query_uri", base + "/" + c.id() + "/" + cap);
        }
      }
      version.child("PROP", "properties").attr("name", "status").attr("value", "ready");
      version.child("PROP", "properties").attr("name", "records").attr("value", ls.data().stats().records());
    } else if (st instanceof SourceState.Failed f) {
      version.add(coordinates(c.coordinates(), null));
      version.child("PROP", "properties").attr("name", "status").attr("value", "unavailable");
      version.child("PROP", "properties").attr("name", "error").attr("value", f.reason());
    } else {
      version.add(coordinates(c.coordinates(), null));
      version.child("PROP", "properties").attr("name", "status").attr("value", "loading");
    }
    return s;
  }

  private static boolean isCommand(String cap) {
    return switch (cap) {
      case "entry_points", "types", "features", "sequence", "stylesheet" -> true;
      default -> false;
    };
  }

  private static DocumentElement coordinates(Coordinates co, LoadedSource ls) {
    DocumentElement n = DocumentElement.of("COORDINATES", "coordinates")
        .attr("uri", co.label())
        .attr("source", co.source())
        .attr("authority", co.authority());
    if (co.taxid() != null) {
      n.attr("taxid", co.taxid());
    }
    if (!co.version().isEmpty()) {
      n.attr("version", co.version());
    }
    if (ls != null && !ls.data().entryPoints().isEmpty()) {
      EntryPoint first = testReference(ls);
      n.attr("test_range", first.name() + ":1," + Math.min(first.length(), 10_000));
    }
    return n.text("label", co.label());
  }

  /** The first reference that carries features, as a range clients may use to test the source. */
  private static EntryPoint testReference(LoadedSource ls) {
    try {
      for (EntryPoint e : ls.data().entryPoints()) {
        if (ls.data().countFeatures(new org.dasgrid.core.segment.Segment(e.name(), 1, e.length()),
            org.dasgrid.core.source.FeatureFilter.ANY) > 0) {
          return e;
        }
      }
    } catch (org.dasgrid.core.error.RequestException e) {
      // a sharded source whose other nodes do not answer now: the listing still lists it
    }
    return ls.data().entryPoints().get(0);
  }
}
