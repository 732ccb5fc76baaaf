package org.dasgrid.datasources.export;

import java.util.List;

/**
 * The kinds of bgzipped copy the store makes of a source, each a data file and the files read beside it ({@code
 * .tbi} for the tabix formats; {@code .fai} and {@code .gzi} for FASTA, as {@code samtools faidx} names them).
 * The first four are the browser exports ({@code /files}); {@link #VCF_BLOCKS} is the copy htsget's tickets point
 * into, never offered as a file.
 */
public enum ExportKind {
  GFF3("gff3.gz", List.of(".tbi")),
  BED("bed.gz", List.of(".tbi")),
  VCF("vcf.gz", List.of(".tbi")),
  FASTA("fa.gz", List.of(".fai", ".gzi")),
  /** A VCF source's file as it is, each BGZF block starting at a record; {@code .hdr}: the header's length. */
  VCF_BLOCKS("blocks.vcf.gz", List.of(".tbi", ".hdr"));

  private final String extension;
  private final List<String> indexSuffixes;

  ExportKind(String extension, List<String> indexSuffixes) {
    this.extension = extension;
    this.indexSuffixes = indexSuffixes;
  }

  /** The data file's extension, without the dot ({@code gff3.gz}). */
  public String extension() {
    return extension;
  }

  /** The suffixes of the files beside the data file, appended to its name ({@code .tbi}). */
  public List<String> indexSuffixes() {
    return indexSuffixes;
  }

  /** The data file's name for a source ({@code dmel.gff3.gz}). */
  public String dataFile(String sourceId) {
    return sourceId + "." + extension;
  }

  /** Every file name of this kind for a source, the data file first. */
  public List<String> fileNames(String sourceId) {
    String data = dataFile(sourceId);
    java.util.ArrayList<String> names = new java.util.ArrayList<>();
    names.add(data);
    indexSuffixes.forEach(s -> names.add(data + s));
    return List.copyOf(names);
  }

  /** The kind a file name of a source belongs to ({@code dmel.gff3.gz.tbi} -> GFF3), if any. */
  public static java.util.Optional<ExportKind> ofFile(String sourceId, String fileName) {
    for (ExportKind k : values()) {
      if (k.fileNames(sourceId).contains(fileName)) {
        return java.util.Optional.of(k);
      }
    }
    return java.util.Optional.empty();
  }
}
