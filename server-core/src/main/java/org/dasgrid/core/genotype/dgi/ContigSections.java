package org.dasgrid.core.genotype.dgi;

import java.nio.ByteBuffer;
import org.dasgrid.core.genotype.internal.column.IntColumn;

/**
 * One contig of an opened index file, its sections mapped and checked: the rows' columns, the af texts, the
 * statistics' columns, the INFO text ({@code info} null when the contig keeps none) and the optional
 * sample-major calls ({@code sampleCalls} null when absent). A contig the reader was asked to leave out has
 * only its name ({@link #absent}).
 */
public record ContigSections(String name, int rows, RowColumns columns, ByteBuffer afTexts, GapColumns gaps,
    InfoColumns info, SampleCalls sampleCalls) {

  /** The sample-major calls: the serialized bitmaps one after another, and where each starts. */
  public record SampleCalls(ByteBuffer data, IntColumn directory) {}

  static ContigSections absent(String name) {
    return new ContigSections(name, 0, null, null, null, null, null);
  }

  /** Whether the contig was left out (its place in the order kept, nothing of it read). */
  public boolean isAbsent() {
    return columns == null;
  }
}
