package org.dasgrid.datasources.vcf;

import java.util.Arrays;
import java.util.List;
import org.dasgrid.core.genotype.GenotypeIndexBuilder;

/**
 * A batch of VCF records parsed for a genotype build but not yet added to it: each record's site fields, its
 * INFO text and its calls that are not 0/0, as {@link GenotypeColumns} reported them, gathered by the parsing
 * thread into the builder's own per-site lists ({@link GenotypeIndexBuilder.Calls}) and packed, to be given to
 * a {@link GenotypeIndexBuilder} in the same order by another thread ({@link ParseAheadReader}). Reused from
 * batch to batch: the arrays keep their size. A batch may end with the failure that stopped the parsing.
 *
 * <p>Until 2026-12-02 each call was queued here as ints and given to the builder one by one on the adding
 * thread: as many method calls again as calls parsed (~500 M for 2 M records of 2,504 samples).
 */
final class ParsedRecords implements CallSink {
  final int capacity;
  int size;
  final long[] line;
  final String[] chrom;
  final int[] pos;
  final int[] end;
  final String[] id;
  final String[] ref;
  final List<String>[] alts;
  /**
   * How many calls record {@code i} has that are not 0/0, an estimate that decides where pieces are cut
   * ({@link PieceCutter}): as before the calls were packed, the ints each call took in the queue they went
   * through (three a diploid call, two a haploid one, two plus the ploidy another, one a record without GT)
   * over three, plus one.
   */
  int calls(int i) {
    return estimate[i];
  }

  private final int[] estimate;
  /** Record i's calls, packed, are at {@code calls[callStart[i]]}. */
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
  /** The parsing thread's: the current record's calls, and the ints they would have queued (see calls(i)). */
  private GenotypeIndexBuilder.Calls site;
  private int entries;

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
    estimate = new int[capacity];
    callStart = new int[capacity + 1];
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

  /** Starts record {@code size} from the fixed columns just parsed, gathering its calls in {@code calls}. */
  void start(long lineNumber, VcfLine r, GenotypeIndexBuilder.Calls calls) {
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
    site = calls;
    entries = 0;
    calls.reset(r.alts.size());
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

  /** Ends the current record: packs its calls. */
  void finish() {
    int n = site.packedSize();
    if (callsSize + n > calls.length) {
      calls = Arrays.copyOf(calls, Math.max(callsSize + n, calls.length * 2));
    }
    callsSize = site.pack(calls, callsSize);
    estimate[size] = entries / 3 + 1;
    size++;
    callStart[size] = callsSize;
    infoStart[size] = infoSize;
  }

  /** FORMAT without GT: every sample a missing diploid call. */
  void allMissing(int samples) {
    entries += 1;
    for (int s = 0; s < samples; s++) {
      site.diploid(s, GenotypeIndexBuilder.MISSING, GenotypeIndexBuilder.MISSING);
    }
  }

  @Override
  public void diploid(int sample, int allele1, int allele2) {
    entries += 3;
    site.diploid(sample, allele1, allele2);
  }

  @Override
  public void haploid(int sample, int allele) {
    entries += 2;
    site.haploid(sample, allele);
  }

  @Override
  public void call(int sample, int[] alleles, int n) {
    entries += 2 + n;
    site.call(sample, alleles, n);
  }

  /** Gives record {@code i}'s calls to {@code genotypes} (between its startSite and endSite). */
  void giveCalls(int i, GenotypeIndexBuilder genotypes) {
    genotypes.packedCalls(calls, callStart[i]);
  }
}
