package org.dasgrid.core.ga4gh;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A GA4GH service-info 1.0 document: the required {@code id}, {@code name}, {@code type}, {@code organization}
 * and {@code version}, a description and documentation link, and the API's own section (refget's
 * {@code refget}, htsget's {@code htsget}) as {@code extensions}, written after the standard fields.
 */
public record ServiceInfo(
    String id,
    String name,
    Type type,
    String description,
    Organization organization,
    String version,
    String documentationUrl,
    Map<String, Object> extensions) {

  public ServiceInfo {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(organization, "organization");
    Objects.requireNonNull(version, "version");
    extensions = extensions == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(extensions));
  }

  /** The kind of service: {@code group} {@code org.ga4gh}, the API's {@code artifact} and its version. */
  public record Type(String group, String artifact, String version) {
    public static Type ga4gh(String artifact, String version) {
      return new Type("org.ga4gh", artifact, version);
    }
  }

  /** Who runs the service. */
  public record Organization(String name, String url) {}

  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** Writes the document as JSON. */
  public void write(OutputStream out) throws IOException {
    try (JsonGenerator g = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
      g.setCodec(MAPPER);
      g.writeStartObject();
      g.writeStringField("id", id);
      g.writeStringField("name", name);
      g.writeObjectFieldStart("type");
      g.writeStringField("group", type.group());
      g.writeStringField("artifact", type.artifact());
      g.writeStringField("version", type.version());
      g.writeEndObject();
      if (description != null) {
        g.writeStringField("description", description);
      }
      g.writeObjectFieldStart("organization");
      g.writeStringField("name", organization.name());
      g.writeStringField("url", organization.url());
      g.writeEndObject();
      if (documentationUrl != null) {
        g.writeStringField("documentationUrl", documentationUrl);
      }
      g.writeStringField("version", version);
      for (Map.Entry<String, Object> e : extensions.entrySet()) {
        g.writeObjectField(e.getKey(), e.getValue());
      }
      g.writeEndObject();
    }
  }
}
