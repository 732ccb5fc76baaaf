package org.dasgrid.datasources.vcf;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The fixed columns of one VCF record (CHROM to FORMAT), parsed in place from a line's bytes; the sample
 * columns are left for {@link GenotypeColumns}. Reused from line to line; contig names are shared Strings.
 *
 * <p>Why not htsjdk: its {@code VCFCodec} reads the header ({@link VcfHeader}), but records are read here
 * because decoding every genotype through {@code VCFCodec.decode} and {@code VariantContext.getGenotypes()}
 * was measured 10 to 25 times slower than this class with {@link GenotypeColumns} (warm JVM, generated
 * records of 2,504 and of 90 samples, 1.3 to 3.4 s against 0.09 to 0.19 s for the same 20 MB; see
 * docs/genotypes.md), and the genotype columns are nearly all of a cohort VCF's bytes. The site features of
 * every VCF reader, tabix included, come from these columns too ({@link VcfSiteFeatures}), so all agree.
 */
final class VcfLine {
  private final Map<String, String> contigNames = new HashMap<>();
  private byte[] lastContig = new byte[0];
  private String lastContigName;

  String chrom;
  int pos;
  /**
   * Last base covered: POS + length(REF) - 1, or INFO/END when larger; without END, POS + |SVLEN| of a {@code
   * <DEL>}, {@code <DUP>}, {@code <INV>} or {@code <CNV>} allele when larger (VCF 4.4 section 5.3: END "must be
   * computed from the SVLEN field"; htslib from 1.22 does the same).
   */
  int end;
  String id;
  String ref;
  final List<String> alts = new ArrayList<>(4);
  String qual;
  String filter;
  /** Whether FORMAT starts with GT (the VCF rule for records that have genotypes). */
  boolean hasGenotypes;
  /** Whether a tab follows FORMAT: the record has sample columns, from {@link #samplesStart}. */
  boolean hasSampleColumns;
  /** Offset of the first sample column, or the line end when there is none. */
  int samplesStart;
  /** Where the INFO column is in the line's bytes: {@code [infoStart, infoEnd)}. */
  int infoStart;
  int infoEnd;

  /**
   * Parses the fixed columns of {@code b[from, to)}, or of the line that starts at {@code from} when it ends
   * before {@code to} (at a {@code \n}: a reader that finds the line's end later passes the end of what it
   * may read, {@link ByteLines#nextStart}).
   */
  void parse(byte[] b, int from, int to) {
    int[] tabs = new int[9];
    int found = 0;
    int at = from;
    for (; at < to && found < 9; at++) {
      byte c = b[at];
      if (c == '\t') {
        tabs[found++] = at;
      } else if (c == '\n') {
        break;
      }
    }
    if (found < 9 && at < to) { // the line ended before its sample columns, at its newline
      to = at > from && b[at - 1] == '\r' ? at - 1 : at;
    }
    hasSampleColumns = found == 9;
    if (found < 7) {
      throw new VcfFormatException("a record needs at least 8 tab-separated columns, found " + (found + 1));
    }
    chrom = contig(b, from, tabs[0]);
    pos = integer(b, tabs[0] + 1, tabs[1], "POS");
    if (pos < 1) {
      throw new VcfFormatException("POS " + pos + " < 1");
    }
    id = ascii(b, tabs[1] + 1, tabs[2]);
    ref = ascii(b, tabs[2] + 1, tabs[3]);
    if (ref.isEmpty() || ref.equals(".")) {
      throw new VcfFormatException("empty REF");
    }
    alts.clear();
    int a = tabs[3] + 1;
    if (!(tabs[4] - a == 1 && b[a] == '.')) {
      for (int p = a; p <= tabs[4]; p++) {
        if (p == tabs[4] || b[p] == ',') {
          if (p == a) {
            throw new VcfFormatException("empty ALT allele");
          }
          alts.add(ascii(b, a, p));
          a = p + 1;
        }
      }
    }
    qual = ascii(b, tabs[4] + 1, tabs[5]);
    filter = ascii(b, tabs[5] + 1, tabs[6]);
    infoEnd = found >= 8 ? tabs[7] : to;
    infoStart = tabs[6] + 1;
    int infoEndAt = infoEndValue(b, infoStart, infoEnd);
    end = Math.max(pos + ref.length() - 1, infoEndAt > 0 ? infoEndAt : svlenEnd(b, infoStart, infoEnd));
    if (found >= 8) {
      int formatEnd = found == 9 ? tabs[8] : to;
      hasGenotypes = formatEnd - tabs[7] - 1 >= 2 && b[tabs[7] + 1] == 'G' && b[tabs[7] + 2] == 'T'
          && (formatEnd - tabs[7] - 1 == 2 || b[tabs[7] + 3] == ':');
      samplesStart = found == 9 ? tabs[8] + 1 : to;
    } else {
      hasGenotypes = false;
      samplesStart = to;
    }
  }

  private String contig(byte[] b, int from, int to) {
    if (to == from) {
      throw new VcfFormatException("empty CHROM");
    }
    if (Arrays.equals(b, from, to, lastContig, 0, lastContig.length)) {
      return lastContigName;
    }
    String name = ascii(b, from, to);
    lastContig = Arrays.copyOfRange(b, from, to);
    lastContigName = contigNames.computeIfAbsent(name, k -> k);
    return lastContigName;
  }

  /** INFO/END, or 0 when absent. */
  private static int infoEndValue(byte[] b, int from, int to) {
    for (int p = from; p + 4 <= to; p++) {
      if ((p == from || b[p - 1] == ';') && b[p] == 'E' && b[p + 1] == 'N' && b[p + 2] == 'D' && b[p + 3] == '=') {
        int q = p + 4;
        int e = q;
        while (e < to && b[e] != ';') {
          e++;
        }
        return integer(b, q, e, "INFO/END");
      }
    }
    return 0;
  }

  /**
   * The last base an SV allele with a length covers, POS + |SVLEN| (the event starts after the padding base at
   * POS), over the ALTs that are deletions, duplications, inversions or copy-number changes (an insertion's SVLEN
   * is inserted sequence, not reference); 0 when none has a readable SVLEN. SVLEN is Number=A: value i goes with
   * ALT i. Values that are not whole numbers are passed over: files that loaded before SVLEN was read still load.
   */
  private int svlenEnd(byte[] b, int from, int to) {
    boolean spanning = false;
    for (String alt : alts) {
      spanning |= spansReference(alt);
    }
    if (!spanning) {
      return 0;
    }
    for (int p = from; p + 6 <= to; p++) {
      if ((p == from || b[p - 1] == ';') && b[p] == 'S' && b[p + 1] == 'V' && b[p + 2] == 'L' && b[p + 3] == 'E'
          && b[p + 4] == 'N' && b[p + 5] == '=') {
        long best = 0;
        int q = p + 6;
        for (int i = 0; q <= to; i++) {
          int e = q;
          while (e < to && b[e] != ',' && b[e] != ';') {
            e++;
          }
          if (i < alts.size() && spansReference(alts.get(i))) {
            long length = Math.abs(wholeOrZero(b, q, e));
            best = Math.max(best, Math.min((long) pos + length, Integer.MAX_VALUE));
          }
          if (e >= to || b[e] == ';') {
            break;
          }
          q = e + 1;
        }
        return (int) best;
      }
    }
    return 0;
  }

  /** {@code <DEL>}, {@code <DUP>}, {@code <INV>}, {@code <CNV>} and their subtypes ({@code <DEL:ME:ALU>}). */
  private static boolean spansReference(String alt) {
    return alt.startsWith("<DEL") || alt.startsWith("<DUP") || alt.startsWith("<INV") || alt.startsWith("<CNV");
  }

  /** A signed whole number in {@code b[from, to)}, or 0 when it is not one (or too long to be a length). */
  private static long wholeOrZero(byte[] b, int from, int to) {
    int p = from < to && (b[from] == '-' || b[from] == '+') ? from + 1 : from;
    if (p >= to || to - p > 10) {
      return 0;
    }
    long v = 0;
    for (int i = p; i < to; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        return 0;
      }
      v = v * 10 + d;
    }
    return b[from] == '-' ? -v : v;
  }

  static int integer(byte[] b, int from, int to, String what) {
    if (to <= from || to - from > 10) {
      throw new VcfFormatException("bad " + what + " '" + ascii(b, from, Math.min(to, from + 20)) + "'");
    }
    long v = 0;
    for (int p = from; p < to; p++) {
      int d = b[p] - '0';
      if (d < 0 || d > 9) {
        throw new VcfFormatException("bad " + what + " '" + ascii(b, from, to) + "'");
      }
      v = v * 10 + d;
    }
    if (v > Integer.MAX_VALUE) {
      throw new VcfFormatException(what + " " + v + " is too large");
    }
    return (int) v;
  }

  private static String ascii(byte[] b, int from, int to) {
    return new String(b, from, to - from, StandardCharsets.UTF_8);
  }
}
