package org.dasgrid.datasources.vcf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dasgrid.core.feature.Interner;
import org.dasgrid.core.genotype.GenotypeIndexBuilder;
import org.dasgrid.core.genotype.GenotypeIndexFile;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.GenotypeStats;
import org.dasgrid.core.genotype.IndexedReference;
import org.dasgrid.core.genotype.SetEncoding;
import org.dasgrid.core.genotype.SourceIdentity;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.io.ReadAheadInputStream;
import org.dasgrid.datasources.io.TextInput;

/**
 * Builds a genotype index file from a multi-sample VCF (plain, gzip or bgzip): the records are read as a
 * {@code genotypes: true} source reads them (without making site features), the engine is built in the heap
 * and written by {@link GenotypeIndexFile#write}. The VCF's identity is taken before reading, and checked
 * again after: a VCF that changed while it was read gives no index.
 */
public final class VcfGenotypeIndexer {
  private static final int PROGRESS_EVERY = 4096;

  private VcfGenotypeIndexer() {}

  /** What a build made. */
  public record Result(GenotypeStats stats, long indexBytes) {}

  public static Result build(Path vcf, Path out, LoadMonitor monitor) throws SourceLoadException, IOException {
    SourceIdentity before = VcfIdentity.of(vcf);
    GenotypeQueries engine;
    List<IndexedReference> references = new ArrayList<>();
    try (TextInput input = TextInput.open(vcf);
        ReadAheadInputStream ahead = new ReadAheadInputStream(input.stream(), 1 << 20, 4)) {
      ByteLines lines = new ByteLines(ahead);
      VcfHeader header = VcfHeader.read(lines, vcf);
      if (header.samples().isEmpty()) {
        throw SourceLoadException.badFile(vcf, "the VCF has no sample columns: no genotypes to index");
      }
      GenotypeIndexBuilder genotypes = new GenotypeIndexBuilder(header.samples(), SetEncoding.COMPACT);
      for (VcfHeader.Contig c : header.contigs()) {
        genotypes.declareContig(c.name());
      }
      VcfProvider.Records records = new VcfProvider.Records(header, null, genotypes, new Interner());
      long n = records.readAll(lines, vcf, input, monitor, PROGRESS_EVERY);
      input.checkComplete(lines.lineNumber());
      monitor.progress(n, input.bytesRead());
      Map<String, Integer> extents = new LinkedHashMap<>(records.extents());
      for (VcfHeader.Contig c : header.contigs()) {
        Integer extent = extents.remove(c.name());
        references.add(new IndexedReference(c.name(), true, c.length().orElse(0), extent == null ? 0 : extent));
      }
      extents.forEach((name, extent) -> references.add(new IndexedReference(name, false, 0, extent)));
      engine = genotypes.build();
    }
    if (before.difference(VcfIdentity.of(vcf)).isPresent()) {
      throw SourceLoadException.badFile(vcf, "changed while it was read; index not written");
    }
    GenotypeIndexFile.write(engine, references, before, out);
    return new Result(engine.stats(), Files.size(out));
  }
}
