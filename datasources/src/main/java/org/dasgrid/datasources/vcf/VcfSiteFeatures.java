package org.dasgrid.datasources.vcf;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.Interner;
import org.dasgrid.core.feature.Method;
import org.dasgrid.core.feature.VariantClass;
import org.dasgrid.core.feature.VcfSite;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.io.MalformedRecord;

/**
 * VCF records as DAS site features ({@link VcfSite} describes them), for every reader of VCF: the in-memory
 * {@code vcf} format and tabix-indexed VCF files both build their features here, so they answer alike. Not
 * thread-safe; one per load or query.
 */
public final class VcfSiteFeatures {
  /** Notes up to this length ({@code REF=A}, {@code FILTER=PASS}) repeat endlessly and are shared. */
  private static final int SHARED_NOTE_LENGTH = 16;

  private final Interner pool;
  private final Method method;
  private final VcfLine line = new VcfLine();

  public VcfSiteFeatures(Interner pool, String method) {
    this.pool = pool;
    this.method = pool.method(method);
  }

  /**
   * The features of one data line (from a tabix region); empty for a record without ALT alleles.
   *
   * @throws MalformedRecord if the line is not a valid VCF record
   */
  public List<Feature.Builder> decode(String text) {
    byte[] b = text.getBytes(StandardCharsets.UTF_8);
    try {
      line.parse(b, 0, b.length);
      List<Feature.Builder> out = new ArrayList<>(line.alts.size());
      for (String alt : line.alts) {
        out.add(feature(line, alt));
      }
      return out;
    } catch (VcfFormatException e) {
      throw new MalformedRecord(e.getMessage());
    }
  }

  /** The feature of one ALT allele of a parsed record. */
  Feature.Builder feature(VcfLine r, String alt) {
    Feature.Builder f = Feature.builder(r.chrom, r.pos, r.end)
        .type(pool.type(VariantClass.of(r.ref, alt).featureType()))
        .method(method)
        .note(note(VcfSite.REF, r.ref))
        .note(note(VcfSite.ALT, alt))
        .note(note(VcfSite.QUAL, r.qual))
        .note(note(VcfSite.FILTER, r.filter));
    if (!r.id.equals(".")) {
      // the ALT alleles of a multi-allelic record are separate features: keep their ids apart
      f.id(r.alts.size() == 1 ? r.id : r.id + ":" + alt).label(r.id);
    }
    try {
      if (!r.qual.equals(".")) {
        f.score(Double.parseDouble(r.qual));
      }
    } catch (NumberFormatException e) {
      throw new VcfFormatException("bad QUAL '" + r.qual + "'");
    }
    return f;
  }

  private String note(String key, String value) {
    String note = key + value;
    return note.length() <= SHARED_NOTE_LENGTH ? pool.intern(note) : note;
  }

  /**
   * The references a VCF header declares with {@code ##contig}, in order, with their lengths (0 when a line
   * gives none), read as the in-memory format reads them (htsjdk parses the header).
   *
   * @param headerLines the {@code #} lines, through {@code #CHROM}
   */
  public static Map<String, Integer> declaredContigs(List<String> headerLines, Path file)
      throws SourceLoadException {
    byte[] text = (String.join("\n", headerLines) + "\n").getBytes(StandardCharsets.UTF_8);
    VcfHeader header;
    try {
      header = VcfHeader.read(new ByteLines(new ByteArrayInputStream(text)), file);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e); // reading from memory
    }
    Map<String, Integer> out = new LinkedHashMap<>();
    for (VcfHeader.Contig c : header.contigs()) {
      out.merge(c.name(), c.length().orElse(0), Math::max);
    }
    return out;
  }
}
