package org.dasgrid.datasources.vcf;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.pieces.JoinedGenotypes;
import org.dasgrid.core.genotype.pieces.Piece;
import org.dasgrid.core.genotype.pieces.PieceCheck;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.genotype.BadIndexException;
import org.dasgrid.core.genotype.GenotypeIndexFile;
import org.dasgrid.core.genotype.IndexedReference;
import org.dasgrid.core.genotype.SampleNames;
import org.dasgrid.core.genotype.SourceIdentity;
import org.dasgrid.core.source.ContigSelection;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.InMemoryFeatureSource;
import org.dasgrid.core.source.SourceLoadException;

/**
 * A VCF source whose genotypes are served from its index file ({@code genotypeIndex:}): opened mapped in the
 * time it takes to check the file's checksums, whatever the cohort's size, and refused (the source is then
 * unavailable, the others serve on) when the index is absent, truncated, corrupt, of another version or
 * stale against the VCF. The VCF's records are not read, so its sites are not served as DAS features; its
 * references are listed as a source loaded from the VCF lists them.
 *
 * <p>A reload opens the new index as a new source; the old mapping stays valid for the queries still using
 * the old source and is unmapped by the garbage collector once none does (the builder replaces an index by
 * renaming a new file over it, so an old mapping never sees its file change).
 */
final class IndexedVcf {
  private IndexedVcf() {}

  static DataSource open(SourceConfig config, ContigSelection contigs) throws SourceLoadException {
    Path index = config.genotypeIndex().orElseThrow();
    if (GenotypeIndexSet.isSet(index)) {
      return IndexedVcfSet.open(config, index, contigs);
    }
    if (config.paths().size() > 1) {
      throw SourceLoadException.badFile(index, "one index file, for one VCF; the source lists "
          + config.paths().size() + " VCFs: build their index with index --vcf A --vcf B ... --out FOLDER");
    }
    IndexChecks checks = IndexChecks.of(config, List.of(index));
    if (!checks.deferred()) {
      GenotypeIndexFile.Opened opened = openPiece(index, contigs, VcfIdentity.of(config.path()), null);
      return new VcfSource(sites(config, contigs, opened.references()), opened.genotypes(), opened.fileBytes());
    }
    GenotypeIndexFile.OpenedUnchecked u = openPieceDeferred(index, contigs, VcfIdentity.of(config.path()), null);
    GenotypeIndexFile.Opened opened = u.opened();
    PieceCheck gate = checks.gate(index.getFileName().toString(), u.check());
    List<Piece.Span> spans = opened.references().stream().filter(r -> r.extent() > 0)
        .map(r -> Piece.Span.whole(r.name())).toList();
    GenotypeQueries engine = JoinedGenotypes.of(List.of(new Piece(index.getFileName().toString(),
        opened.genotypes(), spans, gate)));
    checks.checkLater(List.of(gate));
    return new VcfSource(sites(config, contigs, opened.references()), engine, opened.fileBytes(),
        Optional.of(checks));
  }

  /** As {@link #openPiece}, the sections' checksums left to the returned check. */
  static GenotypeIndexFile.OpenedUnchecked openPieceDeferred(Path index, ContigSelection contigs,
      SourceIdentity vcf, SampleNames known) throws SourceLoadException {
    try {
      return GenotypeIndexFile.openDeferred(index, contigs::includes, vcf, known);
    } catch (BadIndexException e) {
      throw SourceLoadException.badFile(index, e.reason());
    } catch (IOException e) {
      throw SourceLoadException.badFile(index, "read failed: " + e.getMessage());
    }
  }

  /**
   * Maps one index file, checked against the identity of the VCF it was built from ({@link VcfIdentity}, read
   * once per VCF however many pieces it has); a bad one is refused naming the file. The cohort's names are
   * {@code known} (an earlier piece's, or null) when they are the same.
   */
  static GenotypeIndexFile.Opened openPiece(Path index, ContigSelection contigs, SourceIdentity vcf,
      SampleNames known) throws SourceLoadException {
    try {
      return GenotypeIndexFile.open(index, contigs::includes, vcf, known);
    } catch (BadIndexException e) {
      throw SourceLoadException.badFile(index, e.reason());
    } catch (IOException e) {
      throw SourceLoadException.badFile(index, "read failed: " + e.getMessage());
    }
  }

  /**
   * The site features of an indexed source: the references as a source loaded from the VCF(s) lists them
   * (declared ones first, then those of records), the features themselves read from the VCF(s) on the first
   * request that needs them ({@link SitesOnDemand}), so an index changes where calls live, not what is served.
   */
  static DataSource sites(SourceConfig config, ContigSelection contigs, List<IndexedReference> references) {
    return new SitesOnDemand(config, contigs, references(contigs, references));
  }

  private static InMemoryFeatureSource references(ContigSelection contigs, List<IndexedReference> references) {
    InMemoryFeatureSource.Builder sites = InMemoryFeatureSource.builder().keepOnly(contigs).vcfSites();
    for (IndexedReference r : references) {
      if (r.declared()) {
        sites.declareReference(r.name(), r.length());
      }
    }
    for (IndexedReference r : references) {
      if (r.extent() > 0) {
        sites.skip(r.name(), r.extent());
      }
    }
    return sites.build();
  }
}
