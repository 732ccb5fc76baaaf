package org.dasgrid.datasources.fasta;

import htsjdk.samtools.SAMException;
import htsjdk.samtools.reference.FastaSequenceIndex;
import htsjdk.samtools.reference.FastaSequenceIndexCreator;
import htsjdk.samtools.reference.FastaSequenceIndexEntry;
import htsjdk.samtools.reference.IndexedFastaSequenceFile;
import htsjdk.samtools.seekablestream.SeekablePathStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.DataSourceProvider;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SourceLoadException;

/**
 * FASTA ({@code format: fasta}, or the {@code sequence:} of another source), read through htsjdk's indexed
 * reader so only the requested bases are read. The {@code .fai} index is used when present; otherwise it is
 * built (and written beside the FASTA when that folder is writable, else kept in memory).
 */
public final class FastaProvider implements DataSourceProvider {
  @Override
  public String format() {
    return "fasta";
  }

  @Override
  public DataSource load(SourceConfig config, LoadMonitor monitor) throws SourceLoadException {
    Path file = config.path();
    FastaSequenceIndex index = index(file);
    List<EntryPoint> eps = new ArrayList<>();
    for (FastaSequenceIndexEntry e : index) {
      if (e.getContig().isBlank()) {
        throw SourceLoadException.badFile(file, "a sequence has an empty name ('>' with nothing after it)");
      }
      if (e.getSize() > Integer.MAX_VALUE) {
        throw SourceLoadException.badFile(file, "sequence " + e.getContig() + " is longer than 2^31-1 bases");
      }
      if (e.getSize() < 1) {
        throw SourceLoadException.badFile(file, "sequence " + e.getContig() + " is empty");
      }
      eps.add(EntryPoint.of(e.getContig(), (int) e.getSize()));
    }
    if (eps.isEmpty()) {
      throw SourceLoadException.badFile(file, "no sequences (is this a FASTA file?)");
    }
    try {
      monitor.progress(eps.size(), Files.size(file));
    } catch (IOException e) {
      throw SourceLoadException.badFile(file, "cannot read: " + e.getMessage());
    }
    return new FastaSource(reader(file, index), eps);
  }

  /**
   * The reader over a stream, not a path: htsjdk's path constructors look for a {@code .dict} named after a
   * FASTA extension they know and refuse any other name ({@code .faa}, the GA4GH refget suite's files).
   * {@code format: fasta} already said what the file is, so its name decides nothing.
   */
  private static IndexedFastaSequenceFile reader(Path file, FastaSequenceIndex index) throws SourceLoadException {
    try {
      return new IndexedFastaSequenceFile(file.toString(), new SeekablePathStream(file), index, null);
    } catch (IOException e) {
      throw SourceLoadException.badFile(file, "cannot read: " + e.getMessage());
    }
  }

  private static FastaSequenceIndex index(Path file) throws SourceLoadException {
    Path fai = file.resolveSibling(file.getFileName() + ".fai");
    try {
      if (Files.isRegularFile(fai) && Files.getLastModifiedTime(fai).compareTo(Files.getLastModifiedTime(file)) >= 0) {
        FastaSequenceIndex existing = new FastaSequenceIndex(fai);
        FastaCheck.checkIndex(file, fai, existing);
        return existing;
      }
      // a second pass over the file, only when the index is built: htsjdk's builder does not check line lengths
      FastaCheck.checkFile(file);
      FastaSequenceIndex built = FastaSequenceIndexCreator.buildFromFasta(file);
      if (Files.isWritable(file.toAbsolutePath().getParent())) {
        try {
          built.write(fai);
        } catch (IOException e) {
          // keeping the index in memory serves just as well; writing it only saves the next start-up
        }
      }
      return built;
    } catch (SAMException e) {
      throw SourceLoadException.badFile(file, "not a valid FASTA: " + firstLine(e.getMessage()));
    } catch (RuntimeException e) {
      // htsjdk's index builder fails on some malformed files with a bare runtime exception (found by fuzzing)
      throw SourceLoadException.badFile(file, "not a valid FASTA (empty or malformed lines)");
    } catch (IOException e) {
      throw SourceLoadException.badFile(file, "cannot read: " + e.getMessage());
    }
  }

  private static String firstLine(String m) {
    if (m == null) {
      return "malformed";
    }
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }
}
