package org.dasgrid.datasources.tabix;

import htsjdk.samtools.util.BlockCompressedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.feature.Interner;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.DataSourceProvider;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.io.MalformedRecord;
import org.dasgrid.datasources.io.TextInput;
import org.dasgrid.datasources.vcf.VcfSiteFeatures;

/**
 * Tabix-indexed files ({@code format: tabix}): a bgzipped GFF3, GFF2, GTF, BED or VCF with its {@code .tbi} or
 * {@code .csi} beside it (or at {@code options.index}), served from disk ({@link TabixSource}). What the file holds
 * comes from {@code options.content} or the index's preset ({@link LineKind}); BED lines read the same
 * {@code options} as the BED format. Reference lengths come from the header ({@code ##sequence-region},
 * {@code ##contig}), a {@code sequence:} FASTA, and the features themselves.
 */
public final class TabixProvider implements DataSourceProvider {
  @Override
  public String format() {
    return "tabix";
  }

  /** {@code options:} the index file, what the indexed file holds, and the DAS method (and BED types) of its features. */
  @Override
  public java.util.Set<String> optionKeys() {
    return java.util.Set.of("index", "content", "method", "type", "blockType");
  }

  @Override
  public DataSource load(SourceConfig config, LoadMonitor monitor) throws SourceLoadException {
    Path file = config.path();
    String indexOption = config.option("index", null);
    RegionIndex index = RegionIndex.open(file, indexOption == null ? null : config.resolve(indexOption));
    FileChannel channel = null;
    try {
      LineKind kind;
      try {
        kind = LineKind.of(config.option("content", null), index.format(), file.getFileName().toString());
      } catch (IllegalArgumentException e) {
        throw SourceLoadException.badFile(file, e.getMessage());
      }
      // one open file for the scan and every later query: a file replaced on disk meanwhile is not mixed in
      channel = FileChannel.open(file, StandardOpenOption.READ);
      List<String> header = header(file, channel, index);
      Map<String, Integer> declared = declaredLengths(kind, header, config);
      Supplier<LineKind.Decoder> decoders = () -> kind.decoder(config, new Interner());
      LineKind.Decoder scanDecoder;
      try {
        scanDecoder = decoders.get();
      } catch (MalformedRecord e) {
        throw SourceLoadException.badFile(file, e.getMessage());
      }
      TabixScan.Result scan = TabixScan.run(file, index, kind, scanDecoder, kept(channel.position(0)), monitor);
      Map<String, String> colours =
          scanDecoder instanceof LineKind.BedDecoder bed ? bed.typeColours() : Map.of();
      TabixSource source = new TabixSource(file, channel, index, kind, decoders,
          declared, scan, colours);
      channel = null;
      return source;
    } catch (IOException e) {
      throw SourceLoadException.badFile(file, "cannot read: " + e.getMessage());
    } finally {
      if (channel != null) {
        index.close();
        try {
          channel.close();
        } catch (IOException e) {
          // failing anyway
        }
      }
    }
  }

  /** The channel's content from its position, as a stream whose close leaves the channel open. */
  private static InputStream kept(FileChannel channel) {
    return new java.io.FilterInputStream(Channels.newInputStream(channel)) {
      @Override
      public void close() {}
    };
  }

  /** The header lines: the first {@code skip} lines and the meta lines ({@code #...}) at the top. */
  private static List<String> header(Path file, FileChannel channel, RegionIndex index)
      throws SourceLoadException, IOException {
    checkBgzf(file, channel);
    List<String> lines = new ArrayList<>();
    char meta = index.format().metaCharacter;
    int skip = index.format().numHeaderLinesToSkip;
    try (BlockCompressedInputStream in =
        new BlockCompressedInputStream(new ChannelStream(channel, channel.size(), file.toString()))) {
      String line;
      while ((line = in.readLine()) != null) {
        if (lines.size() < skip || !line.isEmpty() && line.charAt(0) == meta) {
          lines.add(line);
        } else {
          break;
        }
      }
    } catch (htsjdk.samtools.FileTruncatedException e) {
      throw SourceLoadException.badRecord(file, lines.size() + 1, "truncated bgzip data");
    }
    return lines;
  }

  private static void checkBgzf(Path file, FileChannel channel) throws SourceLoadException, IOException {
    InputStream head = kept(channel.position(0));
    if (!BlockCompressedInputStream.isValidFile(new java.io.BufferedInputStream(head, 64))) {
      throw SourceLoadException.badFile(file, "not bgzip-compressed, so it cannot be tabix-indexed"
          + " (if it is plain gzip, recompress it with bgzip)");
    }
  }

  private static Map<String, Integer> declaredLengths(LineKind kind, List<String> header, SourceConfig config)
      throws SourceLoadException {
    Map<String, Integer> out = new LinkedHashMap<>();
    if (kind != LineKind.BED && kind != LineKind.VCF) {
      // GFF3, GFF2, GTF: as the in-memory formats read it
      for (String line : header) {
        if (line.startsWith("##sequence-region")) {
          String[] p = line.trim().split("\\s+");
          if (p.length >= 4) {
            try {
              out.merge(p[1], Integer.parseInt(p[3]), Math::max);
            } catch (NumberFormatException e) {
              // as the in-memory GFF3 source: the length then comes from the features
            }
          }
        }
      }
    } else if (kind == LineKind.VCF) {
      out.putAll(VcfSiteFeatures.declaredContigs(header, config.path()));
    }
    return out;
  }
}
