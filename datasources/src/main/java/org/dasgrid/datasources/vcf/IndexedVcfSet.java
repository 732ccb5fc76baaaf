package org.dasgrid.datasources.vcf;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.genotype.GenotypeIndexFile;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.IndexedReference;
import org.dasgrid.core.genotype.SampleNames;
import org.dasgrid.core.genotype.SourceIdentity;
import org.dasgrid.core.genotype.pieces.JoinedGenotypes;
import org.dasgrid.core.genotype.pieces.Piece;
import org.dasgrid.core.genotype.pieces.PieceCheck;
import org.dasgrid.core.source.ContigSelection;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.SourceLoadException;

/**
 * A VCF source served from a genotype index set ({@link GenotypeIndexSet}): each piece mapped and checked
 * against its own VCF of the source's {@code path:} list (found by file name), then the pieces joined into one
 * engine ({@link JoinedGenotypes}). Any piece absent, damaged or stale refuses the whole source, naming the
 * piece's file; so do VCFs the set was not built for.
 */
final class IndexedVcfSet {
  private IndexedVcfSet() {}

  static DataSource open(SourceConfig config, Path dir, ContigSelection contigs) throws SourceLoadException {
    List<GenotypeIndexSet.Piece> listed = GenotypeIndexSet.read(dir);
    Map<String, Path> vcfs = new LinkedHashMap<>();
    for (Path p : config.paths()) {
      vcfs.put(p.getFileName().toString(), p);
    }
    Set<String> built = new TreeSet<>();
    listed.forEach(p -> built.add(p.vcf()));
    if (!built.equals(new TreeSet<>(vcfs.keySet()))) {
      throw SourceLoadException.badFile(dir, "built for the VCFs " + built + ", but the source lists "
          + new TreeSet<>(vcfs.keySet()) + ": rebuild it with index --vcf for each of them");
    }
    IndexChecks checks = IndexChecks.of(config, listed.stream().map(p -> dir.resolve(p.file())).toList());
    // each VCF's identity is read once: a VCF cut into pieces would otherwise have its header and end read per piece
    // (at 500,000 samples a header of names and records of ~2 MB each)
    Map<String, SourceIdentity> identities = new HashMap<>();
    for (Map.Entry<String, Path> v : vcfs.entrySet()) {
      identities.put(v.getKey(), VcfIdentity.of(v.getValue()));
    }
    List<PieceCheck> gates = new ArrayList<>();
    List<Piece> pieces = new ArrayList<>();
    Map<String, IndexedReference> references = new LinkedHashMap<>();
    long bytes = 0;
    Set<String> seen = new HashSet<>();
    SampleNames names = null; // the first piece's, shared by the others of the same cohort
    for (GenotypeIndexSet.Piece p : listed) {
      if (!seen.add(p.file())) {
        throw SourceLoadException.badFile(dir.resolve(GenotypeIndexSet.MANIFEST), "lists " + p.file() + " twice");
      }
      Path file = dir.resolve(p.file()).normalize();
      if (!file.getParent().equals(dir.normalize())) {
        throw SourceLoadException.badFile(dir.resolve(GenotypeIndexSet.MANIFEST), "piece " + p.file()
            + " lies outside the set's folder");
      }
      GenotypeIndexFile.Opened opened;
      PieceCheck gate = null;
      if (checks.deferred()) {
        GenotypeIndexFile.OpenedUnchecked u = IndexedVcf.openPieceDeferred(file, contigs, identities.get(p.vcf()),
            names);
        opened = u.opened();
        gate = checks.gate(p.file(), u.check());
        gates.add(gate);
      } else {
        opened = IndexedVcf.openPiece(file, contigs, identities.get(p.vcf()), names);
      }
      names = opened.sampleNames();
      List<Piece.Span> spans = new ArrayList<>();
      p.contigs().forEach(c -> spans.add(Piece.Span.whole(c)));
      for (GenotypeIndexSet.Chunk c : p.chunks()) {
        int extent = opened.references().stream().filter(r -> r.name().equals(c.contig()))
            .mapToInt(IndexedReference::extent).max().orElse(c.to());
        spans.add(new Piece.Span(c.contig(), c.from(), c.to(), Math.max(extent, c.to())));
      }
      pieces.add(new Piece(p.file(), opened.genotypes(), spans, gate));
      for (IndexedReference r : opened.references()) {
        references.merge(r.name(), r, (a, b) -> new IndexedReference(a.name(), a.declared() || b.declared(),
            Math.max(a.length(), b.length()), Math.max(a.extent(), b.extent())));
      }
      bytes += opened.fileBytes();
    }
    GenotypeQueries engine;
    try {
      engine = JoinedGenotypes.of(pieces);
    } catch (IllegalArgumentException e) {
      throw SourceLoadException.badFile(dir, e.getMessage());
    }
    checks.checkLater(gates);
    return new VcfSource(IndexedVcf.sites(config, contigs, new ArrayList<>(references.values())), engine, bytes,
        checks.deferred() ? Optional.of(checks) : Optional.empty());
  }
}
