package org.dasgrid.webapp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.dasgrid.core.access.Tokens;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * An embedded DasGrid on a free port for integration tests, shared by every test class that asks for the
 * same config (started once per test JVM, stopped when the JVM's test run ends).
 */
public final class TestServer implements ExtensionContext.Store.CloseableResource {
  private final EmbeddedServer server;
  private final ByteArrayOutputStream console = new ByteArrayOutputStream();

  private TestServer(Path config, String accessLog) throws Exception {
    // no start-up warm-up: every test class would pay its seconds of CPU (WarmupIT tests it)
    ServerOptions options = ServerOptions.defaults().withPort(0).withBind("127.0.0.1").withAccessLog(accessLog)
        .withWarmupSeconds(0);
    if (config != null) {
      options = options.withConfig(config);
    }
    server = EmbeddedServer.start(options, new PrintStream(console, true, "UTF-8"));
    if (!server.awaitLoaded(120, TimeUnit.SECONDS)) {
      throw new IllegalStateException("sources did not load in 2 minutes: " + console);
    }
  }

  /** The server on the bundled example data, shared across test classes. */
  public static TestServer examples(ExtensionContext context) {
    return context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
        .getOrComputeIfAbsent("dasgrid-examples", k -> start((Path) null), TestServer.class);
  }

  /** A server of its own on the given config, its access log in {@link #console()}; the caller closes it. */
  public static TestServer start(Path config) {
    return start(config, ServerOptions.CONSOLE);
  }

  /**
   * As {@link #start(Path)}, with the access log where {@code accessLog} says (a file, or {@code off}): a long
   * test must not keep a line per request in {@link #console()}, which is memory.
   */
  public static TestServer start(Path config, String accessLog) {
    try {
      return new TestServer(config, accessLog);
    } catch (Exception e) {
      throw new IllegalStateException("cannot start DasGrid: " + e.getMessage(), e);
    }
  }

  /**
   * A server of its own on the WormBase example as source {@code ce} (copied to {@code dir/ce.gff}, its config
   * {@code dir/dasgrid.yaml}) with {@code adminToken} as admin token, so the admin endpoints are on; the
   * caller closes it.
   */
  public static TestServer ceWithAdminToken(Path dir, String adminToken) throws IOException {
    Files.copy(example("ce_ws199.gff"), dir.resolve("ce.gff"));
    Files.writeString(dir.resolve("dasgrid.yaml"), """
        server:
          adminTokens: ["%s"]
        sources:
          - {id: ce, format: gff2, path: ce.gff}
        """.formatted(Tokens.hash(adminToken)));
    return start(dir.resolve("dasgrid.yaml"));
  }

  public String base() {
    return server.localUrl();
  }

  public String das() {
    return base() + "/das";
  }

  public String console() {
    return console.toString(java.nio.charset.StandardCharsets.UTF_8);
  }

  public EmbeddedServer server() {
    return server;
  }

  @Override
  public void close() {
    server.close();
  }

  /** The repository root, for test data. */
  public static Path root() {
    String root = System.getProperty("dasgrid.root");
    return (root != null ? Path.of(root) : Path.of("..")).toAbsolutePath().normalize();
  }

  /** A file of the bundled example data. */
  public static Path example(String name) {
    return root().resolve("webapp/src/main/resources/examples/data").resolve(name);
  }
}
