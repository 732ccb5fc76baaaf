package org.dasgrid.core.ga4gh.beacon;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.genotype.AlleleCarriers;
import org.dasgrid.core.genotype.cohort.SampleInfo;

/**
 * The entry types Beacon v2 models around samples, from each dataset's samples and sample sheet: {@code
 * individuals} (sex as an NCIT term, phenotype, family, population and other sheet columns), {@code
 * biosamples} (one per individual: a VCF sample is one specimen of one person) and {@code datasets}. Queried
 * by filtering terms ({@link SampleTerms}), by id ({@code /individuals/{id}}) and by variant ({@code
 * /g_variants/{id}/individuals}: the carriers of that allele).
 *
 * <p>Records name samples, so a dataset gives them only to a client reaching its genotypes tier; to the others a
 * record request is answered as a count, and every count below the controlled tier is floored at the source's
 * {@code minCount} ({@link DatasetAccess}), with {@code countAdjustedTo} saying so.
 */
final class SampleEntries {
  static final String INDIVIDUAL = "individual";
  static final String BIOSAMPLE = "biosample";
  static final String DATASET = "dataset";
  static final String INDIVIDUAL_SCHEMA = "beacon-individual-v2.0.0";
  static final String BIOSAMPLE_SCHEMA = "beacon-biosample-v2.0.0";
  static final String DATASET_SCHEMA = "beacon-dataset-v2.0.0";
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private SampleEntries() {}

  /** Whether a path (under the beacon's root, no trailing slash) is one of these entry types'. */
  static boolean handles(String path) {
    return path.equals("/individuals") || path.startsWith("/individuals/") || path.equals("/biosamples")
        || path.startsWith("/biosamples/") || path.equals("/datasets") || path.startsWith("/datasets/")
        || path.startsWith("/g_variants/") && (path.endsWith("/individuals") || path.endsWith("/biosamples"));
  }

  static ObjectNode answer(BeaconIdentity identity, BeaconRequest r, String path, JsonNode body) {
    String[] p = path.substring(1).split("/", -1);
    if (p[0].equals("datasets")) {
      return datasets(identity, r, p.length > 1 ? Optional.of(p[1]) : Optional.empty());
    }
    boolean individuals = p[p.length - 1].equals("individuals") || p[0].equals("individuals");
    String entity = individuals ? INDIVIDUAL : BIOSAMPLE;
    String schema = individuals ? INDIVIDUAL_SCHEMA : BIOSAMPLE_SCHEMA;
    boolean single = !p[0].equals("g_variants") && p.length == 2;
    if (p.length > 3 || p.length == 3 && !p[0].equals("g_variants") || p.length == 2 && p[1].isEmpty()) {
      throw new RequestException(ErrorKind.UNKNOWN_OPERATION, "no Beacon endpoint '%s'; see %s/map",
          VariantRequestParser.shorten(path), BeaconService.ROOT);
    }
    // one entry's endpoint answers its record unless asked otherwise, as /g_variants/{id} does
    Granularity fallback = single ? Granularity.RECORD : Granularity.BOOLEAN;
    SampleRequest q = r.method().equals("POST") ? SampleRequest.fromBody(body, fallback)
        : SampleRequest.fromQuery(r.query(), fallback);
    List<BeaconDataset> datasets = chosen(r.datasets(), q.datasetIds());
    checkFilters(datasets, q.filters());
    Optional<VariantId> variant = p[0].equals("g_variants") ? Optional.of(VariantId.parse(p[1])) : Optional.empty();
    Optional<String> id = single ? Optional.of(p[1]) : Optional.empty();
    if (q.granularity() == Granularity.RECORD && datasets.stream().anyMatch(d -> !d.access().sampleRecords())) {
      q = q.withGranularity(Granularity.COUNT); // records name samples: the genotypes tier of every dataset
    }
    List<Hits> hits = new ArrayList<>();
    for (BeaconDataset ds : datasets) {
      hits.add(new Hits(ds, samples(ds, q.filters(), variant, id)));
    }
    return response(identity, q, entity, schema, hits);
  }

  /** A dataset's matching samples (indexes into its engine's sample names), in cohort order. */
  private record Hits(BeaconDataset dataset, List<Integer> samples) {}

  private static List<Integer> samples(BeaconDataset ds, List<String> filters, Optional<VariantId> variant,
      Optional<String> id) {
    List<String> names = ds.engine().sampleNames();
    List<Integer> candidates = new ArrayList<>();
    if (variant.isPresent()) {
      VariantId v = variant.get();
      Optional<AlleleCarriers> carriers = ds.engine().alleleCarriers(v.chrom(), v.pos(), v.ref(), v.alt());
      if (carriers.isPresent()) {
        java.util.TreeSet<Integer> all = new java.util.TreeSet<>();
        for (int s : carriers.get().het()) {
          all.add(s);
        }
        for (int s : carriers.get().hom()) {
          all.add(s);
        }
        candidates.addAll(all);
      }
    } else if (id.isPresent()) {
      int i = names.indexOf(id.get());
      if (i >= 0) {
        candidates.add(i);
      }
    } else {
      for (int i = 0; i < names.size(); i++) {
        candidates.add(i);
      }
    }
    if (filters.isEmpty()) {
      return candidates;
    }
    List<Integer> out = new ArrayList<>();
    for (int i : candidates) {
      if (SampleTerms.matches(terms(ds, names.get(i)).keySet(), filters)) {
        out.add(i);
      }
    }
    return out;
  }

  private static Map<String, String> terms(BeaconDataset ds, String sample) {
    return ds.sheet().flatMap(s -> s.get(sample)).map(SampleTerms::of).orElseGet(SampleTerms::unknown);
  }

  /** Filters name terms some dataset has: an unknown one is a mistake to report, not a silent empty answer. */
  private static void checkFilters(List<BeaconDataset> datasets, List<String> filters) {
    if (filters.isEmpty()) {
      return;
    }
    Set<String> known = new java.util.HashSet<>(Set.of(SampleTerms.FEMALE, SampleTerms.MALE, SampleTerms.UNKNOWN_SEX));
    datasets.forEach(ds -> known.addAll(terms(ds).keySet()));
    for (String f : filters) {
      if (!known.contains(f)) {
        throw RequestException.badArgument("unknown filtering term '%s'; see %s/filtering_terms",
            VariantRequestParser.shorten(f), BeaconService.ROOT);
      }
    }
  }

  /** Every term of a dataset's samples, by id, with labels, sorted. */
  static Map<String, String> terms(BeaconDataset ds) {
    Map<String, String> t = new TreeMap<>();
    ds.sheet().ifPresent(sheet -> {
      for (SampleInfo s : sheet.rows()) {
        t.putAll(SampleTerms.of(s));
      }
    });
    return t;
  }

  private static List<BeaconDataset> chosen(List<BeaconDataset> readable, List<String> ids) {
    if (ids.isEmpty()) {
      return readable;
    }
    List<BeaconDataset> out = new ArrayList<>();
    for (String id : ids) {
      out.add(readable.stream().filter(d -> d.id().equals(id)).findFirst()
          .orElseThrow(() -> new RequestException(ErrorKind.UNKNOWN_SOURCE, "unknown dataset '%s'",
              VariantRequestParser.shorten(id))));
    }
    return out;
  }

  private static ObjectNode response(BeaconIdentity identity, SampleRequest q, String entity, String schema,
      List<Hits> hits) {
    ObjectNode doc = JSON.objectNode();
    ObjectNode meta = doc.putObject("meta");
    meta.put("beaconId", identity.id());
    meta.put("apiVersion", BeaconSchemas.API_VERSION);
    meta.put("returnedGranularity", q.granularity().label());
    meta.putArray("returnedSchemas").addObject().put("entityType", entity).put("schema", schema);
    meta.put("testMode", q.testMode());
    meta.set("receivedRequestSummary", q.summary(entity, schema));
    CountSummary counts = new CountSummary(q.granularity());
    hits.forEach(h -> counts.add(h.dataset().access(), h.samples().size()));
    counts.write(doc);
    if (q.granularity() == Granularity.BOOLEAN) {
      return doc;
    }
    if (q.granularity() == Granularity.COUNT) {
      return doc;
    }
    ArrayNode sets = doc.putObject("response").putArray("resultSets");
    for (Hits h : hits) {
      boolean any = !h.samples().isEmpty();
      if (!q.scope().includes(any)) {
        continue;
      }
      ObjectNode set = sets.addObject();
      set.put("id", h.dataset().id());
      set.put("setType", "dataset");
      set.put("exists", any);
      set.put("resultsCount", h.samples().size());
      ArrayNode results = set.putArray("results");
      List<String> names = h.dataset().engine().sampleNames();
      for (int i = q.skip(); i < h.samples().size() && results.size() < q.limit(); i++) {
        String name = names.get(h.samples().get(i));
        Optional<SampleInfo> info = h.dataset().sheet().flatMap(s -> s.get(name));
        results.add(entity.equals(INDIVIDUAL) ? individual(h.dataset(), name, info) : biosample(h.dataset(), name));
      }
    }
    return doc;
  }

  /** An individual record (individuals' default schema): id, sex, and the sheet's other columns in info. */
  static ObjectNode individual(BeaconDataset ds, String sample, Optional<SampleInfo> info) {
    ObjectNode rec = JSON.objectNode();
    rec.put("id", sample);
    org.dasgrid.core.genotype.cohort.Sex sex = info.map(SampleInfo::sex)
        .orElse(org.dasgrid.core.genotype.cohort.Sex.UNKNOWN);
    rec.putObject("sex").put("id", SampleTerms.sexId(sex)).put("label", sex.label());
    ObjectNode more = rec.putObject("info");
    more.put("datasetId", ds.id());
    info.ifPresent(s -> {
      more.put("phenotype", s.phenotype().label());
      more.put("family", s.family());
      s.father().ifPresent(f -> more.put("father", f));
      s.mother().ifPresent(m -> more.put("mother", m));
      new TreeMap<>(s.groups()).forEach(more::put);
    });
    return rec;
  }

  /** A biosample record: the VCF sample as a specimen of the individual of the same id. */
  static ObjectNode biosample(BeaconDataset ds, String sample) {
    ObjectNode rec = JSON.objectNode();
    rec.put("id", sample);
    rec.put("individualId", sample);
    rec.putObject("biosampleStatus").put("id", "EFO:0009654").put("label", "reference sample");
    rec.putObject("sampleOriginType").put("id", "OBI:0001479").put("label", "specimen from organism");
    rec.putObject("info").put("datasetId", ds.id());
    return rec;
  }

  /** {@code /datasets} and {@code /datasets/{id}}: a collections response of the datasets the client sees. */
  private static ObjectNode datasets(BeaconIdentity identity, BeaconRequest r, Optional<String> id) {
    List<BeaconDataset> list = id.isPresent() ? chosen(r.datasets(), List.of(id.get())) : r.datasets();
    ObjectNode doc = JSON.objectNode();
    ObjectNode meta = doc.putObject("meta");
    meta.put("beaconId", identity.id());
    meta.put("apiVersion", BeaconSchemas.API_VERSION);
    meta.put("returnedGranularity", Granularity.RECORD.label());
    meta.putArray("returnedSchemas").addObject().put("entityType", DATASET).put("schema", DATASET_SCHEMA);
    SampleRequest q = SampleRequest.fromQuery(Map.of(), Granularity.RECORD);
    meta.set("receivedRequestSummary", q.summary(DATASET, DATASET_SCHEMA));
    doc.putObject("responseSummary").put("exists", !list.isEmpty()).put("numTotalResults", list.size());
    ArrayNode collections = doc.putObject("response").putArray("collections");
    for (BeaconDataset ds : list) {
      ObjectNode d = collections.addObject();
      d.put("id", ds.id());
      d.put("name", ds.title());
      d.put("description", ds.description());
      ObjectNode info = d.putObject("info");
      info.put("assemblyId", ds.assemblyId());
      info.put("samples", ds.engine().sampleNames().size());
      info.put("sampleSheet", ds.sheet().isPresent());
    }
    return doc;
  }

  /** The entry types' definitions, for {@code /configuration}, {@code /entry_types} and {@code /map}. */
  static Map<String, ObjectNode> definitions() {
    Map<String, ObjectNode> m = new LinkedHashMap<>();
    m.put(INDIVIDUAL, definition(INDIVIDUAL, "Individuals", "A person whose sample is in a dataset's VCF, with"
        + " sex, phenotype, family and population from the source's sample sheet.", "NCIT:C25190", "Person",
        INDIVIDUAL_SCHEMA, "individuals"));
    m.put(BIOSAMPLE, definition(BIOSAMPLE, "Biosamples", "The specimen of one individual that a VCF sample was"
        + " called from.", "NCIT:C70699", "Biospecimen", BIOSAMPLE_SCHEMA, "biosamples"));
    m.put(DATASET, definition(DATASET, "Datasets", "A genotype source of this server.", "NCIT:C47824",
        "Data set", DATASET_SCHEMA, "datasets"));
    return m;
  }

  private static ObjectNode definition(String id, String name, String description, String term, String label,
      String schema, String model) {
    ObjectNode def = JSON.objectNode();
    def.put("id", id);
    def.put("name", name);
    def.put("description", description);
    def.put("partOfSpecification", "Beacon " + BeaconSchemas.API_VERSION);
    def.putObject("ontologyTermForThisType").put("id", term).put("label", label);
    ObjectNode s = def.putObject("defaultSchema");
    s.put("id", schema);
    s.put("name", "Default schema for " + name.toLowerCase(java.util.Locale.ROOT));
    s.put("referenceToSchemaDefinition", BeaconSchemas.BASE + "models/json/beacon-v2-default-model/" + model
        + "/defaultSchema.json");
    s.put("schemaVersion", BeaconSchemas.API_VERSION);
    def.putArray("additionallySupportedSchemas");
    def.put("nonFilteredQueriesAllowed", true);
    return def;
  }

  /** The path of each entry type under the beacon's root. */
  static String rootPath(String entryType) {
    return switch (entryType) {
      case INDIVIDUAL -> "/individuals";
      case BIOSAMPLE -> "/biosamples";
      default -> "/datasets";
    };
  }

  /** The {@code /filtering_terms} terms: every sample term of the datasets the client sees. */
  static void filteringTerms(List<BeaconDataset> datasets, ArrayNode out, ArrayNode resources) {
    Map<String, String> all = new TreeMap<>();
    all.put(SampleTerms.FEMALE, "female");
    all.put(SampleTerms.MALE, "male");
    all.put(SampleTerms.UNKNOWN_SEX, "unknown");
    datasets.forEach(ds -> all.putAll(terms(ds)));
    all.forEach((id, label) -> {
      ObjectNode t = out.addObject();
      t.put("type", id.startsWith("NCIT:") ? "NCI Thesaurus OBO Edition" : "custom");
      t.put("id", id);
      t.put("label", label);
      t.putArray("scopes").add(INDIVIDUAL).add(BIOSAMPLE);
    });
    ObjectNode ncit = resources.addObject();
    ncit.put("id", "ncit");
    ncit.put("name", "NCI Thesaurus OBO Edition");
    ncit.put("url", "http://purl.obolibrary.org/obo/ncit.owl");
    ncit.put("nameSpacePrefix", "NCIT");
    ncit.put("iriPrefix", "http://purl.obolibrary.org/obo/NCIT_");
  }
}
