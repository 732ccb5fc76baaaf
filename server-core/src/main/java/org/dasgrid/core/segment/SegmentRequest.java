package org.dasgrid.core.segment;

import java.util.Optional;
import org.dasgrid.core.error.RequestException;

/**
 * A {@code segment=REF[:START,STOP]} argument as the client wrote it. Without a range it means the whole
 * reference.
 *
 * <p>Reference names may themselves contain {@code :} (e.g. HLA alleles), so only a suffix after the last
 * colon that contains a comma is read as a range.
 */
public record SegmentRequest(String ref, Optional<Range> range) {
  /** Longest coordinate we read; more digits cannot be a position on any genome. */
  private static final int MAX_DIGITS = 15;

  public SegmentRequest {
    if (ref == null || ref.isEmpty()) {
      throw new IllegalArgumentException("empty reference");
    }
  }

  public static SegmentRequest whole(String ref) {
    return new SegmentRequest(ref, Optional.empty());
  }

  public static SegmentRequest of(String ref, long start, long stop) {
    return new SegmentRequest(ref, Optional.of(new Range(start, stop)));
  }

  /** Parses one segment argument; malformed syntax is a 402 naming the offending text. */
  public static SegmentRequest parse(String text) {
    if (text == null || text.isBlank()) {
      throw RequestException.badArgument("empty segment");
    }
    int colon = text.lastIndexOf(':');
    if (colon < 0 || text.indexOf(',', colon) < 0) {
      return whole(checkRef(text, text));
    }
    String ref = checkRef(text.substring(0, colon), text);
    String coords = text.substring(colon + 1);
    int comma = coords.indexOf(',');
    if (comma != coords.lastIndexOf(',')) {
      throw malformed(text);
    }
    long start = parseCoordinate(coords.substring(0, comma), text);
    long stop = parseCoordinate(coords.substring(comma + 1), text);
    if (start > stop) {
      throw RequestException.badArgument("segment %s: start %d is after stop %d", shorten(text), start, stop);
    }
    return of(ref, start, stop);
  }

  /**
   * Parses a segment of the JSON APIs (genotypes, cohort analytics): DAS's {@code REF:START,STOP}, or the
   * {@code REF:START-END} that samtools, igv.js and the home page's locus box write (1-based, inclusive, as
   * DAS's; commas inside its numbers are thousands separators, as igv.js writes {@code chr1:1,000-2,000}). A
   * DAS segment keeps the comma form only (DAS 1.6).
   */
  public static SegmentRequest parseLocus(String text) {
    if (text != null) {
      int colon = text.lastIndexOf(':');
      String coords = colon < 0 ? "" : text.substring(colon + 1);
      int dash = coords.indexOf('-');
      String from = dash > 0 ? grouped(coords.substring(0, dash)) : null;
      String to = dash > 0 ? grouped(coords.substring(dash + 1)) : null;
      if (from != null && to != null) {
        String ref = checkRef(text.substring(0, colon), text);
        long start = parseCoordinate(from, text);
        long stop = parseCoordinate(to, text);
        if (start > stop) {
          throw RequestException.badArgument("segment %s: start %d is after end %d", shorten(text), start, stop);
        }
        return of(ref, start, stop);
      }
    }
    try {
      return parse(text);
    } catch (RequestException e) {
      if (e.getMessage().startsWith("malformed segment")) {
        throw RequestException.badArgument("malformed segment '%s': expected REF, REF:START,STOP or REF:START-END "
            + "with whole-number coordinates", shorten(text));
      }
      throw e;
    }
  }

  /** Digits, maybe grouped by thousands with commas ({@code 1,000,000}), without the commas; null otherwise. */
  private static String grouped(String s) {
    if (!s.matches("[0-9]{1,15}|[0-9]{1,3}(,[0-9]{3})+")) {
      return null;
    }
    return s.replace(",", "");
  }

  /**
   * For a reference name that is not the source's: how to write a range, when the name looks like one written
   * another way ({@code chr1:1..1000}); empty otherwise.
   */
  public static String howToWrite(String ref) {
    return ref.indexOf(':') < 0 ? ""
        : " (write a range as REF:START,STOP or REF:START-END, 1-based and inclusive: chr1:1000,2000 or chr1:1000-2000)";
  }

  private static String checkRef(String ref, String text) {
    if (ref.isEmpty()) {
      throw RequestException.badArgument("segment '%s' has no reference name", shorten(text));
    }
    for (int i = 0; i < ref.length(); i++) {
      char c = ref.charAt(i);
      if (Character.isWhitespace(c) || Character.isISOControl(c)) {
        throw RequestException.badArgument("segment reference may not contain whitespace or control characters");
      }
    }
    return ref;
  }

  private static long parseCoordinate(String s, String text) {
    String digits = s.strip();
    boolean negative = digits.startsWith("-");
    if (negative) {
      digits = digits.substring(1);
    }
    if (digits.isEmpty() || digits.length() > MAX_DIGITS) {
      throw malformed(text);
    }
    for (int i = 0; i < digits.length(); i++) {
      if (digits.charAt(i) < '0' || digits.charAt(i) > '9') {
        throw malformed(text);
      }
    }
    long v = Long.parseLong(digits);
    return negative ? -v : v;
  }

  private static RequestException malformed(String text) {
    return RequestException.badArgument(
        "malformed segment '%s': expected REF or REF:START,STOP with integer coordinates", shorten(text));
  }

  /** Messages quote client text; keep them short whatever the client sent. */
  static String shorten(String text) {
    return text.length() <= 60 ? text : text.substring(0, 57) + "...";
  }

  @Override
  public String toString() {
    return range.map(r -> ref + ":" + r.start() + "," + r.stop()).orElse(ref);
  }
}
