package org.dasgrid.datasources.vcf;

import java.util.Arrays;
import java.util.List;
import org.dasgrid.core.genotype.GenotypeIndexBuilder;

/**
 * A batch of VCF records parsed for a genotype build but not yet added to it: each record's site fields, its
 * INFO text and its calls that are not 0/0, as {@link GenotypeColumns} reported them, to be replayed into a
 * {@link GenotypeIndexBuilder} in the same order by another thread ({@link ParseAheadReader}). Reused from
 * batch to batch: the arrays keep their size. A batch may end with the failure that stopped the parsing.
 */
final class ParsedRecords implements CallSink {
  /** Call kinds, in the low two bits of a call's first int (the sample is the rest). */
  private static final int DIPLOID = 0;
  private static final int HAPLOID = 1;
  private static final int OTHER = 2;
  /** A record whose FORMAT has no GT: every sample a missing diploid call. */
  private static final int ALL_MISSING = 3;

  final int capacity;
  int size;
  final long[] line;
  final String[] chrom;
  final int[] pos;
  final int[] end;
  final String[] id;
  final String[] ref;
  final List<String>[] alts;
  /** The weight of the calls record {@code i}'s columns reported ({@link GenotypeColumns#parse}). */
  final int[] weight;

  /** Record i's calls are {@code calls[callStart[i], callStart[i + 1])}. */
  final int[] callStart;
  int[] calls = new int[1 << 12];
  int callsSize;
  /** Record i's INFO is {@code info[infoStart[i], infoStart[i + 1])} (when INFO is kept). */
  final int[] infoStart;
  byte[] info = new byte[1 << 12];
  int infoSize;
  /** File bytes read when the batch was full, for progress. */
  long bytesRead;
  /** What ended the parsing after these records (a bad record, a read failure), or null. */
  Throwable failure;
  /** The line the failure is on, for a bad record. */
  long failureLine;
  /** Whether the record that failed had its site fields parsed (they are record {@link #size}'s). */
  boolean failedSiteStarted;
  /** The last batch: no more records follow. */
  boolean last;

  @SuppressWarnings({"unchecked", "rawtypes"}) // an array of List<String>
  ParsedRecords(int capacity) {
    this.capacity = capacity;
    line = new long[capacity];
    chrom = new String[capacity];
    pos = new int[capacity];
    end = new int[capacity];
    id = new String[capacity];
    ref = new String[capacity];
    alts = new List[capacity];
    callStart = new int[capacity + 1];
    weight = new int[capacity + 1];
    infoStart = new int[capacity + 1];
  }

  void clear() {
    size = 0;
    callsSize = 0;
    infoSize = 0;
    failure = null;
    failedSiteStarted = false;
    last = false;
    Arrays.fill(chrom, null);
    Arrays.fill(alts, null);
  }

  boolean full() {
    return size == capacity;
  }

  /** Starts record {@code size} from the fixed columns just parsed. */
  void start(long lineNumber, VcfLine r) {
    int i = size;
    line[i] = lineNumber;
    chrom[i] = r.chrom;
    pos[i] = r.pos;
    end[i] = r.end;
    id[i] = r.id;
    ref[i] = r.ref;
    alts[i] = List.copyOf(r.alts);
    callStart[i] = callsSize;
    infoStart[i] = infoSize;
  }

  /** The current record's INFO column, {@code b[from, to)}. */
  void info(byte[] b, int from, int to) {
    int n = to - from;
    if (infoSize + n > info.length) {
      info = Arrays.copyOf(info, Math.max(infoSize + n, info.length * 2));
    }
    System.arraycopy(b, from, info, infoSize, n);
    infoSize += n;
  }

  /** Ends the current record. */
  void finish() {
    size++;
    callStart[size] = callsSize;
    infoStart[size] = infoSize;
  }

  void allMissing() {
    room(1);
    calls[callsSize++] = ALL_MISSING;
  }

  @Override
  public void diploid(int sample, int allele1, int allele2) {
    room(3);
    calls[callsSize] = sample << 2 | DIPLOID;
    calls[callsSize + 1] = allele1;
    calls[callsSize + 2] = allele2;
    callsSize += 3;
  }

  @Override
  public void haploid(int sample, int allele) {
    room(2);
    calls[callsSize] = sample << 2 | HAPLOID;
    calls[callsSize + 1] = allele;
    callsSize += 2;
  }

  @Override
  public void call(int sample, int[] alleles, int n) {
    room(2 + n);
    calls[callsSize] = sample << 2 | OTHER;
    calls[callsSize + 1] = n;
    System.arraycopy(alleles, 0, calls, callsSize + 2, n);
    callsSize += 2 + n;
  }

  private void room(int n) {
    if (callsSize + n > calls.length) {
      calls = Arrays.copyOf(calls, Math.max(callsSize + n, calls.length * 2));
    }
  }

  /** Gives record {@code i}'s calls to {@code genotypes}, in the order they were parsed. */
  void replayCalls(int i, GenotypeIndexBuilder genotypes, int samples, int[] scratch) {
    int[] c = calls;
    for (int p = callStart[i], to = callStart[i + 1]; p < to; ) {
      int head = c[p];
      int sample = head >>> 2;
      switch (head & 3) {
        case DIPLOID -> {
          genotypes.diploid(sample, c[p + 1], c[p + 2]);
          p += 3;
        }
        case HAPLOID -> {
          genotypes.haploid(sample, c[p + 1]);
          p += 2;
        }
        case OTHER -> {
          int n = c[p + 1];
          System.arraycopy(c, p + 2, scratch, 0, n);
          genotypes.call(sample, scratch, n);
          p += 2 + n;
        }
        default -> {
          for (int s = 0; s < samples; s++) {
            genotypes.diploid(s, GenotypeIndexBuilder.MISSING, GenotypeIndexBuilder.MISSING);
          }
          p++;
        }
      }
    }
  }
}
