package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.dasgrid.core.config.ClusterConfig;
import org.dasgrid.core.config.Coordinates;
import org.dasgrid.core.config.DasGridConfig;
import org.dasgrid.core.config.ServerSettings;
import org.dasgrid.core.config.SourceConfig;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * docs/configuration.md names every key the config loader accepts: the keys are read off the config records the
 * way Jackson reads them (record components, renamed by {@code @JsonProperty}, minus {@code @JsonIgnore}), so a
 * key added to the code without documentation fails here.
 */
class ConfigurationDocTest {

  @ParameterizedTest
  @ValueSource(classes = {DasGridConfig.class, ServerSettings.class, SourceConfig.class, Coordinates.class,
      ClusterConfig.class, ClusterConfig.Node.class, ClusterConfig.Shard.class, ClusterConfig.Tls.class,
      org.dasgrid.core.config.AuthSettings.class, org.dasgrid.core.config.AuthSettings.TrustedIssuer.class,
      org.dasgrid.core.config.Tiers.class})
  void everyConfigKeyIsDocumented(Class<?> record) throws IOException {
    String doc = Files.readString(TestServer.root().resolve("docs/configuration.md"));
    for (String key : keys(record)) {
      // a key is written `key`, or as the last part of a path such as `nodes[].grpc` or `tls.cert`
      assertThat(doc.contains("`" + key + "`") || doc.contains("." + key + "`"))
          .as("docs/configuration.md documents `%s` of %s", key, record.getSimpleName()).isTrue();
    }
  }

  private static List<String> keys(Class<?> record) {
    List<String> keys = new ArrayList<>();
    for (RecordComponent c : record.getRecordComponents()) {
      if (c.getAccessor().isAnnotationPresent(JsonIgnore.class)) {
        continue;
      }
      JsonProperty renamed = c.getAccessor().getAnnotation(JsonProperty.class);
      keys.add(renamed != null && !renamed.value().isEmpty() ? renamed.value() : c.getName());
    }
    assertThat(keys).isNotEmpty();
    return keys;
  }
}
