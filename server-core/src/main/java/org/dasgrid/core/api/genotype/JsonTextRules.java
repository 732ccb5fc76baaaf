package org.dasgrid.core.api.genotype;

import java.nio.charset.StandardCharsets;
import org.dasgrid.core.genotype.TextRules;
import org.dasgrid.core.render.JsonOutput;

/**
 * The genotype JSON writer's text rules, for the engine to precompute by at load ({@link TextRules}; installed
 * through {@code META-INF/services}): a row is plain when every byte is printable ASCII other than {@code "} and
 * {@code \} (the bytes the JSON writer writes as they are: {@link JsonBytes#writesPlainTextAsIs} checks it
 * against the factory's escapes), the slack is what {@link
 * JsonBytes#putCopy} reads and writes past a copy, and a frequency's text is the one {@link JsonOutput#number}
 * gives (Schubfach's shortest decimal that reads back as the same double, as Jackson's generators write it).
 */
public final class JsonTextRules implements TextRules {
  /** For {@link java.util.ServiceLoader}. */
  public JsonTextRules() {}

  @Override
  public int slack() {
    return JsonBytes.COPY_SLACK;
  }

  @Override
  public boolean isPlain(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      byte c = b[i];
      if (c < 0x20 || c > 0x7E || c == '"' || c == '\\') {
        return false;
      }
    }
    return true;
  }

  @Override
  public byte[] frequencyText(int ac, int an) {
    return JsonOutput.number((double) ac / an).getBytes(StandardCharsets.US_ASCII);
  }

  @Override
  public byte[] numberText(double v) {
    return Double.isFinite(v) ? JsonOutput.number(v).getBytes(StandardCharsets.US_ASCII) : null;
  }
}
