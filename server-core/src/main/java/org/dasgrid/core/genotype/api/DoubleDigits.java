package org.dasgrid.core.genotype.api;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteOrder;
import org.dasgrid.core.render.JsonOutput;

/**
 * Writes a double into a byte array exactly as Jackson's fast double writer does ({@code
 * NumberOutput.toString(v, true)}, which {@link JsonOutput}'s generators use): Raffaello Giulietti's Schubfach
 * algorithm, the shortest decimal that reads back as the same double, in the format of {@code
 * Double.toString} since JDK 19 ({@code 0.002607823470411234}, {@code 2.012477359629704E-4}).
 *
 * <p>The decimal is found by the arithmetic of jackson-core's {@code io.schubfach.DoubleToDecimal} (2.20),
 * statement for statement, so it is the same; its table of 10<sup>-k</sup> approximations is computed here from
 * its definition. {@code Math.multiplyHigh} stands in for its portable {@code multiplyHigh}: every product here
 * is of non-negative longs, where the two agree. What differs is the formatting: the 17 digits are written
 * eight at a time straight into the caller's buffer, rather than one at a time into a new {@code String} per
 * number (the largest cost of a variant row). {@code DoubleDigitsTest} checks table and output against
 * Jackson.
 */
final class DoubleDigits {
  /** The most bytes {@link #write} writes ({@code -2.2250738585072014E-308}). */
  static final int MAX_LENGTH = 24;

  private static final int P = 53;
  private static final int Q_MIN = -1074;
  private static final long C_TINY = 3;
  private static final int K_MIN = -324;
  private static final int K_MAX = 292;
  private static final int H = 17;
  private static final long C_MIN = 1L << (P - 1);
  private static final int BQ_MASK = (1 << 11) - 1;
  private static final long T_MASK = (1L << (P - 1)) - 1;
  private static final long MASK_63 = (1L << 63) - 1;
  private static final long[] POW10 = new long[H + 1];
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  /** "00", "01", ... "99". */
  private static final byte[] PAIRS = new byte[200];
  /** For each k in [K_MIN, K_MAX]: g = floor(10^-k 2^-r) + 1, r = flog2pow10(-k) - 125, as g1 2^63 + g0. */
  static final long[] G = new long[2 * (K_MAX - K_MIN + 1)];

  static {
    for (int i = 0; i < 100; i++) {
      PAIRS[2 * i] = (byte) ('0' + i / 10);
      PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
    }
    POW10[0] = 1;
    for (int i = 1; i <= H; i++) {
      POW10[i] = POW10[i - 1] * 10;
    }
    BigInteger mask63 = BigInteger.ONE.shiftLeft(63).subtract(BigInteger.ONE);
    for (int k = K_MIN; k <= K_MAX; k++) {
      int r = flog2pow10(-k) - 125;
      BigInteger num = k <= 0 ? BigInteger.TEN.pow(-k) : BigInteger.ONE;
      BigInteger den = k > 0 ? BigInteger.TEN.pow(k) : BigInteger.ONE;
      if (r <= 0) {
        num = num.shiftLeft(-r);
      } else {
        den = den.shiftLeft(r);
      }
      BigInteger g = num.divide(den).add(BigInteger.ONE);
      G[(k - K_MIN) << 1] = g.shiftRight(63).longValueExact();
      G[(k - K_MIN) << 1 | 1] = g.and(mask63).longValue();
    }
  }

  private DoubleDigits() {}

  /** Writes {@code v} at {@code b[at]} and returns the index after it; needs {@link #MAX_LENGTH} bytes. */
  static int write(double v, byte[] b, int at) {
    long bits = Double.doubleToRawLongBits(v);
    long t = bits & T_MASK;
    int bq = (int) (bits >>> (P - 1)) & BQ_MASK;
    if (bq < BQ_MASK) {
      int p = at;
      if (bits < 0) {
        b[p++] = '-';
      }
      if (bq != 0) {
        int mq = -Q_MIN + 1 - bq;
        long c = C_MIN | t;
        if (0 < mq & mq < P) {
          long f = c >> mq;
          if (f << mq == c) {
            return toChars(f, 0, b, p);
          }
        }
        return toDecimal(-mq, c, 0, b, p);
      }
      if (t != 0) {
        return t < C_TINY ? toDecimal(Q_MIN, 10 * t, -1, b, p) : toDecimal(Q_MIN, t, 0, b, p);
      }
      return ascii(bits == 0 ? "0.0" : "-0.0", b, at);
    }
    return ascii(t != 0 ? "NaN" : bits > 0 ? "Infinity" : "-Infinity", b, at);
  }

  private static int ascii(String s, byte[] b, int at) {
    for (int i = 0; i < s.length(); i++) {
      b[at + i] = (byte) s.charAt(i);
    }
    return at + s.length();
  }

  private static int toDecimal(int q, long c, int dk, byte[] b, int p) {
    int out = (int) c & 0x1;
    long cb = c << 2;
    long cbr = cb + 2;
    long cbl;
    int k;
    if (c != C_MIN | q == Q_MIN) {
      cbl = cb - 2;
      k = flog10pow2(q);
    } else {
      cbl = cb - 1;
      k = flog10threeQuartersPow2(q);
    }
    int h = q + flog2pow10(-k) + 2;
    long g1 = G[(k - K_MIN) << 1];
    long g0 = G[(k - K_MIN) << 1 | 1];
    long vb = rop(g1, g0, cb << h);
    long vbl = rop(g1, g0, cbl << h);
    long vbr = rop(g1, g0, cbr << h);
    long s = vb >> 2;
    if (s >= 100) {
      long sp10 = 10 * Math.multiplyHigh(s, 115_292_150_460_684_698L << 4);
      long tp10 = sp10 + 10;
      boolean upin = vbl + out <= sp10 << 2;
      boolean wpin = (tp10 << 2) + out <= vbr;
      if (upin != wpin) {
        return toChars(upin ? sp10 : tp10, k, b, p);
      }
    }
    long t = s + 1;
    boolean uin = vbl + out <= s << 2;
    boolean win = (t << 2) + out <= vbr;
    if (uin != win) {
      return toChars(uin ? s : t, k + dk, b, p);
    }
    long cmp = vb - ((s + t) << 1);
    return toChars(cmp < 0 || cmp == 0 && (s & 0x1) == 0 ? s : t, k + dk, b, p);
  }

  private static long rop(long g1, long g0, long cp) {
    long x1 = Math.multiplyHigh(g0, cp);
    long y0 = g1 * cp;
    long y1 = Math.multiplyHigh(g1, cp);
    long z = (y0 >>> 1) + x1;
    long vbp = y1 + (z >>> 63);
    return vbp | ((z & MASK_63) + MASK_63) >>> 63;
  }

  /** Formats f 10^e: 17 digits written at once, then the point placed and trailing zeroes dropped. */
  private static int toChars(long f, int e, byte[] b, int p) {
    int len = flog10pow2(Long.SIZE - Long.numberOfLeadingZeros(f));
    if (f >= POW10[len]) {
      len += 1;
    }
    f *= POW10[H - len];
    e += len;
    long hm = Math.multiplyHigh(f, 193_428_131_138_340_668L) >>> 20;
    int l = (int) (f - 100_000_000L * hm);
    int h = (int) (hm * 1_441_151_881L >>> 57);
    int m = (int) (hm - 100_000_000 * h);
    if (0 < e && e <= 7) {
      // plain, without leading zeroes: the first e digits, '.', the others
      digits(h, m, l, b, p + 1);
      for (int i = 0; i < e; i++) {
        b[p + i] = b[p + 1 + i];
      }
      b[p + e] = '.';
      return dropTrailingZeroes(b, p + 18);
    }
    if (-3 < e && e <= 0) {
      // plain, with leading zeroes: 0.[00]digits
      b[p++] = '0';
      b[p++] = '.';
      for (; e < 0; ++e) {
        b[p++] = '0';
      }
      digits(h, m, l, b, p);
      return dropTrailingZeroes(b, p + 17);
    }
    // computerized scientific notation: d.ddd...E[-]x
    digits(h, m, l, b, p + 1);
    b[p] = b[p + 1];
    b[p + 1] = '.';
    return exponent(e - 1, b, dropTrailingZeroes(b, p + 18));
  }

  /** The 17 digits of h (one), m (eight) and l (eight) at {@code b[at]}. */
  private static void digits(int h, int m, int l, byte[] b, int at) {
    b[at] = (byte) ('0' + h);
    LONGS.set(b, at + 1, eightDigits(m));
    LONGS.set(b, at + 9, eightDigits(l));
  }

  /**
   * The eight decimal digits of {@code 0 <= m < 10^8} (with leading zeroes) as ASCII bytes of a little-endian
   * long, first digit lowest: the divisions by 10^4, 100 and 10 made lane by lane on the whole long.
   */
  static long eightDigits(int m) {
    int high = m / 10_000;
    long x = high | (long) (m - 10_000 * high) << 32; // two lanes of 32 bits, each < 10^4
    long q = (x * 10_486 >>> 20) & 0x0000_007F_0000_007FL; // lane / 100
    long y = q | (x - 100 * q) << 16; // four lanes of 16 bits, each < 100
    long t = (y * 103 >>> 10) & 0x000F_000F_000F_000FL; // lane / 10
    return (t | (y - 10 * t) << 8) | 0x3030_3030_3030_3030L;
  }

  /** Drops the zeroes before {@code end}, but not the one right after the point. */
  private static int dropTrailingZeroes(byte[] b, int end) {
    int p = end;
    while (b[p - 1] == '0') {
      p--;
    }
    if (b[p - 1] == '.') {
      p++;
    }
    return p;
  }

  private static int exponent(int e, byte[] b, int p) {
    b[p++] = 'E';
    if (e < 0) {
      b[p++] = '-';
      e = -e;
    }
    if (e < 10) {
      b[p++] = (byte) ('0' + e);
      return p;
    }
    if (e >= 100) {
      int d = e / 100;
      b[p++] = (byte) ('0' + d);
      e -= 100 * d;
    }
    b[p++] = PAIRS[2 * e];
    b[p++] = PAIRS[2 * e + 1];
    return p;
  }

  private static int flog10pow2(int q) {
    return (int) (q * 661_971_961_083L >> 41);
  }

  private static int flog10threeQuartersPow2(int q) {
    return (int) (q * 661_971_961_083L + -274_743_187_321L >> 41);
  }

  private static int flog2pow10(int e) {
    return (int) (e * 913_124_641_741L >> 38);
  }
}
