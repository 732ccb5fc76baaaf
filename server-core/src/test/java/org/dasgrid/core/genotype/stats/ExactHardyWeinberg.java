package org.dasgrid.core.genotype.stats;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;

/**
 * The oracle of the Hardy–Weinberg tests: the exact test's p-value from the het-count distribution written out
 * as factorials, in exact integer arithmetic (no recurrence, no rounding until the last division).
 */
public final class ExactHardyWeinberg {
  private ExactHardyWeinberg() {}

  /** The p-value in exact integer arithmetic, rounded to a double. */
  public static double pValue(int het, int homA, int homB) {
    int n = het + homA + homB;
    int rare = 2 * Math.min(homA, homB) + het;
    BigInteger observed = weight(n, het, (rare - het) / 2);
    BigInteger total = BigInteger.ZERO;
    BigInteger tail = BigInteger.ZERO;
    for (int h = rare & 1; h <= rare; h += 2) {
      int rareHom = (rare - h) / 2;
      if (n - h - rareHom < 0) {
        continue;
      }
      BigInteger w = weight(n, h, rareHom);
      total = total.add(w);
      if (w.compareTo(observed) <= 0) {
        tail = tail.add(w);
      }
    }
    return new BigDecimal(tail).divide(new BigDecimal(total), MathContext.DECIMAL128).doubleValue();
  }

  /** {@code n! / (rareHom! het! commonHom!) × 2^het}. */
  private static BigInteger weight(int n, int het, int rareHom) {
    int commonHom = n - het - rareHom;
    return factorial(n).divide(factorial(rareHom).multiply(factorial(het)).multiply(factorial(commonHom)))
        .shiftLeft(het);
  }

  /** Factorials up to 3,000, computed once: the oracle's big numbers are the test's cost. */
  private static final BigInteger[] FACTORIALS = new BigInteger[3001];

  static {
    FACTORIALS[0] = BigInteger.ONE;
    for (int i = 1; i < FACTORIALS.length; i++) {
      FACTORIALS[i] = FACTORIALS[i - 1].multiply(BigInteger.valueOf(i));
    }
  }

  private static BigInteger factorial(int k) {
    return FACTORIALS[k];
  }
}
