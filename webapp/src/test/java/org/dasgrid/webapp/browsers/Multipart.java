package org.dasgrid.webapp.browsers;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Reads a {@code multipart/byteranges} body (RFC 9110 §14.6) the simple way a test needs. */
final class Multipart {
  private Multipart() {}

  static List<byte[]> parts(byte[] body, String boundary) {
    List<byte[]> out = new ArrayList<>();
    String text = new String(body, StandardCharsets.ISO_8859_1);
    String delimiter = "--" + boundary;
    int at = text.indexOf(delimiter);
    while (at >= 0 && !text.startsWith(delimiter + "--", at)) {
      int start = text.indexOf("\r\n\r\n", at) + 4;
      int next = text.indexOf("\r\n" + delimiter, start);
      out.add(Arrays.copyOfRange(body, start, next));
      at = next + 2;
    }
    return out;
  }

  static List<String> contentRanges(byte[] body, String boundary) {
    List<String> out = new ArrayList<>();
    for (String line : new String(body, StandardCharsets.ISO_8859_1).split("\r\n")) {
      if (line.regionMatches(true, 0, "Content-Range: ", 0, 15)) {
        out.add(line.substring(15));
      }
    }
    return out;
  }
}
