package org.dasgrid.webapp.browsers;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An HTTP {@code Range: bytes=...} header (RFC 9110 §14.1.2) resolved against a representation's length:
 * {@code a-b}, {@code a-} and suffix {@code -n} specs, clipped to the length. A header that does not parse, or
 * asks for more than {@value #MAX_RANGES} ranges, is ignored (the whole representation is sent, as the RFC
 * allows); one whose every spec starts past the end is {@link Unsatisfiable}.
 */
sealed interface ByteRanges {
  int MAX_RANGES = 200;

  /** Send everything, 200. */
  record Whole() implements ByteRanges {}

  /** Send these ranges, 206; several as {@code multipart/byteranges}. */
  record Parts(List<Part> parts) implements ByteRanges {
    public Parts {
      parts = List.copyOf(parts);
    }
  }

  /** 416, with {@code Content-Range: bytes *}{@code /length}. */
  record Unsatisfiable() implements ByteRanges {}

  /** A range of bytes, both ends inclusive. */
  record Part(long first, long last) {
    long length() {
      return last - first + 1;
    }

    String contentRange(long total) {
      return "bytes " + first + "-" + last + "/" + total;
    }
  }

  static ByteRanges parse(String header, long length) {
    if (header == null) {
      return new Whole();
    }
    String h = header.trim();
    if (!h.regionMatches(true, 0, "bytes=", 0, 6)) {
      return new Whole();
    }
    String[] specs = h.substring(6).split(",", MAX_RANGES + 2);
    if (specs.length > MAX_RANGES) {
      return new Whole();
    }
    List<Part> parts = new ArrayList<>();
    for (String spec : specs) {
      Optional<Optional<Part>> p = part(spec.trim(), length);
      if (p.isEmpty()) {
        return new Whole(); // malformed: ignore the header
      }
      p.get().ifPresent(parts::add);
    }
    return parts.isEmpty() ? new Unsatisfiable() : new Parts(parts);
  }

  /** Empty when malformed; an empty inner Optional when well formed but unsatisfiable. */
  private static Optional<Optional<Part>> part(String spec, long length) {
    int dash = spec.indexOf('-');
    if (dash < 0) {
      return Optional.empty();
    }
    String a = spec.substring(0, dash).trim();
    String b = spec.substring(dash + 1).trim();
    try {
      if (a.isEmpty()) {
        long suffix = digits(b);
        if (suffix == 0 || length == 0) {
          return Optional.of(Optional.empty());
        }
        return Optional.of(Optional.of(new Part(Math.max(0, length - suffix), length - 1)));
      }
      long first = digits(a);
      long last = b.isEmpty() ? Long.MAX_VALUE : digits(b);
      if (last < first) {
        return Optional.empty();
      }
      if (first >= length) {
        return Optional.of(Optional.empty());
      }
      return Optional.of(Optional.of(new Part(first, Math.min(last, length - 1))));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static long digits(String s) {
    if (s.isEmpty() || s.length() > 18 || !s.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new NumberFormatException(s);
    }
    return Long.parseLong(s);
  }
}
