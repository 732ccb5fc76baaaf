package org.dasgrid.core.render;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;

/** Creates streaming JSON generators (Jackson) that leave the underlying stream open. */
public final class JsonOutput {
  private static final JsonFactory FACTORY =
      JsonFactory.builder().disable(com.fasterxml.jackson.core.StreamWriteFeature.AUTO_CLOSE_TARGET).build();

  private JsonOutput() {}

  public static JsonGenerator generator(OutputStream out) throws IOException {
    return FACTORY.createGenerator(out, JsonEncoding.UTF8);
  }

  public static JsonFactory factory() {
    return FACTORY;
  }
}
