package org.dasgrid.core.render;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.NumberOutput;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Creates streaming JSON generators (Jackson) that leave the underlying stream open. Strings are written
 * HTML-safe ({@code <}, {@code >}, {@code &} and {@code '} as JSON unicode escapes), so text a client sent never
 * comes back as markup whatever a browser makes of the answer; doubles use Jackson's fast writer.
 */
public final class JsonOutput {
  private static final JsonFactory FACTORY = new com.fasterxml.jackson.core.JsonFactoryBuilder()
      .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
      .enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER)
      .characterEscapes(new HtmlSafe())
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

  /** Standard JSON escaping plus the characters that mean something in HTML. */
  private static final class HtmlSafe extends CharacterEscapes {
    private static final long serialVersionUID = 1L;
    private final int[] escapes;

    HtmlSafe() {
      int[] e = CharacterEscapes.standardAsciiEscapesForJSON();
      for (char c : new char[] {'<', '>', '&', '\''}) {
        e[c] = CharacterEscapes.ESCAPE_STANDARD;
      }
      this.escapes = e;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
      return escapes;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
      return null; // only standard escapes are used
    }
  }
}
