package org.dasgrid.datasources.vcf;

import java.io.IOException;
import java.nio.file.Path;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.genotype.BadIndexException;
import org.dasgrid.core.genotype.GenotypeIndexFile;
import org.dasgrid.core.genotype.IndexedReference;
import org.dasgrid.core.source.ContigSelection;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.InMemoryFeatureSource;
import org.dasgrid.core.source.SourceLoadException;

/**
 * A VCF source whose genotypes are served from its index file ({@code genotypeIndex:}): opened mapped in the
 * time it takes to check the file's checksums, whatever the cohort's size, and refused (the source is then
 * unavailable, the others serve on) when the index is absent, truncated, corrupt, of another version or
 * stale against the VCF. Its references are listed as a source loaded from the VCF lists them; its sites are
 * the same DAS features, read from the VCF on the first question about them ({@link SitesOnDemand}).
 *
 * <p>A reload opens the new index as a new source; the old mapping stays valid for the queries still using
 * the old source and is unmapped by the garbage collector once none does (the builder replaces an index by
 * renaming a new file over it, so an old mapping never sees its file change).
 */
final class IndexedVcf {
  private IndexedVcf() {}

  static DataSource open(SourceConfig config, ContigSelection contigs) throws SourceLoadException {
    Path index = config.genotypeIndex().orElseThrow();
    try {
      GenotypeIndexFile.Opened opened =
          GenotypeIndexFile.open(index, contigs::includes, VcfIdentity.of(config.path()));
      InMemoryFeatureSource.Builder sites = InMemoryFeatureSource.builder().keepOnly(contigs).vcfSites();
      for (IndexedReference r : opened.references()) {
        if (r.declared()) {
          sites.declareReference(r.name(), r.length());
        }
      }
      for (IndexedReference r : opened.references()) {
        if (r.extent() > 0) {
          sites.skip(r.name(), r.extent());
        }
      }
      return new VcfSource(new SitesOnDemand(config, contigs, sites.build()), opened.genotypes(),
          opened.fileBytes());
    } catch (BadIndexException e) {
      throw SourceLoadException.badFile(index, e.reason());
    } catch (IOException e) {
      throw SourceLoadException.badFile(index, "read failed: " + e.getMessage());
    }
  }
}
