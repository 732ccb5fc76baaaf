package org.dasgrid.core.api.genotype;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.genotype.RowKey;

/**
 * The opaque {@code next}/{@code cursor} text of a paged answer: the last row's place ({@link RowKey}),
 * base64url-encoded (no padding, so it needs no escaping in a URL). Clients must not build or read one; the
 * form may change.
 */
final class PageCursor {
  private static final String VERSION = "1";

  private PageCursor() {}

  static String encode(RowKey k) {
    String text = String.join("\t", VERSION, k.contig(), Integer.toString(k.pos()), k.alt(), k.ref(),
        Integer.toString(k.ordinal()));
    return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }

  static RowKey decode(String cursor) {
    try {
      String[] f = new String(Base64.getUrlDecoder().decode(cursor.strip()), StandardCharsets.UTF_8).split("\t", -1);
      if (f.length == 6 && f[0].equals(VERSION)) {
        return new RowKey(f[1], Integer.parseInt(f[2]), f[3], f[4], Integer.parseInt(f[5]));
      }
    } catch (IllegalArgumentException e) { // bad base64 or number
      // reported below
    }
    throw RequestException.badArgument("cursor: '%s' is not a cursor this server gave (use an answer's next)",
        AnalyticsRequest.shorten(cursor));
  }
}
