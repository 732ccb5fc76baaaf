package org.dasgrid.webapp.browsers;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.datasources.export.ExportKind;
import org.dasgrid.webapp.api.DefaultLocus;

/**
 * The ready-made browser configs over the exports: a JBrowse 2 config (an assembly per coordinate system, a
 * track per source) and an igv.js session (one genome, its sources' tracks). URLs are absolute, from the base
 * the client reached us by, so the files can be read from a browser on any page.
 */
final class BrowserConfigs {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final String base;

  /** @param base the web application's absolute URL, {@code http://host:port/context} */
  BrowserConfigs(String base) {
    this.base = base;
  }

  String fileUrl(LoadedSource s, String name) {
    return base + "/files/" + s.id() + "/" + name;
  }

  // ---- JBrowse 2 ----

  ObjectNode jbrowse(List<Assembly> assemblies) {
    ObjectNode root = JSON.createObjectNode();
    ArrayNode as = root.putArray("assemblies");
    ArrayNode tracks = root.putArray("tracks");
    for (Assembly a : assemblies) {
      as.add(jbrowseAssembly(a));
      for (LoadedSource s : a.sources()) {
        Assembly.trackKind(s).ifPresent(k -> tracks.add(jbrowseTrack(a, s, k)));
      }
    }
    return root;
  }

  ObjectNode jbrowseAssembly(Assembly a) {
    ObjectNode n = JSON.createObjectNode();
    n.put("name", a.name());
    n.put("displayName", a.displayName());
    ObjectNode seq = n.putObject("sequence");
    seq.put("type", "ReferenceSequenceTrack");
    seq.put("trackId", a.name() + "-ReferenceSequenceTrack");
    ObjectNode adapter = seq.putObject("adapter");
    if (a.sequence().isPresent()) {
      LoadedSource s = a.sequence().get();
      String fa = ExportKind.FASTA.dataFile(s.id());
      adapter.put("type", "BgzipFastaAdapter");
      adapter.set("fastaLocation", uri(fileUrl(s, fa)));
      adapter.set("faiLocation", uri(fileUrl(s, fa + ".fai")));
      adapter.set("gziLocation", uri(fileUrl(s, fa + ".gzi")));
    } else {
      // no sequence anywhere for this coordinate system: the references' names and lengths, with no bases
      adapter.put("type", "FromConfigSequenceAdapter");
      ArrayNode features = adapter.putArray("features");
      for (EntryPoint ep : a.refs()) {
        ObjectNode f = features.addObject();
        f.put("uniqueId", ep.name());
        f.put("refName", ep.name());
        f.put("start", 0);
        f.put("end", ep.length());
        f.put("seq", "");
      }
    }
    if (a.refs().stream().anyMatch(ep -> !ep.aliases().isEmpty())) {
      ObjectNode aliasAdapter = n.putObject("refNameAliases").putObject("adapter");
      aliasAdapter.put("type", "FromConfigAdapter");
      ArrayNode features = aliasAdapter.putArray("features");
      for (EntryPoint ep : a.refs()) {
        if (!ep.aliases().isEmpty()) {
          ObjectNode f = features.addObject();
          f.put("uniqueId", "alias-" + ep.name());
          f.put("refName", ep.name());
          ArrayNode al = f.putArray("aliases");
          ep.aliases().forEach(al::add);
        }
      }
    }
    return n;
  }

  ObjectNode jbrowseTrack(Assembly a, LoadedSource s, ExportKind kind) {
    ObjectNode t = JSON.createObjectNode();
    t.put("type", kind == ExportKind.VCF ? "VariantTrack" : "FeatureTrack");
    t.put("trackId", s.id());
    t.put("name", s.config().title());
    if (!s.config().description().isBlank()) {
      t.put("description", s.config().description());
    }
    t.putArray("assemblyNames").add(a.name());
    category(s).ifPresent(c -> t.putArray("category").add(c));
    String data = kind.dataFile(s.id());
    ObjectNode adapter = t.putObject("adapter");
    switch (kind) {
      case GFF3 -> {
        adapter.put("type", "Gff3TabixAdapter");
        adapter.set("gffGzLocation", uri(fileUrl(s, data)));
      }
      case BED -> {
        adapter.put("type", "BedTabixAdapter");
        adapter.set("bedGzLocation", uri(fileUrl(s, data)));
      }
      case VCF -> {
        adapter.put("type", "VcfTabixAdapter");
        adapter.set("vcfGzLocation", uri(fileUrl(s, data)));
      }
      case FASTA, VCF_BLOCKS -> throw new IllegalArgumentException(kind + " is not a browser track");
    }
    ObjectNode index = adapter.putObject("index");
    index.put("indexType", "TBI");
    index.set("location", uri(fileUrl(s, data + ".tbi")));
    return t;
  }

  /** The category most of the source's features have in its type catalogue ({@code transcription}...). */
  static Optional<String> category(LoadedSource s) {
    Map<FeatureType, Integer> counts = s.data().typeCounts();
    return counts.entrySet().stream()
        .filter(e -> e.getKey().category() != null && !e.getKey().category().isBlank())
        .collect(java.util.stream.Collectors.groupingBy(e -> e.getKey().category(),
            java.util.stream.Collectors.summingLong(Map.Entry::getValue)))
        .entrySet().stream().max(Map.Entry.<String, Long>comparingByValue()
            .thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder())))
        .map(Map.Entry::getKey);
  }

  private static ObjectNode uri(String url) {
    ObjectNode n = JSON.createObjectNode();
    n.put("uri", url);
    n.put("locationType", "UriLocation");
    return n;
  }

  // ---- igv.js ----

  ObjectNode igv(Assembly a) {
    ObjectNode root = JSON.createObjectNode();
    root.put("version", "3");
    ObjectNode ref = root.putObject("reference");
    ref.put("id", a.name());
    ref.put("name", a.displayName());
    if (a.sequence().isPresent()) {
      LoadedSource s = a.sequence().get();
      String fa = ExportKind.FASTA.dataFile(s.id());
      ref.put("fastaURL", fileUrl(s, fa));
      ref.put("indexURL", fileUrl(s, fa + ".fai"));
      ref.put("compressedIndexURL", fileUrl(s, fa + ".gzi"));
    } else {
      // igv.js takes a chrom.sizes file as a sequence-less reference (as the home page's view does)
      ref.put("format", "chromsizes");
      ref.put("fastaURL", base + "/api/sources/" + a.sources().get(0).id() + "/chrom.sizes");
    }
    a.sources().stream().filter(s -> Assembly.trackKind(s).isPresent()).findFirst()
        .map(DefaultLocus::of).filter(l -> !l.isEmpty()).ifPresent(l -> root.put("locus", l));
    ArrayNode tracks = root.putArray("tracks");
    for (LoadedSource s : a.sources()) {
      Assembly.trackKind(s).ifPresent(kind -> {
        ObjectNode t = tracks.addObject();
        t.put("name", s.id());
        t.put("type", kind == ExportKind.VCF ? "variant" : "annotation");
        t.put("format", switch (kind) {
          case GFF3 -> "gff3";
          case BED -> "bed";
          case VCF -> "vcf";
          case FASTA -> "fasta";
          case VCF_BLOCKS -> throw new IllegalArgumentException("htsget's copy is not a browser track");
        });
        String data = kind.dataFile(s.id());
        t.put("url", fileUrl(s, data));
        t.put("indexURL", fileUrl(s, data + ".tbi"));
        if (kind != ExportKind.VCF) {
          t.put("displayMode", "EXPANDED");
        }
      });
    }
    return root;
  }
}
