package org.dasgrid.datasources.fasta;

import htsjdk.samtools.reference.FastaSequenceIndex;
import htsjdk.samtools.reference.FastaSequenceIndexEntry;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.Set;
import org.dasgrid.core.source.SourceLoadException;

/**
 * Checks that a FASTA can be served through an index, with file and line for what is wrong. htsjdk's index
 * builder accepts a file whose sequence lines differ in length (and the indexed reader then returns the wrong
 * bases), and fails on an empty sequence with an index error, so the file is checked first. An existing
 * {@code .fai} is checked against the FASTA where it points, which catches an index of another file.
 */
final class FastaCheck {
  private FastaCheck() {}

  /** One pass over the file: headers, equal line lengths within each sequence, no empty or repeated names. */
  static void checkFile(Path file) throws SourceLoadException {
    try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
      new Scanner(file).scan(in);
    } catch (IOException e) {
      throw SourceLoadException.badFile(file, "cannot read: " + e.getMessage());
    }
  }

  /** Each index entry's offset must follow that sequence's header line in the FASTA. */
  static void checkIndex(Path file, Path fai, FastaSequenceIndex index) throws SourceLoadException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = ch.size();
      for (FastaSequenceIndexEntry e : index) {
        long offset = e.getLocation();
        long lines = e.getBasesPerLine() > 0 ? (e.getSize() + e.getBasesPerLine() - 1) / e.getBasesPerLine() : 0;
        long end = offset + Math.max(0, lines - 1) * e.getBytesPerLine() + (e.getSize() - Math.max(0, lines - 1)
            * e.getBasesPerLine());
        if (offset <= 0 || offset > size || end > size || !headerBefore(ch, offset).equals(e.getContig())) {
          throw SourceLoadException.badFile(fai, "sequence '" + e.getContig() + "' is not in " + file.getFileName()
              + " where the index says (an index of another file?); delete " + fai.getFileName()
              + " to rebuild it");
        }
      }
    } catch (IOException e) {
      throw SourceLoadException.badFile(file, "cannot read: " + e.getMessage());
    }
  }

  /** The name on the header line that ends just before {@code offset}, or "" if there is none. */
  private static String headerBefore(FileChannel ch, long offset) throws IOException {
    int window = (int) Math.min(offset, 4096);
    ByteBuffer buf = ByteBuffer.allocate(window);
    while (buf.hasRemaining() && ch.read(buf, offset - window + buf.position()) > 0) {
      // read the whole window
    }
    String text = new String(buf.array(), 0, buf.position(), StandardCharsets.ISO_8859_1);
    if (!text.endsWith("\n")) {
      return "";
    }
    int previous = text.lastIndexOf('\n', text.length() - 2);
    String header = text.substring(previous + 1, text.length() - 1).strip();
    return header.startsWith(">") ? name(header.substring(1).trim()) : "";
  }

  private static String name(String header) {
    int ws = 0;
    while (ws < header.length() && !Character.isWhitespace(header.charAt(ws))) {
      ws++;
    }
    return header.substring(0, ws);
  }

  /** Reads lines as bytes (a FASTA is ASCII) and checks their shape. */
  private static final class Scanner {
    private final Path file;
    private final Set<String> names = new HashSet<>();
    private String name;
    private long headerLine;
    private long bases;
    private int lineLength = -1;
    private long shortLine = -1;
    private long shortLineLength;

    Scanner(Path file) {
      this.file = file;
    }

    void scan(InputStream in) throws IOException, SourceLoadException {
      StringBuilder line = new StringBuilder();
      long lineNo = 0;
      int c;
      boolean any = false;
      while (true) {
        c = in.read();
        if (c == '\n' || c < 0) {
          if (c < 0 && line.length() == 0) {
            break;
          }
          lineNo++;
          int len = line.length();
          if (len > 0 && line.charAt(len - 1) == '\r') {
            line.setLength(len - 1);
          }
          any |= line(line, lineNo);
          line.setLength(0);
          if (c < 0) {
            break;
          }
        } else {
          line.append((char) c);
        }
      }
      endSequence();
      if (!any) {
        throw SourceLoadException.badFile(file, "no sequences (is this a FASTA file?)");
      }
    }

    private boolean line(CharSequence line, long lineNo) throws SourceLoadException {
      if (line.length() > 0 && line.charAt(0) == '>') {
        endSequence();
        name = name(line.subSequence(1, line.length()).toString().trim());
        if (name.isEmpty()) {
          throw SourceLoadException.badRecord(file, lineNo, "header without a sequence name");
        }
        if (!names.add(name)) {
          throw SourceLoadException.badRecord(file, lineNo, "sequence '" + name + "' appears twice");
        }
        headerLine = lineNo;
        bases = 0;
        lineLength = -1;
        shortLine = -1;
        return true;
      }
      if (name == null) {
        if (line.length() == 0) {
          return false;
        }
        throw SourceLoadException.badRecord(file, lineNo, "expected a '>' header line, found '"
            + abbreviate(line.toString()) + "'");
      }
      if (shortLine > 0 && line.length() > 0) {
        throw SourceLoadException.badRecord(file, shortLine, "line of " + shortLineLength + " bases inside"
            + " sequence '" + name + "', whose lines have " + lineLength + " (an indexed FASTA needs all lines"
            + " of a sequence but the last to be equally long)");
      }
      if (lineLength < 0) {
        lineLength = line.length();
      } else if (line.length() > lineLength) {
        throw SourceLoadException.badRecord(file, lineNo, "line of " + line.length() + " bases inside"
            + " sequence '" + name + "', whose lines have " + lineLength + " (an indexed FASTA needs all lines"
            + " of a sequence but the last to be equally long)");
      } else if (line.length() < lineLength) {
        shortLine = lineNo;
        shortLineLength = line.length();
      }
      bases += line.length();
      return false;
    }

    private void endSequence() throws SourceLoadException {
      if (name != null && bases == 0) {
        throw SourceLoadException.badRecord(file, headerLine, "sequence '" + name + "' has no bases");
      }
    }

    private static String abbreviate(String s) {
      return s.length() <= 40 ? s : s.substring(0, 37) + "...";
    }
  }
}
