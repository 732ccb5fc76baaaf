package org.dasgrid.core.genotype.cohort;

import java.util.ArrayList;
import java.util.List;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.segment.Segment;

/**
 * Per-sample and per-group counts over segments: the samples hom-ref at each row (Dnaerys'
 * SelectSamplesHomReference), each sample's hom-ref/het/hom-alt/missing rows, and AC/AN per group of the sheet
 * (population, superpopulation, sex...). A row is one ALT allele, so at a multi-allelic site "hom-ref" means
 * "called, without a copy of this ALT" (a 2/2 call counts as hom-ref on ALT 1's row).
 */
public final class SampleCounts {
  public record HomRefRow(String contig, int pos, String id, String ref, String alt, int[] homRef, int missing) {}

  public record HomRefResult(List<HomRefRow> rows, boolean truncated) {}

  /** Counts per chosen sample (in the order given) over {@code rows} rows. */
  public record PerSample(long rows, long[] homRef, long[] het, long[] hom, long[] missing) {}

  /** A group of the sheet: its key, value and member sample numbers (ascending). */
  public record Group(String key, String value, int[] members) {}

  public record StrataRow(String contig, int pos, String id, String ref, String alt, int[] ac, int[] an) {}

  public record StrataResult(List<StrataRow> rows, boolean truncated) {}

  private SampleCounts() {}

  /** Per row, the chosen samples whose call is all REF; at most {@code limit} rows. */
  public static HomRefResult homRef(GenotypeQueries engine, CallReader reader, List<Segment> segments,
      int[] samples, int limit) {
    int n = engine.sampleNames().size();
    byte[] called = new byte[n];
    byte[] copies = new byte[n];
    List<HomRefRow> rows = new ArrayList<>();
    boolean[] truncated = {false};
    int[] buffer = new int[samples.length];
    reader.forEachRow(segments, row -> {
      if (rows.size() >= limit) {
        truncated[0] = true;
        return false;
      }
      SexCheck.read(row, samples, called, copies);
      int k = 0;
      int missing = 0;
      for (int s : samples) {
        if (called[s] == 0) {
          missing++;
        } else if (copies[s] == 0) {
          buffer[k++] = s;
        }
      }
      rows.add(new HomRefRow(row.contig(), row.pos(), row.id(), row.ref(), row.alt(),
          java.util.Arrays.copyOf(buffer, k), missing));
      return true;
    });
    return new HomRefResult(rows, truncated[0]);
  }

  /** Each chosen sample's hom-ref, het, hom-alt and missing rows over the segments. */
  public static PerSample perSample(GenotypeQueries engine, CallReader reader, List<Segment> segments,
      int[] samples) {
    int n = engine.sampleNames().size();
    byte[] called = new byte[n];
    byte[] copies = new byte[n];
    int k = samples.length;
    long[] homRef = new long[k];
    long[] het = new long[k];
    long[] hom = new long[k];
    long[] missing = new long[k];
    long[] rows = {0};
    reader.forEachRow(segments, row -> {
      rows[0]++;
      SexCheck.read(row, samples, called, copies);
      for (int i = 0; i < k; i++) {
        int s = samples[i];
        if (called[s] == 0) {
          missing[i]++;
        } else if (copies[s] == 0) {
          homRef[i]++;
        } else if (copies[s] == called[s]) {
          hom[i]++;
        } else {
          het[i]++;
        }
      }
      return true;
    });
    return new PerSample(rows[0], homRef, het, hom, missing);
  }

  /** Per row, AC and AN within each group; at most {@code limit} rows. */
  public static StrataResult strata(GenotypeQueries engine, CallReader reader, List<Segment> segments,
      List<Group> groups, int limit) {
    int n = engine.sampleNames().size();
    byte[] called = new byte[n];
    byte[] copies = new byte[n];
    List<StrataRow> rows = new ArrayList<>();
    boolean[] truncated = {false};
    reader.forEachRow(segments, row -> {
      if (rows.size() >= limit) {
        truncated[0] = true;
        return false;
      }
      row.fill(called, copies);
      int[] ac = new int[groups.size()];
      int[] an = new int[groups.size()];
      for (int gi = 0; gi < groups.size(); gi++) {
        for (int s : groups.get(gi).members()) {
          ac[gi] += copies[s];
          an[gi] += called[s];
        }
      }
      rows.add(new StrataRow(row.contig(), row.pos(), row.id(), row.ref(), row.alt(), ac, an));
      return true;
    });
    return new StrataResult(rows, truncated[0]);
  }
}
