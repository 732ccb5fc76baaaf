package org.dasgrid.core.das.command;

import java.util.Set;
import org.dasgrid.core.das.Capabilities;
import org.dasgrid.core.das.DasCommand;
import org.dasgrid.core.das.DasContext;
import org.dasgrid.core.das.DasRequest;
import org.dasgrid.core.das.DasResponse;
import org.dasgrid.core.das.ResponseFormat;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.registry.SourceSlot;
import org.dasgrid.core.render.DocumentElement;

/**
 * DAS 1.53 {@code dsn}, still what Bio::Das::Lite asks first: the serving sources as DSN entries. Sources
 * that are loading or failed are left out, since 1.53 has no way to say so.
 */
public final class DsnCommand implements DasCommand {
  @Override
  public String name() {
    return "dsn";
  }

  @Override
  public boolean perSource() {
    return false;
  }

  @Override
  public DasResponse execute(DasRequest request, DasContext context) {
    ResponseFormat format = ResponseFormat.of(request.args(), Set.of(ResponseFormat.XML, ResponseFormat.JSON));
    DocumentElement root = DocumentElement.of("DASDSN", "dsn");
    StringBuilder key = new StringBuilder("dsn|");
    for (SourceSlot slot : context.registry().all()) {
      if (slot.loaded().isEmpty() || !request.access().mayRead(slot.config())) {
        continue;
      }
      LoadedSource ls = slot.loaded().get();
      DocumentElement dsn = root.child("DSN", "dsns");
      dsn.child("SOURCE", "source").attr("id", ls.id()).attr("version", ls.version())
          .text("title", ls.config().title());
      dsn.child("MAPMASTER", "mapmaster").text("href", request.dasBase() + "/" + ls.id());
      dsn.child("DESCRIPTION", "description").text("text", ls.config().description());
      key.append(ls.id()).append('@').append(ls.version()).append(';');
    }
    return TreeResponses.response(root, format, key.toString(), Capabilities.SERVER);
  }
}
