package org.dasgrid.core.das;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.dasgrid.core.cluster.FanOutReport;
import org.dasgrid.core.das.command.DsnCommand;
import org.dasgrid.core.das.command.EntryPointsCommand;
import org.dasgrid.core.das.command.FeaturesCommand;
import org.dasgrid.core.das.command.SequenceCommand;
import org.dasgrid.core.das.command.SourcesCommand;
import org.dasgrid.core.das.command.StylesheetCommand;
import org.dasgrid.core.das.command.TypesCommand;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.render.DasExtensions;
import org.dasgrid.core.render.JsonRenderer;
import org.dasgrid.core.render.DocumentElement;
import org.dasgrid.core.render.XmlRenderer;

/** Dispatches DAS requests to their commands and renders DAS errors. */
public final class DasService {
  private final Map<String, DasCommand> commands;
  private final DasContext context;

  public DasService(DasContext context) {
    this(context, List.of(new SourcesCommand(), new DsnCommand(), new EntryPointsCommand(),
        new TypesCommand(), new FeaturesCommand(), new SequenceCommand(), new StylesheetCommand()));
  }

  public DasService(DasContext context, List<DasCommand> commands) {
    this.context = context;
    this.commands = commands.stream().collect(Collectors.toUnmodifiableMap(DasCommand::name, Function.identity()));
  }

  /** The names of the commands it answers (each must have an access tier: webapp's EndpointTiers). */
  public java.util.Set<String> commandNames() {
    return commands.keySet();
  }

  public DasContext context() {
    return context;
  }

  /**
   * Answers a request: {@code /das/{command}} for server commands, {@code /das/{source}/{command}} for
   * source commands, and {@code /das/{source}} for a source's own {@code sources} document.
   */
  public DasResponse handle(DasRequest request) {
    DasCommand command = commands.get(request.command());
    if (command == null || command.perSource() == request.source().isEmpty()
        && !(request.command().equals("sources"))) {
      throw new RequestException(ErrorKind.UNKNOWN_OPERATION, "unknown command '%s'", shorten(request.command()));
    }
    DasContext perRequest = context.forRequest();
    DasResponse response = command.execute(request, perRequest);
    FanOutReport report = perRequest.report();
    String key = response.cacheKey();
    if (report.isPartial()) {
      // an answer missing shards is never cached, nor given an ETag a later complete answer would share
      key = "";
    } else {
      key = DasContext.clientKey(request, key);
    }
    Map<String, String> headers = clusterHeaders(report);
    if (key.equals(response.cacheKey()) && headers.isEmpty()) {
      return response;
    }
    if (!response.headers().isEmpty()) {
      // a cached answer brings the headers it first went out with
      Map<String, String> merged = new java.util.LinkedHashMap<>(response.headers());
      merged.putAll(headers);
      headers = merged;
    }
    return response.with(key, headers);
  }

  /** {@code X-DasGrid-Nodes} (who answered) and, for a partial answer, {@code X-DasGrid-Partial} (what not). */
  static Map<String, String> clusterHeaders(FanOutReport report) {
    if (report.isEmpty()) {
      return Map.of();
    }
    Map<String, String> h = new java.util.LinkedHashMap<>();
    h.put("X-DasGrid-Nodes", report.nodesText());
    if (report.isPartial()) {
      h.put("X-DasGrid-Partial", "missing " + report.missingText());
    }
    return h;
  }

  /** A small well-formed error document (XML, or JSON when asked) for a DAS status and message. */
  public static DasResponse error(DasStatus status, String message, boolean json) {
    return error(status.code(), message, json);
  }

  /** As {@link #error(DasStatus, String, boolean)}, for an HTTP status DAS has no code for (a rate limit's 429). */
  public static DasResponse error(int status, String message, boolean json) {
    // DAS 1.6 defines no error document: ours lives in DasGrid's namespace (a strict validator's rule)
    DocumentElement root = DocumentElement.of("DASERROR", "error").attr("status", status)
        .attr("xmlns", DasExtensions.NAMESPACE).text("message", message);
    if (json) {
      return DasResponse.of(ResponseFormat.JSON.contentType(), "", Capabilities.SERVER,
          out -> JsonRenderer.write(root, out));
    }
    return DasResponse.of(ResponseFormat.XML.contentType(), "", Capabilities.SERVER,
        out -> XmlRenderer.write(root, out));
  }

  private static String shorten(String s) {
    return s.length() <= 40 ? s : s.substring(0, 37) + "...";
  }
}
