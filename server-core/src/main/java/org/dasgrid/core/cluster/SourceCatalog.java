package org.dasgrid.core.cluster;

import java.util.List;
import org.dasgrid.core.source.EntryPoint;

/**
 * What every node must agree on about a source, whichever contigs it holds: its references in order with
 * their full lengths and aliases, and for genotype sources the cohort and the genotype engine's contig order
 * (the order of genotype answers).
 */
public record SourceCatalog(List<EntryPoint> entryPoints, List<String> samples, List<String> genotypeContigs) {
  public SourceCatalog {
    entryPoints = List.copyOf(entryPoints);
    samples = List.copyOf(samples);
    genotypeContigs = List.copyOf(genotypeContigs);
  }
}
