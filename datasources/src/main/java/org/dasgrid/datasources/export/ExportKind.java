package org.dasgrid.datasources.export;

import java.util.List;

/**
 * The kinds of export a source may offer, each a bgzipped data file and the index files a browser reads
 * beside it ({@code .tbi} for the tabix formats; {@code .fai} and {@code .gzi} for FASTA, as {@code samtools
 * faidx} names them).
 */
public enum ExportKind {
  GFF3("gff3.gz", List.of(".tbi")),
  BED("bed.gz", List.of(".tbi")),
  VCF("vcf.gz", List.of(".tbi")),
  FASTA("fa.gz", List.of(".fai", ".gzi"));

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

  /** The index files' suffixes, appended to the data file's name ({@code .tbi}). */
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
