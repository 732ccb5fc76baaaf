package org.dasgrid.datasources.vcf;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Reads the GT of every sample column straight from the line's bytes, the fast path that makes loading
 * thousands of samples practical: the common {@code 0/0} and {@code 0|0} cost a few byte compares and no
 * call, other calls are parsed into allele numbers without a String. Phase is not kept (the contract treats
 * {@code 0|1} and {@code 0/1} alike). Everything after GT in a column is skipped.
 */
final class GenotypeColumns {
  static final int MISSING = -1;
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  /** {@code 0|0\t} and {@code 0/0\t} as little-endian ints, and twice as longs: the columns to skip. */
  private static final int PHASED_REF = word("0|0\t");
  private static final int UNPHASED_REF = word("0/0\t");
  private static final long PHASED_REF2 = (PHASED_REF & 0xFFFFFFFFL) | ((long) PHASED_REF << 32);
  private static final long UNPHASED_REF2 = (UNPHASED_REF & 0xFFFFFFFFL) | ((long) UNPHASED_REF << 32);
  private static final int MAX_ALLELES = 32;
  private final int[] alleles = new int[MAX_ALLELES];
  private final java.util.List<String> names;
  /**
   * The calls reported so far (all records), weighed as the ints each takes in a parsed batch ({@link
   * ParsedRecords}: 3 a diploid call, 2 a haploid one, 2 + ploidy another): {@link #parse} returns its record's
   * share, which {@link PieceCutter} counts as {@code weight / 3 + 1} calls, as it did when only the batch knew
   * it (so pieces hold as many calls as they did).
   */
  private long weight;

  /** @param names the samples, for messages */
  GenotypeColumns(java.util.List<String> names) {
    this.names = names;
  }

  /** The weight of every call reported so far (see {@link #weight}): a record's is the difference. */
  long weight() {
    return weight;
  }

  /**
   * Parses exactly {@code samples} columns of {@code b[p, end)} (the line after FORMAT), reporting each call
   * that is not 0/0 to {@code sink}; {@code alts} is the number of ALT alleles of the record. Returns the weight
   * of the calls it reported (see {@link #weight}).
   */
  int parse(byte[] b, int p, int end, int samples, int alts, CallSink sink) {
    long before = weight;
    if (samples == 0) {
      if (p != end) {
        throw new VcfFormatException("sample columns, but the header names none");
      }
      return 0;
    }
    parseToLineEnd(b, p, end, samples, alts, sink); // [p, end) holds no newline: the columns end at end
    return (int) (weight - before);
  }

  /**
   * Parses exactly {@code samples} (at least one) columns from {@code b[p]} to the end of their line, which is
   * found on the way: the {@code \n} after the last column (or {@code \r\n}), or {@code limit} (the end of what
   * may be read). Returns that end, the offset of the {@code \n} or {@code limit}. The line is read once: the
   * reader that calls this need not look for the line end first ({@link DirectReader}), which was a tenth of
   * a build's parsing (docs/bench-log/2026-12-02-build3.md). Calls are reported as {@link #parse} reports them.
   */
  int parseToLineEnd(byte[] b, int p, int limit, int samples, int alts, CallSink sink) {
    if (p >= limit || b[p] == '\n' || b[p] == '\r') {
      throw new VcfFormatException("no sample columns, but the header names " + samples);
    }
    int last = samples - 1;
    int s = 0;
    while (s < last) {
      // fast path: whole 0/0 columns followed by a tab, two or one at a time (a newline never matches, so
      // this never runs past the line's end)
      if (p + 8 <= limit) {
        long two = (long) LONGS.get(b, p);
        if (s + 2 <= last && (two == PHASED_REF2 || two == UNPHASED_REF2)) {
          p += 8;
          s += 2;
          continue;
        }
        int one = (int) two;
        if (one == PHASED_REF || one == UNPHASED_REF) {
          p += 4;
          s++;
          continue;
        }
      } else if (p + 4 <= limit) {
        int one = (int) INTS.get(b, p);
        if (one == PHASED_REF || one == UNPHASED_REF) {
          p += 4;
          s++;
          continue;
        }
      }
      p = column(b, p, limit, s, alts, sink);
      if (p >= limit || b[p] != '\t') {
        throw new VcfFormatException((s + 1) + " sample columns, but the header names " + samples);
      }
      p++; // the tab
      s++;
    }
    p = column(b, p, limit, last, alts, sink);
    if (p == limit || b[p] == '\n') {
      return p;
    }
    if (b[p] == '\r' && (p + 1 == limit || b[p + 1] == '\n')) {
      return p + 1;
    }
    throw new VcfFormatException("more sample columns than the " + samples + " the header names");
  }

  /** Reads one column's GT (reporting it unless 0/0) and skips its other fields; returns the offset after it. */
  private int column(byte[] b, int p, int end, int s, int alts, CallSink sink) {
    int a1;
    int a2;
    if (p + 2 < end && (a1 = b[p] - '0') >= 0 && a1 <= alts && a1 <= 9 && (a2 = b[p + 2] - '0') >= 0
        && a2 <= alts && a2 <= 9 && (b[p + 1] == '/' || b[p + 1] == '|')
        && (p + 3 == end || ends(b[p + 3]))) {
      // a diploid call of one-digit alleles the record has: most calls of a cohort, so no loop and no checks
      // beyond these (anything else, errors included, goes the general way)
      if ((a1 | a2) != 0) {
        sink.diploid(s, a1, a2);
        weight += 3;
      }
      p += 3;
    } else if (p < end && (a1 = b[p] - '0') >= 0 && a1 <= alts && a1 <= 9
        && (p + 1 == end || ends(b[p + 1]))) {
      // a haploid call of a one-digit allele: every male's call on chrX and chrY
      sink.haploid(s, a1);
      weight += 2;
      p++;
    } else {
      p = parseCall(b, p, end, s, alts, sink);
    }
    if (p < end && b[p] == ':') {
      while (p < end && b[p] != '\t' && b[p] != '\n') {
        p++;
      }
    }
    return p;
  }

  /** Whether {@code c} ends a GT: the tab before the next column, its other fields, or the line's end. */
  private static boolean ends(byte c) {
    return c == '\t' || c == ':' || c == '\n' || c == '\r';
  }

  private static int word(String four) {
    byte[] b = four.getBytes(StandardCharsets.US_ASCII);
    return (b[0] & 0xFF) | (b[1] & 0xFF) << 8 | (b[2] & 0xFF) << 16 | (b[3] & 0xFF) << 24;
  }

  private int parseCall(byte[] b, int p, int end, int sample, int alts, CallSink sink) {
    int from = p;
    int n = 0;
    while (true) {
      int a;
      if (p < end && b[p] == '.') {
        a = MISSING;
        p++;
      } else {
        if (p >= end || b[p] < '0' || b[p] > '9') {
          throw bad(b, from, end, sample);
        }
        a = 0;
        while (p < end && b[p] >= '0' && b[p] <= '9') {
          a = a * 10 + (b[p++] - '0');
          if (a > alts) {
            throw new VcfFormatException("sample " + names.get(sample) + ": GT allele " + a + " but the record has "
                + alts + " ALT allele" + (alts == 1 ? "" : "s"));
          }
        }
      }
      if (n == MAX_ALLELES) {
        throw new VcfFormatException("sample " + names.get(sample) + ": more than " + MAX_ALLELES + " alleles in GT");
      }
      alleles[n++] = a;
      if (p < end && (b[p] == '/' || b[p] == '|')) {
        p++;
        continue;
      }
      break;
    }
    if (p < end && !ends(b[p])) {
      throw bad(b, from, end, sample);
    }
    if (n == 2) {
      if (alleles[0] != 0 || alleles[1] != 0) {
        sink.diploid(sample, alleles[0], alleles[1]);
        weight += 3;
      }
    } else if (n == 1) {
      sink.haploid(sample, alleles[0]);
      weight += 2;
    } else {
      sink.call(sample, alleles, n);
      weight += 2 + n;
    }
    return p;
  }

  private VcfFormatException bad(byte[] b, int from, int end, int sample) {
    int to = from;
    while (to < end && to - from < 20 && !ends(b[to])) {
      to++;
    }
    return new VcfFormatException("sample " + names.get(sample) + ": bad GT '"
        + new String(b, from, to - from, StandardCharsets.UTF_8) + "'");
  }
}
