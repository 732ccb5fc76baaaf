package org.dasgrid.core.render;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.io.NumberOutput;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Creates streaming JSON generators (Jackson) that leave the underlying stream open. Strings are plain JSON:
 * only what RFC 8259 requires is escaped ({@code "}, {@code \} and control characters), so a message reads as the
 * docs show it ({@code '} and {@code <} as themselves). Text a client sent cannot come back as markup: every
 * answer says {@code application/json} and carries {@code X-Content-Type-Options: nosniff}. Doubles use Jackson's
 * fast writer.
 */
public final class JsonOutput {
  private static final JsonFactory FACTORY = new com.fasterxml.jackson.core.JsonFactoryBuilder()
      .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
      .enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER)
      .build();
  private static final boolean FAST_DOUBLES = FACTORY.isEnabled(StreamWriteFeature.USE_FAST_DOUBLE_WRITER);

  private JsonOutput() {}

  public static JsonGenerator generator(OutputStream out) throws IOException {
    return FACTORY.createGenerator(out, JsonEncoding.UTF8);
  }

  public static JsonFactory factory() {
    return FACTORY;
  }

  /**
   * The text this factory's generators write for a finite double ({@code writeNumber(double)}): with the fast
   * writer, Schubfach's shortest decimal that reads back as the same double. For code that writes JSON bytes
   * itself, so that its numbers are the generators'.
   */
  public static String number(double v) {
    return NumberOutput.toString(v, FAST_DOUBLES);
  }
}
