package org.dasgrid.datasources;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.config.Access;
import org.dasgrid.core.config.ServerSettings;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.das.DasContext;
import org.dasgrid.core.das.DasRequest;
import org.dasgrid.core.das.DasService;
import org.dasgrid.core.registry.LoadListener;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.registry.SourceLoader;
import org.dasgrid.core.registry.SourceRegistry;
import org.dasgrid.core.registry.SourceSlot;
import org.dasgrid.core.registry.SourceState;
import org.dasgrid.core.source.DataSourceProviders;
import org.w3c.dom.Document;

/**
 * Test support: sources loaded the way the server loads them (providers found by ServiceLoader, the
 * registry and its loader), and DAS answers rendered by the real commands.
 */
public final class Sources {
  public static final Path ROOT = Path.of(System.getProperty("dasgrid.root", "..")).toAbsolutePath().normalize();
  /** The bundled example data (real files: FlyBase dmel 2L GFF3, WormBase WS199 GFF2 + FASTA). */
  public static final Path EXAMPLES = ROOT.resolve("webapp/src/main/resources/examples/data");
  /** This module's test data. */
  public static final Path TEST_DATA = ROOT.resolve("datasources/src/test/resources");

  private final SourceRegistry registry;
  private final DasService das;

  private Sources(SourceRegistry registry) {
    this.registry = registry;
    this.das = new DasService(new DasContext(registry, ServerSettings.DEFAULTS, "DasGrid/test"));
  }

  /** Loads the sources through the registry's loader and waits for them to be loaded or failed. */
  public static Sources load(SourceConfig... configs) {
    SourceRegistry registry = new SourceRegistry(List.of(configs));
    try (SourceLoader loader = new SourceLoader(providers(), LoadListener.NONE, 2)) {
      loader.loadAll(registry).join();
    }
    return new Sources(registry);
  }

  public static DataSourceProviders providers() {
    return DataSourceProviders.discover(Sources.class.getClassLoader());
  }

  /** A config for a file, with {@code options:} and (when not null) an aliases or sequence file. */
  public static SourceConfig config(String id, String format, Path file, Map<String, String> options) {
    return new SourceConfig(id, id, "", format, file.toAbsolutePath().toString(), null, null, null, false,
        Access.PUBLIC, null, List.of(), options, file.toAbsolutePath().getParent());
  }

  public static SourceConfig config(String id, String format, Path file) {
    return config(id, format, file, Map.of());
  }

  public SourceState state(String id) {
    return slot(id).state();
  }

  public LoadedSource source(String id) {
    SourceState st = state(id);
    if (st instanceof SourceState.Ready r) {
      return r.source();
    }
    throw new AssertionError(id + " is not loaded: " + st);
  }

  /** The one-line reason a source failed. */
  public String failure(String id) {
    SourceState st = state(id);
    if (st instanceof SourceState.Failed f) {
      return f.reason();
    }
    throw new AssertionError(id + " did not fail: " + st);
  }

  public SourceSlot slot(String id) {
    return registry.slot(id).orElseThrow();
  }

  public SourceRegistry registry() {
    return registry;
  }

  /** The response to {@code /das/{source}/{command}?{query}}, not yet written. */
  public org.dasgrid.core.das.DasResponse response(String source, String command, String query) {
    return das.handle(new DasRequest(source, command, QueryArguments.parse(query), "http://localhost/das"));
  }

  /** The body of {@code /das/{source}/{command}?{query}}. */
  public String answer(String source, String command, String query) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      response(source, command, query).writeTo(out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  /** The answer parsed as XML. */
  public Document xml(String source, String command, String query) {
    try {
      return DocumentBuilderFactory.newInstance().newDocumentBuilder()
          .parse(new java.io.ByteArrayInputStream(answer(source, command, query).getBytes(StandardCharsets.UTF_8)));
    } catch (Exception e) {
      throw new AssertionError("not XML: " + e.getMessage(), e);
    }
  }
}
