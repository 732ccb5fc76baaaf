package org.dasgrid.datasources.vcf;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.feature.Interner;
import org.dasgrid.core.genotype.GenotypeIndexBuilder;
import org.dasgrid.core.genotype.SetEncoding;
import org.dasgrid.core.source.ContigSelection;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.InMemoryFeatureSource;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.io.ReadAheadInputStream;
import org.dasgrid.datasources.io.TextInput;
import org.dasgrid.datasources.provider.ContigSelectingProvider;

/**
 * VCF ({@code format: vcf}), plain or gzip/bgzip. Every ALT allele of a record is a DAS feature, built by
 * {@link VcfSiteFeatures} as for tabix-indexed VCF (type SNV, MNV, insertion, deletion or SV; the ID as label,
 * and as id with {@code :ALT} added for multi-allelic records; REF, ALT, QUAL and FILTER as notes). With {@code
 * genotypes: true} the source also answers genotype queries: the header is read by htsjdk, the GT columns by
 * {@link GenotypeColumns} straight from the bytes into a {@link GenotypeIndexBuilder}. Records are not decoded
 * by htsjdk's {@code VCFCodec}: with every genotype decoded it was measured 10 to 25 times slower (see {@link
 * VcfLine}).
 *
 * <p>Option {@code genotypeSets: roaring} stores every sample set as a RoaringBitmap instead of the compact
 * default (see {@link SetEncoding}), for comparison.
 */
public final class VcfProvider extends ContigSelectingProvider {
  private static final int PROGRESS_EVERY = 256;

  public VcfProvider() {
    super("vcf");
  }

  /** {@code options:} whether the genotype engine keeps the INFO fields, and how it stores its sample sets. */
  @Override
  public java.util.Set<String> optionKeys() {
    return java.util.Set.of("genotypeInfo", "genotypeSets", IndexChecks.OPTION);
  }

  /** Records on contigs not selected are skipped before their genotype columns are read. */
  @Override
  public DataSource load(SourceConfig config, ContigSelection contigs, LoadMonitor monitor)
      throws SourceLoadException {
    if (config.genotypeIndex().isPresent()) {
      return IndexedVcf.open(config, contigs);
    }
    return read(config, contigs, monitor, config.genotypes());
  }

  /**
   * The site features of the VCF alone (no genotype column is read): what an indexed source serves as DAS
   * features, read as a source without the index reads them, so both serve the same.
   */
  static InMemoryFeatureSource readSites(SourceConfig config, ContigSelection contigs) throws SourceLoadException {
    return (InMemoryFeatureSource) read(config, contigs, LoadMonitor.NONE, false);
  }

  /** One pass over the VCF(s): their sites, and with {@code withGenotypes} their calls into a genotype engine. */
  private static DataSource read(SourceConfig config, ContigSelection contigs, LoadMonitor monitor,
      boolean withGenotypes) throws SourceLoadException {
    SetEncoding encoding = encoding(config);
    List<Path> files = config.paths();
    Interner pool = new Interner();
    // feature_id=rs... finds every ALT of a multi-allelic rs... (ids rs...:ALT); format=vcf writes them back
    InMemoryFeatureSource.Builder sites =
        InMemoryFeatureSource.builder().keepOnly(contigs).findByLabel().vcfSites();
    GenotypeIndexBuilder genotypes = null;
    VcfHeader first = null;
    // several VCFs (contract section 10): read one after another into the same builders, as one VCF holding them
    // all; each contig in one file
    java.util.Map<String, Path> contigFiles = files.size() > 1 ? new java.util.HashMap<>() : null;
    java.util.Set<String> declared = new java.util.HashSet<>();
    long records = 0;
    long bytes = 0;
    for (Path file : files) {
      try (TextInput input = TextInput.open(file);
          // decompress on a second core while this one parses
          ReadAheadInputStream ahead = new ReadAheadInputStream(input.stream(), 1 << 20, 4)) {
        ByteLines lines = new ByteLines(ahead);
        VcfHeader header = VcfHeader.read(lines, file);
        if (first == null) {
          first = header;
          if (withGenotypes && header.samples().isEmpty()) {
            throw SourceLoadException.badFile(file, "'genotypes: true' but the VCF has no sample columns");
          }
          genotypes = withGenotypes ? new GenotypeIndexBuilder(header.samples(), encoding) : null;
          if (genotypes != null && keepsInfo(config)) {
            genotypes.keepInfo(header.info()); // for the analytics' info.* and csq.* filters
          }
        } else if (withGenotypes) {
          VcfHeader.sameSamples(files.get(0), first, file, header);
        }
        for (VcfHeader.Contig c : header.contigs()) {
          if (declared.add(c.name())) {
            sites.declareReference(pool.intern(c.name()), c.length().orElse(0));
            if (genotypes != null) {
              genotypes.declareContig(c.name());
            }
          }
        }
        Records read = new Records(header, sites, genotypes, pool);
        read.contigsOnlyIn(contigFiles, file);
        long before = records;
        long bytesBefore = bytes;
        LoadMonitor each = (n, b) -> monitor.progress(before + n, bytesBefore + b);
        records += read.readAll(lines, file, input, each, PROGRESS_EVERY);
        bytes += input.bytesRead();
        monitor.progress(records, bytes);
      } catch (IOException e) {
        throw SourceLoadException.badFile(file, "read failed: " + e.getMessage());
      }
    }
    sites.bytesRead(bytes);
    InMemoryFeatureSource features = sites.build();
    return genotypes == null ? features : new VcfSource(features, genotypes.build(), bytes);
  }

  /**
   * Option {@code genotypeInfo: keep} (the default) keeps each record's INFO text for the analytics' {@code
   * info.*} and {@code csq.*} filters; {@code drop} saves that memory (the filters are then refused).
   */
  private static boolean keepsInfo(SourceConfig config) throws SourceLoadException {
    String v = config.option("genotypeInfo", "keep").toLowerCase(Locale.ROOT);
    if (!v.equals("keep") && !v.equals("drop")) {
      throw new SourceLoadException(config.id() + ": option genotypeInfo must be keep or drop, not '" + v + "'");
    }
    return v.equals("keep");
  }

  private static SetEncoding encoding(SourceConfig config) throws SourceLoadException {
    String v = config.option("genotypeSets", "compact").toUpperCase(Locale.ROOT);
    try {
      return SetEncoding.valueOf(v);
    } catch (IllegalArgumentException e) {
      throw new SourceLoadException(config.id() + ": option genotypeSets must be compact or roaring, not '"
          + config.option("genotypeSets", "") + "'");
    }
  }

  /** Turns record lines into site features and genotype calls. */
  static final class Records {
    /**
     * Adds every record of {@code lines} (a bad one fails with {@code file}:line), reporting progress every
     * {@code progressEvery} records; returns how many were read. The one read loop of the loader and the indexer.
     */
    long readAll(ByteLines lines, Path file, TextInput input, LoadMonitor monitor, int progressEvery)
        throws SourceLoadException, IOException {
      long n = 0;
      while (lines.next()) {
        if (lines.isEmpty()) {
          continue;
        }
        try {
          add(lines.buffer(), lines.start(), lines.end());
        } catch (VcfFormatException | IllegalArgumentException e) {
          throw SourceLoadException.badRecord(file, lines.lineNumber(), e.getMessage());
        }
        if (++n % progressEvery == 0) {
          monitor.progress(n, input.bytesRead());
        }
      }
      return n;
    }

    private final VcfHeader header;
    private final InMemoryFeatureSource.Builder sites;
    private final GenotypeIndexBuilder genotypes;
    private final VcfSiteFeatures siteFeatures;
    private final VcfLine line = new VcfLine();
    private final GenotypeColumns columns;
    private final BuilderSink calls;
    /** Of a source of several VCFs: the file each contig's records came from (shared by the files' readers). */
    private java.util.Map<String, Path> contigFiles;
    private Path file;

    /** Refuses a record on a contig whose records came from another of {@code owners}' files. */
    void contigsOnlyIn(java.util.Map<String, Path> owners, Path thisFile) {
      this.contigFiles = owners;
      this.file = thisFile;
    }

    /** Without site features (an index build): each reference's largest end, in order of first record. */
    private final java.util.Map<String, Integer> extents = new java.util.LinkedHashMap<>();

    Records(VcfHeader header, InMemoryFeatureSource.Builder sites, GenotypeIndexBuilder genotypes, Interner pool) {
      this.header = header;
      this.sites = sites;
      this.genotypes = genotypes;
      this.siteFeatures = new VcfSiteFeatures(pool, "VCF");
      this.columns = new GenotypeColumns(header.samples());
      this.calls = genotypes == null ? null : new BuilderSink(genotypes);
    }

    void add(byte[] b, int from, int to) {
      if (b[from] == '#') {
        throw new VcfFormatException("header line after the first record");
      }
      VcfLine r = line;
      r.parse(b, from, to);
      if (contigFiles != null) {
        Path owner = contigFiles.putIfAbsent(r.chrom, file);
        if (owner != null && !owner.equals(file)) {
          throw new VcfFormatException("contig " + r.chrom + " is also in " + owner.getFileName()
              + ": each contig must be in one file");
        }
      }
      if (sites == null) {
        extents.merge(r.chrom, r.end, Math::max);
      } else if (!sites.keeps(r.chrom)) {
        // another node's contig: it keeps its place in the order, nothing else
        sites.skip(r.chrom, r.end);
        if (genotypes != null) {
          genotypes.declareContig(r.chrom);
        }
        return;
      }
      List<String> alts = r.alts;
      for (int a = 0; sites != null && a < alts.size(); a++) {
        sites.add(siteFeatures.feature(r, alts.get(a)));
      }
      if (genotypes == null) {
        return;
      }
      int samples = header.samples().size();
      genotypes.startSite(r.chrom, r.pos, r.end, r.id, r.ref, alts);
      if (genotypes.keepsInfo()) {
        genotypes.siteInfo(b, r.infoStart, r.infoEnd);
      }
      if (r.hasGenotypes) {
        columns.parse(b, r.samplesStart, to, samples, alts.size(), calls);
      } else if (r.samplesStart < to) {
        // FORMAT without GT: the samples have no calls
        for (int s = 0; s < samples; s++) {
          genotypes.diploid(s, GenotypeIndexBuilder.MISSING, GenotypeIndexBuilder.MISSING);
        }
      } else {
        throw new VcfFormatException("record without sample columns in a VCF with " + samples + " samples");
      }
      genotypes.endSite();
    }

    /** Each reference's largest end when made without site features, in order of first record. */
    java.util.Map<String, Integer> extents() {
      return extents;
    }
  }
}
