package org.dasgrid.core.ga4gh;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.source.SequenceDigests;

/**
 * The part of a sequence a refget request asks for, 0-based and half-open: {@code [start, end)}, or for a
 * circular sequence with {@code start > end} the bases from {@code start} to the end followed by those from
 * the origin to {@code end}. {@code byRange} says it came from a {@code Range} header (answered 206).
 */
public record SequenceRange(long start, long end, long sequenceLength, boolean byRange) {
  /** Larger values are not 32-bit unsigned integers, which is all refget allows. */
  private static final long MAX_UNSIGNED_32 = 0xFFFF_FFFFL;
  private static final Pattern NUMBER = Pattern.compile("[0-9]{1,10}");
  private static final Pattern BYTES = Pattern.compile("bytes=([0-9]{1,19})-([0-9]{0,19})");

  public boolean wraps() {
    return start > end;
  }

  /** How many bases the answer holds. */
  public long length() {
    return wraps() ? sequenceLength - start + end : end - start;
  }

  /** The whole sequence. */
  public boolean isWhole() {
    return start == 0 && end == sequenceLength && !byRange;
  }

  /**
   * Reads {@code start}/{@code end} query parameters or a {@code Range} header (each may be null) against a
   * sequence, with refget v2.0.0's errors: not a 32-bit unsigned number, both forms at once, or {@code start}
   * beyond the sequence is a bad request (400); {@code end} beyond it, {@code start} at its very end, or
   * {@code start > end} on a linear sequence cannot be satisfied (416); a Range header out of bounds or
   * inverted is 416, a malformed one 400, several ranges at once 501.
   */
  public static SequenceRange parse(String start, String end, String range, SequenceDigests.Digest seq) {
    long length = seq.length();
    if (range != null && (start != null || end != null)) {
      throw RequestException.badArgument("give either start/end or a Range header, not both");
    }
    if (range != null) {
      return range(range.trim(), length);
    }
    long s = start == null ? 0 : number("start", start);
    long e = end == null ? length : number("end", end);
    if (s > length) {
      throw RequestException.badArgument("start %d is beyond the sequence (length %d)", s, length);
    }
    if (e > length) {
      throw outOfRange("end %d is beyond the sequence (length %d)", e, length);
    }
    if (s == length) {
      // no base starts there (the compliance suite expects 416, also for start = end = length)
      throw outOfRange("start %d is at the end of the sequence (length %d)", s, length);
    }
    if (s > e && !seq.circular()) {
      throw outOfRange("start %d > end %d on a sequence that is not circular", s, e);
    }
    return new SequenceRange(s, e, length, false);
  }

  private static SequenceRange range(String header, long length) {
    if (header.contains(",")) {
      throw RequestException.unsupported("only one byte range per request is supported");
    }
    Matcher m = BYTES.matcher(header);
    if (!m.matches()) {
      throw RequestException.badArgument("malformed Range header '%s' (expected bytes=FIRST-LAST)",
          header.length() > 60 ? header.substring(0, 57) + "..." : header);
    }
    long first = parseLong(m.group(1));
    long last = m.group(2).isEmpty() ? length - 1 : parseLong(m.group(2));
    if (first > last) {
      throw outOfRange("Range first byte %d > last byte %d", first, last);
    }
    if (first >= length) {
      throw outOfRange("Range starts at %d, beyond the sequence (length %d)", first, length);
    }
    // RFC 7233 §2.1: a last byte beyond the representation means "to the end"
    return new SequenceRange(first, Math.min(last, length - 1) + 1, length, true);
  }

  private static long number(String name, String value) {
    if (!NUMBER.matcher(value).matches()) {
      throw RequestException.badArgument("%s must be a 32-bit unsigned integer, not '%s'", name,
          value.length() > 30 ? value.substring(0, 27) + "..." : value);
    }
    long v = Long.parseLong(value);
    if (v > MAX_UNSIGNED_32) {
      throw RequestException.badArgument("%s %d is not a 32-bit unsigned integer", name, v);
    }
    return v;
  }

  private static long parseLong(String digits) {
    try {
      return Long.parseLong(digits);
    } catch (NumberFormatException e) {
      return Long.MAX_VALUE;
    }
  }

  private static RequestException outOfRange(String format, Object... args) {
    return new RequestException(ErrorKind.OUT_OF_RANGE, format, args);
  }
}
