package org.dasgrid.core.config;

/**
 * The DAS coordinate system of a source: who assembled the reference ({@code authority}, e.g. BDGP), its
 * version, the NCBI taxonomy id and the kind of reference ({@code Chromosome}, {@code Contig}...).
 */
public record Coordinates(String authority, String version, Integer taxid, String source) {
  public static final Coordinates UNKNOWN = new Coordinates("", "", null, "Chromosome");

  public Coordinates {
    authority = authority == null ? "" : authority;
    version = version == null ? "" : version;
    source = source == null || source.isBlank() ? "Chromosome" : source;
  }

  /** A label such as {@code BDGP_5,Chromosome,Drosophila} as the DAS registry writes coordinate systems. */
  public String label() {
    StringBuilder sb = new StringBuilder();
    sb.append(authority.isEmpty() ? "unknown" : authority);
    if (!version.isEmpty()) {
      sb.append('_').append(version);
    }
    sb.append(',').append(source);
    return sb.toString();
  }
}
