package org.dasgrid.webapp.browsers;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.dasgrid.core.access.AccessCheck;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.registry.SourceRegistry;
import org.dasgrid.webapp.http.BaseUrl;
import org.dasgrid.webapp.http.Bearer;
import org.dasgrid.webapp.access.Callers;
import org.dasgrid.core.config.Tier;

/**
 * {@code GET /jbrowse/config.json} (every assembly and track) and {@code GET /igv/session.json[?assembly=NAME]}
 * (one genome, by default the first with a track, and its tracks), over the sources serving now that the
 * client may read.
 */
final class BrowserConfigServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final transient SourceRegistry registry;

  BrowserConfigServlet(SourceRegistry registry) {
    this.registry = registry;
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    AccessCheck access = Callers.access(req, Tier.VARIANTS);
    List<LoadedSource> readable = registry.loaded().stream().filter(s -> access.mayRead(s.config())).toList();
    List<Assembly> assemblies = Assembly.of(readable);
    BrowserConfigs configs = new BrowserConfigs(BaseUrl.of(req));
    ObjectNode doc;
    try {
      doc = switch (req.getServletPath()) {
        case "/jbrowse/config.json" -> configs.jbrowse(assemblies);
        case "/igv/session.json" -> configs.igv(igvAssembly(assemblies, req.getParameter("assembly")));
        default -> throw RequestException.notFound("no such browser config");
      };
    } catch (RequestException e) {
      BrowserErrors.write(resp, e);
      return;
    }
    resp.setStatus(200);
    resp.setContentType("application/json;charset=UTF-8");
    // the sources (and their versions) change with reloads: always ask again
    resp.setHeader("Cache-Control", "no-cache");
    JSON.writerWithDefaultPrettyPrinter().writeValue(resp.getOutputStream(), doc);
  }

  private static Assembly igvAssembly(List<Assembly> assemblies, String wanted) {
    if (wanted != null && !wanted.isBlank()) {
      return assemblies.stream().filter(a -> a.name().equals(wanted)).findFirst()
          .orElseThrow(() -> RequestException.notFound("no assembly '%s'; there are %s", wanted.length() > 80
              ? wanted.substring(0, 77) + "..." : wanted, assemblies.stream().map(Assembly::name).toList()));
    }
    return assemblies.stream().filter(a -> a.sources().stream().anyMatch(s -> Assembly.trackKind(s).isPresent()))
        .findFirst().orElseThrow(() -> RequestException.unavailable("no source is serving yet"));
  }
}
