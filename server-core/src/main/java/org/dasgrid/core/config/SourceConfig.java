package org.dasgrid.core.config;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One configured source, as written in the config file. Paths are relative to the config file's folder;
 * {@link #path()} and friends return them resolved. {@code circular} names the references that are circular
 * (a plasmid, a mitochondrion, phiX): refget serves slices across their origin.
 */
public record SourceConfig(
    String id,
    String title,
    String description,
    String format,
    @JsonProperty("path") @JsonFormat(with = JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY) List<String> files,
    @JsonProperty("sequence") String sequenceFile,
    Coordinates coordinates,
    @JsonProperty("stylesheet") String stylesheetFile,
    boolean genotypes,
    Access access,
    @JsonProperty("aliases") String aliasesFile,
    List<String> tokens,
    Map<String, String> options,
    @JsonIgnore Path baseDir,
    @JsonProperty("genotypeIndex") String genotypeIndexFile,
    List<String> circular,
    @JsonProperty("samples") String samplesFile,
    @JsonProperty("genes") String genesFile,
    String dataset,
    Tiers tiers,
    Integer minCount) {

  public SourceConfig {
    // contract section 10: a VCF source may be a list of VCFs (the same samples, each contig in one file)
    files = files == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(files));
    title = title == null || title.isBlank() ? id : title;
    description = description == null ? "" : description;
    coordinates = coordinates == null ? Coordinates.UNKNOWN : coordinates;
    access = access == null ? Access.PUBLIC : access;
    tokens = tokens == null ? List.of() : tokens.stream().filter(java.util.Objects::nonNull).toList();
    options = options == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(options));
    baseDir = baseDir == null ? Path.of(".") : baseDir;
    circular = circular == null ? List.of() : circular.stream().filter(java.util.Objects::nonNull).toList();
    // contract section 11: the ControlledAccessGrants value that opens the source, its tiers, the smallest
    // count an aggregate answer below the controlled tier may report
    dataset = dataset == null || dataset.isBlank() ? id : dataset;
    tiers = tiers == null ? Tiers.PUBLIC : tiers;
    minCount = minCount == null ? 1 : minCount;
  }

  /** The source as it was configured before tiers, datasets and minimum counts existed. */
  public SourceConfig(String id, String title, String description, String format, String file,
      String sequenceFile, Coordinates coordinates, String stylesheetFile, boolean genotypes, Access access,
      String aliasesFile, List<String> tokens, Map<String, String> options, Path baseDir, String genotypeIndexFile,
      List<String> circular, String samplesFile, String genesFile) {
    this(id, title, description, format, file == null ? null : List.of(file), sequenceFile, coordinates,
        stylesheetFile, genotypes, access, aliasesFile, tokens, options, baseDir, genotypeIndexFile, circular,
        samplesFile, genesFile, null, null, null);
  }

  /** This source with {@code dataset}, {@code tiers} and {@code minCount} set (nulls: the defaults). */
  public SourceConfig withAccessTiers(String datasetId, Tiers tierLevels, Integer minimumCount) {
    return new SourceConfig(id, title, description, format, files, sequenceFile, coordinates, stylesheetFile,
        genotypes, access, aliasesFile, tokens, options, baseDir, genotypeIndexFile, circular, samplesFile, genesFile,
        datasetId, tierLevels, minimumCount);
  }

  /** A source with no genotype index, circular references or sample sheet (the form before those keys existed). */
  public SourceConfig(String id, String title, String description, String format, String file,
      String sequenceFile, Coordinates coordinates, String stylesheetFile, boolean genotypes, Access access,
      String aliasesFile, List<String> tokens, Map<String, String> options, Path baseDir) {
    this(id, title, description, format, file, sequenceFile, coordinates, stylesheetFile, genotypes, access,
        aliasesFile, tokens, options, baseDir, null, List.of(), null, null);
  }

  /** A minimal config for a file of a format, as tests and tools need. */
  public static SourceConfig of(String id, String format, Path file) {
    return new SourceConfig(id, id, "", format, file.toAbsolutePath().toString(), null, null, null, false,
        Access.PUBLIC, null, List.of(), Map.of(), file.toAbsolutePath().getParent());
  }

  /** The data file ({@code path:}); of a list of VCFs, the first (see {@link #paths()}). */
  public Path path() {
    return resolve(file());
  }

  /** The data file as written ({@code path:}); of a list, the first; null when none is given. */
  public String file() {
    return files.isEmpty() ? null : files.get(0);
  }

  /**
   * Every data file of {@code path:}: one, or for a VCF source a list of VCFs with the same samples in the same
   * order, each contig in one file, served as one source (contract section 10).
   */
  public List<Path> paths() {
    return files.stream().map(this::resolve).toList();
  }

  public Optional<Path> sequence() {
    return Optional.ofNullable(sequenceFile).map(this::resolve);
  }

  public Optional<Path> stylesheet() {
    return Optional.ofNullable(stylesheetFile).map(this::resolve);
  }

  /**
   * The persistent genotype index ({@code genotypeIndex:}, built by {@code dasgrid.jar index}) that serves this
   * VCF's genotypes mapped instead of loading them into the heap.
   */
  public Optional<Path> genotypeIndex() {
    return Optional.ofNullable(genotypeIndexFile).filter(f -> !f.isBlank()).map(this::resolve);
  }

  public Optional<Path> aliases() {
    return Optional.ofNullable(aliasesFile).map(this::resolve);
  }

  /** The sample sheet of a genotype source ({@code samples:}: PLINK .fam/PED or a TSV with a header). */
  public Optional<Path> samples() {
    return Optional.ofNullable(samplesFile).map(this::resolve);
  }

  /**
   * The gene annotation of a genotype source ({@code genes:}: GFF3 or GTF, plain or gzip) through which
   * {@code gene=} and Beacon {@code geneId} find their spans.
   */
  public Optional<Path> genes() {
    return Optional.ofNullable(genesFile).filter(f -> !f.isBlank()).map(this::resolve);
  }

  /** This source with {@code genes:} set (null: none). */
  public SourceConfig withGenes(String geneFile) {
    return new SourceConfig(id, title, description, format, files, sequenceFile, coordinates, stylesheetFile,
        genotypes, access, aliasesFile, tokens, options, baseDir, genotypeIndexFile, circular, samplesFile,
        geneFile, dataset, tiers, minCount);
  }

  public String option(String key, String fallback) {
    return options.getOrDefault(key, fallback);
  }

  public Path resolve(String relative) {
    return baseDir.resolve(relative).normalize();
  }

  public SourceConfig withFile(String newFile, String newFormat) {
    return new SourceConfig(id, title, description, newFormat, List.of(newFile), null, coordinates, null, false,
        access, aliasesFile, tokens, options, baseDir, null, circular, samplesFile, genesFile, dataset, tiers,
        minCount);
  }

  /** This source with {@code genotypeIndex:} set (null: none). */
  public SourceConfig withGenotypeIndex(String indexFile) {
    return new SourceConfig(id, title, description, format, files, sequenceFile, coordinates, stylesheetFile,
        genotypes, access, aliasesFile, tokens, options, baseDir, indexFile, circular, samplesFile, genesFile,
        dataset, tiers, minCount);
  }

  /** This source with {@code samples:} set (null: none). */
  public SourceConfig withSamples(String sheetFile) {
    return new SourceConfig(id, title, description, format, files, sequenceFile, coordinates, stylesheetFile,
        genotypes, access, aliasesFile, tokens, options, baseDir, genotypeIndexFile, circular, sheetFile, genesFile,
        dataset, tiers, minCount);
  }

  public SourceConfig withBaseDir(Path dir) {
    return new SourceConfig(id, title, description, format, files, sequenceFile, coordinates, stylesheetFile,
        genotypes, access, aliasesFile, tokens, options, dir, genotypeIndexFile, circular, samplesFile, genesFile,
        dataset, tiers, minCount);
  }
}
