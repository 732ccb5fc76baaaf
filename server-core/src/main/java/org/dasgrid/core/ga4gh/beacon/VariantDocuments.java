package org.dasgrid.core.ga4gh.beacon;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.dasgrid.core.genotype.AlleleCarriers;
import org.dasgrid.core.genotype.VariantRow;

/**
 * The {@code /g_variants} answers: {@code beaconBooleanResponse} (does any dataset have a match), {@code
 * beaconCountResponse} (how many variants, in all and per dataset), {@code beaconResultsetsResponse} (the
 * records, per dataset, as {@code includeResultsetResponses} chooses). Records follow the genomicVariations
 * default schema with a legacy variation; their counts go in {@code frequencyInPopulations}, the dataset's
 * whole cohort being the population.
 */
final class VariantDocuments {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  /** Beacon bases: what a legacy variation's referenceBases/alternateBases may hold. */
  private static final java.util.regex.Pattern BASES = java.util.regex.Pattern.compile("[ACGTUNRYSWKMBDHV.\\-]*");

  private VariantDocuments() {}

  static ObjectNode response(BeaconIdentity identity, BeaconRequest r, VariantRequest q, List<DatasetHits> hits) {
    CountSummary counts = new CountSummary(q.granularity());
    hits.forEach(h -> counts.add(h.dataset().access(), h.count()));
    ObjectNode doc = JSON.objectNode();
    doc.set("meta", meta(identity, q));
    counts.write(doc);
    if (q.granularity() == Granularity.BOOLEAN) {
      return doc;
    }
    if (q.granularity() == Granularity.COUNT && q.scope() == ResultsetScope.NONE) {
      return doc;
    }
    ArrayNode sets = doc.putObject("response").putArray("resultSets");
    for (DatasetHits h : hits) {
      if (!q.scope().includes(h.exists())) {
        continue;
      }
      ObjectNode set = sets.addObject();
      set.put("id", h.dataset().id());
      set.put("setType", "dataset");
      set.put("exists", h.exists());
      // a count answer's result sets are counts too: floored as the summary's
      long count = q.granularity() == Granularity.RECORD ? h.count() : h.dataset().access().report(h.count());
      set.put("resultsCount", count);
      ArrayNode results = set.putArray("results");
      for (VariantRow row : h.page()) {
        results.add(record(h.dataset(), row, r.serverUrl()));
      }
    }
    return doc;
  }

  private static ObjectNode meta(BeaconIdentity identity, VariantRequest q) {
    ObjectNode meta = JSON.objectNode();
    meta.put("beaconId", identity.id());
    meta.put("apiVersion", BeaconSchemas.API_VERSION);
    meta.put("returnedGranularity", q.granularity().label());
    ArrayNode schemas = meta.putArray("returnedSchemas");
    schemas.addObject().put("entityType", BeaconService.ENTRY_TYPE).put("schema", BeaconSchemas.VARIANT_SCHEMA);
    meta.put("testMode", q.testMode());
    ObjectNode summary = meta.putObject("receivedRequestSummary");
    summary.put("apiVersion", BeaconSchemas.API_VERSION);
    summary.putArray("requestedSchemas").addObject().put("entityType", BeaconService.ENTRY_TYPE)
        .put("schema", BeaconSchemas.VARIANT_SCHEMA);
    summary.putObject("pagination").put("skip", q.skip()).put("limit", q.limit());
    summary.put("requestedGranularity", q.granularity().label());
    summary.put("includeResultsetResponses", q.scope().name());
    summary.put("testMode", q.testMode());
    // the genomicVariations request parameters' schema nests them under g_variant
    summary.putObject("requestParameters").set("g_variant", q.parameters());
    return meta;
  }

  /** One genomicVariation record: the legacy variation, ids, the dataset's counts, and its carriers if allowed. */
  static ObjectNode record(BeaconDataset ds, VariantRow row, String serverUrl) {
    ObjectNode rec = JSON.objectNode();
    rec.put("variantInternalId", VariantId.of(row));
    AlleleShape shape = AlleleShape.of(row.ref(), row.alt());
    ObjectNode variation = rec.putObject("variation");
    variation.put("variantType", shape.type());
    variation.put("referenceBases", bases(row.ref()));
    variation.put("alternateBases", bases(row.alt()));
    int start0 = row.pos() - 1;
    ObjectNode location = variation.putObject("location");
    location.put("type", "SequenceLocation");
    location.put("sequence_id", sequenceId(ds, row.chrom()));
    ObjectNode interval = location.putObject("interval");
    interval.put("type", "SequenceInterval");
    interval.putObject("start").put("type", "Number").put("value", start0);
    // Beacon's 0-based exclusive end is the VCF's END (a <DEL>'s END, not POS + len(REF) - 1)
    interval.putObject("end").put("type", "Number").put("value", SiteEnds.of(ds, row));
    row.id().ifPresent(id -> identifiers(rec, id));
    ArrayNode freq = rec.putArray("frequencyInPopulations");
    ObjectNode f = freq.addObject();
    f.put("source", ds.title());
    f.put("sourceReference", serverUrl + "/api/sources/" + ds.id());
    ObjectNode pop = f.putArray("frequencies").addObject();
    pop.put("population", ds.id());
    // a matched variant has a carrier, so a called allele: AN > 0
    pop.put("alleleFrequency", row.an() == 0 ? 0.0 : (double) row.ac() / row.an());
    pop.put("alleleCount", row.ac());
    pop.put("alleleNumber", row.an());
    pop.put("heterozygotes", row.het());
    pop.put("homozygotes", row.hom());
    pop.put("carriers", row.het() + row.hom());
    if (ds.caseLevel()) {
      caseLevel(rec, ds, row);
    }
    return rec;
  }

  private static void identifiers(ObjectNode rec, String ids) {
    ArrayNode alt = JSON.arrayNode();
    for (String id : ids.split(";")) {
      String t = id.trim();
      if (t.isEmpty() || t.equals(".")) {
        continue;
      }
      ObjectNode ref = alt.addObject();
      if (t.toLowerCase(Locale.ROOT).matches("rs[0-9]+")) {
        ref.put("id", "dbSNP:" + t);
        ref.put("reference", "https://www.ncbi.nlm.nih.gov/snp/" + t);
      } else {
        ref.put("id", t);
      }
    }
    if (!alt.isEmpty()) {
      rec.putObject("identifiers").set("variantAlternativeIds", alt);
    }
  }

  private static void caseLevel(ObjectNode rec, BeaconDataset ds, VariantRow row) {
    Optional<AlleleCarriers> carriers = ds.engine().alleleCarriers(row.chrom(), row.pos(), row.ref(), row.alt());
    if (carriers.isEmpty()) {
      return; // this engine cannot say per sample
    }
    List<String> names = ds.engine().sampleNames();
    int[] het = carriers.get().het();
    int[] hom = carriers.get().hom();
    ArrayNode cases = rec.putArray("caseLevelData");
    // in cohort order, as the genotype API lists samples
    for (int i = 0, j = 0; i < het.length || j < hom.length; ) {
      boolean isHet = j >= hom.length || i < het.length && het[i] < hom[j];
      int s = isHet ? het[i++] : hom[j++];
      ObjectNode c = cases.addObject();
      c.put("biosampleId", names.get(s));
      c.put("individualId", names.get(s));
      ObjectNode z = c.putObject("zygosity");
      z.put("id", isHet ? "GENO:0000135" : "GENO:0000136");
      z.put("label", isHet ? "heterozygous" : "homozygous");
    }
  }

  /** A VRS sequence id for a contig: a CURIE of the dataset's assembly (or, lacking one, the dataset). */
  private static String sequenceId(BeaconDataset ds, String chrom) {
    String assembly = ds.assemblyId();
    return (assembly.isEmpty() ? "dasgrid." + ds.id() : assembly) + ":" + chrom;
  }

  /** A VCF allele as Beacon bases: upper case; a symbolic allele or breakend (no bases) as {@code N}. */
  private static String bases(String allele) {
    String up = allele.toUpperCase(Locale.ROOT);
    return BASES.matcher(up).matches() ? up : "N";
  }
}
