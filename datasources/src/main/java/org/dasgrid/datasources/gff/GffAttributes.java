package org.dasgrid.datasources.gff;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.Link;
import org.dasgrid.core.feature.Interner;
import org.dasgrid.core.feature.Orientation;
import org.dasgrid.core.feature.Target;

/**
 * Maps GFF attributes onto DAS feature parts, the same way for GFF2, GFF3 and GTF: {@code Note} to NOTE,
 * {@code Dbxref} to LINK, {@code Target} to TARGET, and every other attribute that is not structure (ids,
 * parents, names) to a {@code key=value} NOTE per value so no information in the file is lost.
 */
final class GffAttributes {
  /** Attributes that become structure rather than notes. */
  static final Set<String> STRUCTURAL = Set.of("ID", "Name", "Parent", "Note", "Dbxref", "Target");

  /** Where database cross-references point; others go through identifiers.org. */
  private static final Map<String, String> DBXREF_URLS = Map.ofEntries(
      Map.entry("flybase", "http://flybase.org/reports/"),
      Map.entry("fbgn", "http://flybase.org/reports/"),
      Map.entry("gb", "https://www.ncbi.nlm.nih.gov/nuccore/"),
      Map.entry("gb_protein", "https://www.ncbi.nlm.nih.gov/protein/"),
      Map.entry("refseq", "https://www.ncbi.nlm.nih.gov/nuccore/"),
      Map.entry("geneid", "https://www.ncbi.nlm.nih.gov/gene/"),
      Map.entry("entrezgene", "https://www.ncbi.nlm.nih.gov/gene/"),
      Map.entry("uniprot", "https://www.uniprot.org/uniprot/"),
      Map.entry("uniprot/trembl", "https://www.uniprot.org/uniprot/"),
      Map.entry("uniprot/swiss-prot", "https://www.uniprot.org/uniprot/"),
      Map.entry("ensembl", "https://www.ensembl.org/id/"),
      Map.entry("wormbase", "https://wormbase.org/search/all/"),
      Map.entry("interpro", "https://www.ebi.ac.uk/interpro/entry/interpro/"),
      Map.entry("hgnc", "https://www.genenames.org/data/gene-symbol-report/#!/hgnc_id/"));

  private GffAttributes() {}

  /** A link for a {@code DB:ID} cross-reference; its href shares the database's URL prefix with the others. */
  static Link dbxref(String xref, Interner pool) {
    int colon = xref.indexOf(':');
    if (colon <= 0 || colon == xref.length() - 1) {
      return Link.toDatabase(pool.intern("https://identifiers.org/"), xref, 0);
    }
    String db = xref.substring(0, colon);
    String base = DBXREF_URLS.get(db.toLowerCase(Locale.ROOT));
    return base != null ? Link.toDatabase(pool.intern(base), xref, colon + 1)
        : Link.toDatabase(pool.intern("https://identifiers.org/"), xref, 0);
  }

  /**
   * Parses a GFF3 {@code Target} value, {@code id start stop [strand]}; returns null when it is not of
   * that shape (the value is then kept as a note, and written back as it was).
   */
  static Target target(String value) {
    // read from the end: the id may hold spaces (written %20 in the file, decoded by now)
    String[] parts = value.trim().split("\\s+");
    int n = parts.length;
    Orientation strand = Orientation.NONE;
    if (n >= 4 && parts[n - 1].matches("[+-]")) {
      strand = Orientation.fromStrand(parts[--n]);
    }
    if (n < 3) {
      return null;
    }
    try {
      int start = Integer.parseInt(parts[n - 2]);
      int stop = Integer.parseInt(parts[n - 1]);
      String id = String.join(" ", java.util.Arrays.copyOf(parts, n - 2));
      return new Target(id, start, stop, id, strand);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** Notes up to this long are shared between features: short values repeat ({@code parent_type=mRNA}). */
  private static final int SHARED_NOTE_LENGTH = 64;

  /**
   * A {@code key=value} note, one shared instance per distinct short note: over a genome's features a few
   * thousand such notes repeat millions of times, and each copy would cost about 60 bytes of heap.
   */
  static String note(Interner pool, String key, String value) {
    String note = key + "=" + value;
    return note.length() <= SHARED_NOTE_LENGTH ? pool.intern(note) : note;
  }

  /** Adds the attributes that are not structure to the builder as NOTE / LINK / TARGET. */
  static void addAnnotations(Feature.Builder b, Map<String, List<String>> attributes, Interner pool) {
    for (Map.Entry<String, List<String>> e : attributes.entrySet()) {
      String key = e.getKey();
      switch (key) {
        case "Note":
          for (String v : e.getValue()) {
            b.note(v);
          }
          break;
        case "Dbxref":
          for (String v : e.getValue()) {
            b.link(dbxref(v, pool));
          }
          break;
        case "Target":
          for (String v : e.getValue()) {
            Target t = target(v);
            if (t != null) {
              b.target(t);
            } else {
              b.note("Target=" + v);
            }
          }
          break;
        case "ID":
        case "Name":
        case "Parent":
          break;
        default:
          // one note per value: a value's own commas (escaped as %2C in the file) stay apart from the commas
          // between values, so the GFF3 writer gives back the attribute as it was
          for (String v : e.getValue()) {
            b.note(note(pool, key, v));
          }
      }
    }
  }
}
