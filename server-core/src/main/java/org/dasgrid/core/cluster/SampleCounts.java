package org.dasgrid.core.cluster;

/** Carriers from one node, in cohort order: their numbers and het / hom-alt counts. Arrays are not copied. */
public record SampleCounts(int[] samples, int[] het, int[] hom) {
  public SampleCounts {
    if (samples.length != het.length || samples.length != hom.length) {
      throw new IllegalArgumentException("sample counts of different lengths");
    }
  }

  public int size() {
    return samples.length;
  }
}
