package org.dasgrid.perf.cohort;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The genotype columns of one VCF row as bytes: a template of every sample's hom-ref call ({@code \t0|0}, or
 * {@code \t0} where the sample is haploid) ending in a newline, patched at the carriers and no-calls, written,
 * then patched back. A row costs one copy of its bytes plus work per carrier: no random draw per genotype.
 */
final class CarrierRow {
  private final byte[] bytes;
  /** Where sample s's call starts. */
  private final int[] at;
  private final boolean[] haploid;

  CarrierRow(boolean[] haploid, byte separator) {
    this.haploid = haploid;
    this.at = new int[haploid.length];
    int length = 1;
    for (boolean h : haploid) {
      length += h ? 2 : 4;
    }
    bytes = new byte[length];
    int p = 0;
    for (int s = 0; s < haploid.length; s++) {
      bytes[p++] = '\t';
      at[s] = p;
      bytes[p++] = '0';
      if (!haploid[s]) {
        bytes[p++] = separator;
        bytes[p++] = '0';
      }
    }
    bytes[p] = '\n';
  }

  boolean haploid(int sample) {
    return haploid[sample];
  }

  /** A diploid call {@code a SEP b}; the separator stays the template's. */
  void set(int sample, byte a, byte b) {
    bytes[at[sample]] = a;
    bytes[at[sample] + 2] = b;
  }

  /** A haploid call. */
  void set(int sample, byte a) {
    bytes[at[sample]] = a;
  }

  /** Back to the template's hom-ref call. */
  void reset(int sample) {
    bytes[at[sample]] = '0';
    if (!haploid[sample]) {
      bytes[at[sample] + 2] = '0';
    }
  }

  void writeTo(OutputStream out) throws IOException {
    out.write(bytes);
  }
}
