package org.dasgrid.core.genotype.internal.build;

import java.util.Arrays;
import org.dasgrid.core.genotype.internal.column.IntList;

/**
 * The genotype calls of one VCF site turned into what the engine keeps, by the rules of the API contract:
 *
 * <ul>
 *   <li>per ALT allele, the samples whose call is <em>het</em> for it (some but not all alleles are this ALT:
 *       0/1, 1|0, and 1/2 for both ALT 1 and ALT 2) and <em>hom</em> (every allele is this ALT: 1/1, or 1 in a
 *       haploid call); phased and unphased calls are the same;
 *   <li>a call with any missing allele (./., ./1) is neither, for every ALT;
 *   <li>AN and AC count called alleles as bcftools does: a partial call ./1 adds 1 to AN and to AC of ALT 1, a
 *       haploid call adds 1 to AN, a triploid call 3.
 * </ul>
 *
 * <p>The counts are kept as a site-wide default ploidy plus corrections: AN of a set of samples C is {@code
 * ploidy*|C| + sum(delta * |C ∩ group|)}, AC of an ALT is {@code |C ∩ het| + ploidy*|C ∩ hom| + sum(delta *
 * |C ∩ group|)}. A complete diploid call needs no correction, so a typical site stores only its missing calls.
 *
 * <p>Calls must come in sample order, each sample at most once; samples not reported are 0/0. Reused from
 * site to site; not thread-safe.
 */
public final class SiteCalls {
  public static final int MISSING = -1;
  /** Highest ploidy accepted; beyond this a call is certainly a broken file. */
  static final int MAX_PLOIDY = 32;

  private final int cohortSize;
  private int alts;
  private int lastSample = -1;
  private IntList[] het = new IntList[0];
  private IntList[] hom = new IntList[0];
  /** AC corrections of samples outside het/hom (partial calls) or het with extra copies (polyploid). */
  private IntList[] extraSample = new IntList[0];
  private IntList[] extraDelta = new IntList[0];
  /** Hom samples whose copy count is not 2: haploid (1) or polyploid. */
  private IntList[] oddHomSample = new IntList[0];
  private IntList[] oddHomCopies = new IntList[0];
  /** Samples whose call is not a complete diploid call. */
  private final IntList oddSample = new IntList();
  private final IntList oddCalled = new IntList();
  private int haploidCalls;
  /** Whether {@link #anGroups} holds this site's groups (made on demand after {@link #finish}). */
  private boolean anBuilt;
  private int ploidy;
  /** Samples with a missing allele (./., ./1, .): what the analytics count as missing. */
  private final IntList missing = new IntList();
  /** Samples with a complete call that is not diploid (haploid, polyploid): left out of HWE and F. */
  private final IntList nonDiploid = new IntList();
  private final DeltaGroups anGroups = new DeltaGroups(MAX_PLOIDY);
  private final DeltaGroups acGroups = new DeltaGroups(MAX_PLOIDY);
  private final int[] sorted = new int[MAX_PLOIDY];
  /**
   * The one list a complete diploid call of alleles a1, a2 &le; {@link #tableMax} goes to, at {@code a1 << 4 |
   * a2}: hom of a1 when they are the same ALT, het of the ALT when the other is REF; null for 0/0 and two
   * different ALTs. One indexed add instead of branching by zygosity (a cohort's calls are a random mix).
   */
  private final IntList[] single = new IntList[16 * 16];
  private int tableMax = -1;

  public SiteCalls(int cohortSize) {
    this.cohortSize = cohortSize;
  }

  /** Starts a site with {@code alts} ALT alleles. */
  public void reset(int altCount) {
    if (altCount + 1 > het.length) {
      int n = Math.max(altCount + 1, het.length * 2);
      het = grow(het, n);
      hom = grow(hom, n);
      extraSample = grow(extraSample, n);
      extraDelta = grow(extraDelta, n);
      oddHomSample = grow(oddHomSample, n);
      oddHomCopies = grow(oddHomCopies, n);
    }
    for (int a = 1; a <= altCount; a++) {
      het[a].clear();
      hom[a].clear();
      extraSample[a].clear();
      extraDelta[a].clear();
      oddHomSample[a].clear();
      oddHomCopies[a].clear();
    }
    this.alts = altCount;
    tableMax = Math.min(altCount, 15);
    for (int a1 = 0; a1 <= tableMax; a1++) {
      for (int a2 = 0; a2 <= tableMax; a2++) {
        single[a1 << 4 | a2] = a1 == a2 ? (a1 > 0 ? hom[a1] : null) : a1 == 0 ? het[a2] : a2 == 0 ? het[a1] : null;
      }
    }
    lastSample = -1;
    oddSample.clear();
    oddCalled.clear();
    missing.clear();
    nonDiploid.clear();
    haploidCalls = 0;
    ploidy = 0;
  }

  private static IntList[] grow(IntList[] lists, int n) {
    IntList[] out = Arrays.copyOf(lists, n);
    for (int i = lists.length; i < n; i++) {
      out[i] = new IntList();
    }
    return out;
  }

  public void diploid(int sample, int a1, int a2) {
    checkSample(sample);
    if ((a1 | a2) >= 0 && a1 <= tableMax && a2 <= tableMax) {
      IntList to = single[a1 << 4 | a2];
      if (to != null) {
        to.add(sample);
        return;
      }
    }
    checkAllele(a1);
    checkAllele(a2);
    if (a1 < 0 || a2 < 0) {
      missing.add(sample);
      odd(sample, (a1 >= 0 ? 1 : 0) + (a2 >= 0 ? 1 : 0));
      extra(a1, sample, 1);
      extra(a2, sample, 1);
    } else if (a1 == a2) {
      if (a1 > 0) {
        hom[a1].add(sample);
      }
    } else {
      if (a1 > 0) {
        het[a1].add(sample);
      }
      if (a2 > 0) {
        het[a2].add(sample);
      }
    }
  }

  public void haploid(int sample, int a) {
    checkSample(sample);
    checkAllele(a);
    haploidCalls++;
    odd(sample, a >= 0 ? 1 : 0);
    (a >= 0 ? nonDiploid : missing).add(sample);
    if (a > 0) {
      hom[a].add(sample);
      oddHomSample[a].add(sample);
      oddHomCopies[a].add(1);
    }
  }

  /** A call of any ploidy; the first {@code n} entries of {@code alleles}. */
  public void call(int sample, int[] alleles, int n) {
    if (n == 2) {
      diploid(sample, alleles[0], alleles[1]);
      return;
    }
    if (n == 1) {
      haploid(sample, alleles[0]);
      return;
    }
    if (n < 1 || n > MAX_PLOIDY) {
      throw new IllegalArgumentException("ploidy " + n + " is not supported (1.." + MAX_PLOIDY + ")");
    }
    checkSample(sample);
    System.arraycopy(alleles, 0, sorted, 0, n);
    Arrays.sort(sorted, 0, n);
    int called = 0;
    for (int k = 0; k < n; k++) {
      checkAllele(sorted[k]);
      if (sorted[k] >= 0) {
        called++;
      }
    }
    odd(sample, called);
    (called == n ? nonDiploid : missing).add(sample);
    for (int k = 0; k < n; ) {
      int a = sorted[k];
      int copies = 0;
      while (k < n && sorted[k] == a) {
        copies++;
        k++;
      }
      if (a <= 0) {
        continue;
      }
      if (called < n) {
        extra(a, sample, copies);
      } else if (copies == n) {
        hom[a].add(sample);
        oddHomSample[a].add(sample);
        oddHomCopies[a].add(copies);
      } else {
        het[a].add(sample);
        if (copies > 1) {
          extra(a, sample, copies - 1);
        }
      }
    }
  }

  private void checkSample(int sample) {
    if (sample <= lastSample || sample >= cohortSize) {
      throw new IllegalArgumentException(sample >= cohortSize
          ? "sample " + sample + " outside the cohort of " + cohortSize
          : "calls must come in sample order, each sample once (sample " + sample + " after " + lastSample + ")");
    }
    lastSample = sample;
  }

  private void checkAllele(int a) {
    if (a > alts || a < MISSING) {
      throw new IllegalArgumentException(a < MISSING ? "bad allele " + a
          : "allele " + a + " but the site has " + alts + " ALT allele" + (alts == 1 ? "" : "s"));
    }
  }

  private void odd(int sample, int called) {
    oddSample.add(sample);
    oddCalled.add(called);
  }

  private void extra(int allele, int sample, int delta) {
    if (allele > 0) {
      extraSample[allele].add(sample);
      extraDelta[allele].add(delta);
    }
  }

  /**
   * Ends the site: fixes its default ploidy (1 when most calls are haploid, as on chrY or chrM; else 2) and
   * groups the AN corrections. Call before reading the per-ALT results.
   */
  public void finish() {
    ploidy = 2 * haploidCalls > cohortSize ? 1 : 2;
    anBuilt = false;
  }

  /** Groups the AN corrections by delta (on demand: {@link CalledGroups} reads a diploid site's calls itself). */
  private void groupAn() {
    anBuilt = true;
    anGroups.clear();
    if (ploidy == 2) {
      for (int k = 0; k < oddSample.size(); k++) {
        anGroups.add(oddSample.get(k), oddCalled.get(k) - 2);
      }
    } else {
      // every complete diploid call (not listed) is one allele more than the haploid default
      int k = 0;
      for (int s = 0; s < cohortSize; s++) {
        if (k < oddSample.size() && oddSample.get(k) == s) {
          anGroups.add(s, oddCalled.get(k++) - 1);
        } else {
          anGroups.add(s, 1);
        }
      }
    }
  }

  public int alts() {
    return alts;
  }

  public int ploidy() {
    return ploidy;
  }

  public IntList het(int allele) {
    return het[allele];
  }

  public IntList hom(int allele) {
    return hom[allele];
  }

  /** The samples whose call is not a complete diploid call, ascending, with {@link #oddCalled}. */
  IntList oddSamples() {
    return oddSample;
  }

  /** How many alleles the call of each of {@link #oddSamples} has that are not missing. */
  IntList oddCalled() {
    return oddCalled;
  }

  /** The samples whose call has a missing allele, ascending. */
  public IntList missing() {
    return missing;
  }

  /** The samples whose complete call is not diploid, ascending. */
  public IntList nonDiploid() {
    return nonDiploid;
  }

  public DeltaGroups anCorrections() {
    if (!anBuilt) {
      groupAn();
    }
    return anGroups;
  }

  /** The AC corrections of one ALT allele, given the site's default ploidy (call after {@link #finish}). */
  public DeltaGroups acCorrections(int allele) {
    acGroups.clear();
    if (ploidy == 2 && extraSample[allele].isEmpty() && oddHomSample[allele].isEmpty()) {
      return acGroups; // the common case: complete diploid calls only
    }
    IntList xs = extraSample[allele];
    IntList xd = extraDelta[allele];
    IntList homs = hom[allele];
    IntList odd = oddHomSample[allele];
    IntList oddCopies = oddHomCopies[allele];
    // merge, by sample, the extra copies of partial/polyploid calls with the hom calls whose copy count
    // differs from the default ploidy; the two never share a sample
    int i = 0;
    int h = 0;
    int o = 0;
    while (i < xs.size() || h < homs.size()) {
      int nextExtra = i < xs.size() ? xs.get(i) : Integer.MAX_VALUE;
      int nextHom = h < homs.size() ? homs.get(h) : Integer.MAX_VALUE;
      if (nextExtra < nextHom) {
        acGroups.add(nextExtra, xd.get(i++));
      } else {
        int copies = 2;
        if (o < odd.size() && odd.get(o) == nextHom) {
          copies = oddCopies.get(o++);
        }
        acGroups.add(nextHom, copies - ploidy);
        h++;
      }
    }
    return acGroups;
  }
}
