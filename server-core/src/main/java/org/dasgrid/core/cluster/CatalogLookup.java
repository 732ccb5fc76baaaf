package org.dasgrid.core.cluster;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.dasgrid.core.genotype.SampleNames;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.core.source.EntryPoints;

/** A {@link SourceCatalog} with its lookups built once: references by name or alias, samples, contig order. */
final class CatalogLookup {
  private final SourceCatalog data;
  private final String version;
  private final Map<String, EntryPoint> byName;
  private final Map<String, Integer> sampleNumbers;
  private final SampleNames sampleNames;
  private final Map<String, Integer> contigOrder;
  private final SampleSelection everyone;

  CatalogLookup(SourceCatalog data, String version) {
    this.data = data;
    this.version = version;
    this.byName = EntryPoints.byNameOrAlias(data.entryPoints());
    Map<String, Integer> samples = new HashMap<>();
    for (int i = 0; i < data.samples().size(); i++) {
      samples.put(data.samples().get(i), i);
    }
    this.sampleNumbers = samples;
    this.sampleNames = SampleNames.of(data.samples());
    Map<String, Integer> order = new HashMap<>();
    List<String> contigs = data.genotypeContigs().isEmpty()
        ? data.entryPoints().stream().map(EntryPoint::name).toList() : data.genotypeContigs();
    for (int i = 0; i < contigs.size(); i++) {
      order.put(contigs.get(i), i);
    }
    this.contigOrder = order;
    this.everyone = SampleSelection.all(data.samples().size());
  }

  SourceCatalog data() {
    return data;
  }

  String version() {
    return version;
  }

  List<EntryPoint> entryPoints() {
    return data.entryPoints();
  }

  Optional<EntryPoint> entryPoint(String nameOrAlias) {
    return Optional.ofNullable(byName.get(nameOrAlias));
  }

  /** The cohort's names, encoded once for the samples answers. */
  SampleNames sampleNames() {
    return sampleNames;
  }

  OptionalInt sampleNumber(String name) {
    Integer n = sampleNumbers.get(name);
    return n == null ? OptionalInt.empty() : OptionalInt.of(n);
  }

  SampleSelection everyone() {
    return everyone;
  }

  /** The place of a contig in the order of genotype answers (unknown contigs last). */
  int contigIndex(String contig) {
    return contigOrder.getOrDefault(contig, Integer.MAX_VALUE);
  }
}
