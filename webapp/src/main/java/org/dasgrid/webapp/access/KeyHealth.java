package org.dasgrid.webapp.access;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.List;
import org.dasgrid.core.access.KeyStatus;

/**
 * The {@code auth} part of {@code /health/ready}: per token and visa issuer, whether its keys were fetched at
 * the last try, how many, when, and the error if not. A failed fetch does not make the server unready (public
 * data still serve, and cached keys still check tokens until they expire); it says that keys new since then
 * cannot be checked.
 */
public final class KeyHealth {
  private KeyHealth() {}

  public static void write(JsonGenerator g, List<KeyStatus> issuers) throws IOException {
    g.writeObjectFieldStart("auth");
    g.writeBooleanField("ok", issuers.stream().allMatch(KeyStatus::ok));
    g.writeArrayFieldStart("issuers");
    for (KeyStatus k : issuers) {
      g.writeStartObject();
      g.writeStringField("issuer", k.issuer());
      g.writeStringField("jwks", k.jwks());
      g.writeBooleanField("ok", k.ok());
      g.writeNumberField("keys", k.keys());
      if (k.lastFetched().isPresent()) {
        g.writeStringField("lastFetched", k.lastFetched().get().toString());
      }
      if (k.error().isPresent()) {
        g.writeStringField("error", k.error().get());
        g.writeStringField("message", "the keys of " + k.issuer() + " cannot be fetched: cached keys keep"
            + " checking tokens until they expire; tokens signed with a new key are refused (401)");
      }
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }
}
