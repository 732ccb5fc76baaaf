package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.dasgrid.core.config.ConfigLoader;
import org.dasgrid.core.config.DasGridConfig;
import org.dasgrid.core.source.DataSourceProviders;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md names every key the config loader accepts, read off the code so that a key added
 * without documentation fails here: every record reachable from {@link DasGridConfig} (nested ones, and those in
 * lists and maps, included) the way Jackson reads it (record components, renamed by {@code @JsonProperty}, minus
 * {@code @JsonIgnore}); and every {@code options:} key, the server's ({@link ConfigLoader#SERVER_OPTIONS}) and each
 * format provider's ({@code DataSourceProvider.optionKeys}), in the options table.
 */
class ConfigurationDocTest {

  @Test
  void everyConfigKeyIsDocumented() throws IOException {
    String doc = Files.readString(TestServer.root().resolve("docs/configuration.md"));
    Map<String, String> keys = new LinkedHashMap<>();
    collect(DasGridConfig.class, "", keys, new java.util.HashSet<>());
    assertThat(keys).containsKeys("server.http.maxThreads", "server.rateLimit.burst", "sources[].options",
        "cluster.nodes[].grpc", "cluster.tls.cert", "sources[].coordinates.taxid");
    for (Map.Entry<String, String> e : keys.entrySet()) {
      String key = e.getValue();
      // a key is written `key`, or as the last part of a path such as `nodes[].grpc` or `tls.cert`
      assertThat(doc.contains("`" + key + "`") || doc.contains("." + key + "`"))
          .as("docs/configuration.md documents `%s`", e.getKey()).isTrue();
    }
  }

  @Test
  void everyOptionsKeyIsInTheOptionsTable() throws IOException {
    String doc = Files.readString(TestServer.root().resolve("docs/configuration.md"));
    int table = doc.indexOf("### `options`");
    assertThat(table).as("configuration.md has a section \"### `options`\"").isPositive();
    int end = doc.indexOf("\n## ", table);
    String options = doc.substring(table, end < 0 ? doc.length() : end);
    Set<String> keys = new TreeSet<>(ConfigLoader.SERVER_OPTIONS);
    DataSourceProviders.discover(getClass().getClassLoader()).optionKeys().values().forEach(keys::addAll);
    assertThat(keys).contains("assembly", "maxKinshipSamples", "genotypeSets", "genotypeInfo", "watch", "content");
    for (String key : keys) {
      assertThat(options).as("the options table of configuration.md lists `%s`", key).containsPattern(
          "\\n\\| [^|\\n]*`" + java.util.regex.Pattern.quote(key) + "`");
    }
  }

  /** The keys of {@code type} and of the records it holds, as {@code path -> key}. */
  private static void collect(Class<?> type, String path, Map<String, String> out, Set<Class<?>> seen) {
    if (!type.isRecord() || !seen.add(type)) {
      return;
    }
    for (RecordComponent c : type.getRecordComponents()) {
      if (c.getAccessor().isAnnotationPresent(JsonIgnore.class)) {
        continue;
      }
      JsonProperty renamed = c.getAccessor().getAnnotation(JsonProperty.class);
      String key = renamed != null && !renamed.value().isEmpty() ? renamed.value() : c.getName();
      String here = path.isEmpty() ? key : path + "." + key;
      out.put(here, key);
      collect(c.getType(), here, out, seen);
      if (c.getGenericType() instanceof ParameterizedType p) {
        for (Type arg : p.getActualTypeArguments()) {
          if (arg instanceof Class<?> element) {
            collect(element, here + "[]", out, seen);
          }
        }
      }
    }
  }
}
