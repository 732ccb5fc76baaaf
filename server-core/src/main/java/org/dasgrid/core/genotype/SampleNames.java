package org.dasgrid.core.genotype;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * A cohort's sample names, as strings and as one pool of UTF-8 bytes made once, each name flagged plain or
 * not by the installed {@link TextRules}: a writer of a long samples answer copies a plain
 * name's bytes instead of escaping its characters one by one. Immutable; safe to share between threads.
 */
public final class SampleNames {
  private final List<String> names;
  /** The names' UTF-8 bytes one after another, then {@link TextRules#slack} more. */
  private final byte[] pool;
  private final int[] start;
  private final long[] plain;

  private SampleNames(List<String> names) {
    this.names = List.copyOf(names);
    this.start = new int[names.size() + 1];
    byte[][] utf8 = new byte[names.size()][];
    int size = 0;
    for (int s = 0; s < utf8.length; s++) {
      utf8[s] = names.get(s).getBytes(StandardCharsets.UTF_8);
      start[s] = size;
      size += utf8[s].length;
    }
    start[utf8.length] = size;
    TextRules rules = TextRules.installed();
    this.pool = new byte[size + rules.slack()];
    this.plain = new long[(utf8.length + 63) >>> 6];
    for (int s = 0; s < utf8.length; s++) {
      System.arraycopy(utf8[s], 0, pool, start[s], utf8[s].length);
      if (rules.isPlain(utf8[s], 0, utf8[s].length)) {
        plain[s >>> 6] |= 1L << s;
      }
    }
  }

  public static SampleNames of(List<String> names) {
    return new SampleNames(names);
  }

  public List<String> list() {
    return names;
  }

  public int size() {
    return names.size();
  }

  public String get(int sample) {
    return names.get(sample);
  }

  /**
   * The pool holding every name's bytes, from {@link #start} to {@link #end}, with {@link
   * TextRules#slack} bytes after the last; not to be modified.
   */
  public byte[] bytes() {
    return pool;
  }

  public int start(int sample) {
    return start[sample];
  }

  public int end(int sample) {
    return start[sample + 1];
  }

  /** Whether the name's bytes passed the installed {@link TextRules#isPlain}. */
  public boolean plain(int sample) {
    return (plain[sample >>> 6] & 1L << sample) != 0;
  }

  public long heapBytes() {
    return 64L + pool.length + 4L * start.length + 8L * plain.length;
  }

  @Override
  public String toString() {
    return "SampleNames" + Arrays.toString(names.toArray());
  }
}
