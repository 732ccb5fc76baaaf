package org.dasgrid.webapp.page;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The files under a classpath folder, read once on first request and kept (they are few and fixed in the
 * jar/WAR). Names are checked before any lookup, so no path can leave the folder.
 */
final class StaticFiles {
  private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9_.-]*(/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*");
  private static final Map<String, String> TYPES = Map.of(
      "html", "text/html;charset=UTF-8",
      "js", "text/javascript;charset=UTF-8",
      "css", "text/css;charset=UTF-8",
      "json", "application/json",
      "svg", "image/svg+xml",
      "png", "image/png",
      "ico", "image/x-icon",
      "txt", "text/plain;charset=UTF-8");

  private final ClassLoader loader;
  private final String folder;
  private final String version;
  /** Only names that exist are kept, so the map is bounded by the folder's contents. */
  private final Map<String, StaticFile> files = new ConcurrentHashMap<>();

  StaticFiles(ClassLoader loader, String folder, String version) {
    this.loader = loader;
    this.folder = folder;
    this.version = version;
  }

  /** The file at {@code name} (relative, e.g. {@code app.js}), if there is one. */
  Optional<StaticFile> get(String name) {
    if (!SAFE.matcher(name).matches() || name.contains("..")) {
      return Optional.empty();
    }
    StaticFile f = files.get(name);
    if (f != null) {
      return Optional.of(f);
    }
    Optional<StaticFile> read = read(name);
    read.ifPresent(file -> files.putIfAbsent(name, file));
    return read;
  }

  private Optional<StaticFile> read(String name) {
    String type = TYPES.get(extension(name));
    if (type == null) {
      return Optional.empty();
    }
    try (InputStream in = loader.getResourceAsStream(folder + name)) {
      if (in == null) {
        return Optional.empty();
      }
      byte[] body = in.readAllBytes();
      String etag = "\"" + version + "-" + Integer.toHexString(java.util.Arrays.hashCode(body)) + "\"";
      return Optional.of(StaticFile.of(body, type, etag, name.startsWith("vendor/")));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + folder + name, e);
    }
  }

  private static String extension(String name) {
    int dot = name.lastIndexOf('.');
    return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
  }
}
