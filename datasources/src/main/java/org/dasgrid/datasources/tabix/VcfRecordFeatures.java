package org.dasgrid.datasources.tabix;

import htsjdk.tribble.TribbleException;
import htsjdk.tribble.readers.LineIterator;
import htsjdk.variant.variantcontext.Allele;
import htsjdk.variant.variantcontext.VariantContext;
import htsjdk.variant.vcf.VCFCodec;
import htsjdk.variant.vcf.VCFHeader;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.feature.Interner;
import org.dasgrid.core.feature.Method;
import org.dasgrid.datasources.io.MalformedRecord;

/**
 * VCF sites as DAS features, decoded by htsjdk's {@link VCFCodec} (genotypes are left undecoded). The type is
 * the variant class ({@code SNV}, {@code MNV}, {@code insertion}, {@code deletion}, {@code indel} for
 * insertions and deletions at one site, {@code structural_variant} for symbolic alleles and breakends,
 * {@code sequence_alteration} for other mixes); the VCF ID is the id and label (without one, the id is
 * generated as for GFF and the label is {@code CHROM:POS REF>ALT}); QUAL is the score; REF, ALT, QUAL and
 * FILTER are notes. The feature covers the REF bases, or POS to {@code INFO/END}, as tabix indexes it.
 *
 * <p>Kept apart from any one reader so that every VCF-backed source can share it. Not thread-safe; one per
 * load or query.
 */
public final class VcfRecordFeatures {
  private final VCFCodec codec = new VCFCodec();
  private final Interner pool;
  private final Method method;

  /** @param headerLines the file's {@code #} lines, through {@code #CHROM} */
  public VcfRecordFeatures(List<String> headerLines, String method, Interner pool) {
    this.pool = pool;
    this.method = pool.method(method);
    try {
      Object header = codec.readActualHeader(new Lines(headerLines.iterator()));
      if (!(header instanceof VCFHeader)) {
        throw new MalformedRecord("no VCF header");
      }
    } catch (TribbleException e) {
      throw new MalformedRecord("bad VCF header: " + firstLine(e.getMessage()));
    }
  }

  /** The header as htsjdk read it (contig lengths, samples). */
  public VCFHeader header() {
    return codec.getHeader();
  }

  /**
   * The feature of a data line.
   *
   * @throws MalformedRecord if the line is not a valid VCF record
   */
  public Feature.Builder decode(String line) {
    VariantContext vc;
    try {
      vc = codec.decode(line);
    } catch (TribbleException | IllegalArgumentException | IllegalStateException e) {
      throw new MalformedRecord(firstLine(e.getMessage()));
    }
    if (vc == null) {
      return null;
    }
    String ref = pool.intern(vc.getContig());
    if (vc.getEnd() < vc.getStart()) {
      throw new MalformedRecord("END " + vc.getEnd() + " < POS " + vc.getStart());
    }
    Feature.Builder b = Feature.builder(ref, vc.getStart(), vc.getEnd())
        .type(type(vc))
        .method(method);
    String alts = alts(vc);
    String refBases = vc.getReference().getDisplayString();
    if (vc.hasID()) {
      b.id(vc.getID()).label(vc.getID());
    } else {
      b.label(ref + ":" + vc.getStart() + " " + abbreviate(refBases) + ">" + abbreviate(alts));
    }
    if (vc.hasLog10PError()) {
      b.score(vc.getPhredScaledQual());
    }
    b.note("REF=" + refBases);
    b.note("ALT=" + alts);
    b.note("QUAL=" + (vc.hasLog10PError() ? formatQual(vc.getPhredScaledQual()) : "."));
    b.note(pool.intern("FILTER=" + filter(vc)));
    return b;
  }

  /** The variant class of a record, as a DAS type. */
  FeatureType type(VariantContext vc) {
    return pool.type(variantClass(vc));
  }

  static String variantClass(VariantContext vc) {
    switch (vc.getType()) {
      case SNP:
        return "SNV";
      case MNP:
        return "MNV";
      case SYMBOLIC:
        return "structural_variant";
      case INDEL:
        return indelClass(vc);
      default:
        return "sequence_alteration";
    }
  }

  private static String indelClass(VariantContext vc) {
    int refLength = vc.getReference().length();
    boolean longer = false;
    boolean shorter = false;
    for (Allele a : vc.getAlternateAlleles()) {
      longer |= a.length() > refLength;
      shorter |= a.length() < refLength;
    }
    if (longer && !shorter) {
      return "insertion";
    }
    if (shorter && !longer) {
      return "deletion";
    }
    return "indel";
  }

  private static String alts(VariantContext vc) {
    List<Allele> alts = vc.getAlternateAlleles();
    if (alts.isEmpty()) {
      return ".";
    }
    StringBuilder sb = new StringBuilder();
    for (Allele a : alts) {
      if (sb.length() > 0) {
        sb.append(',');
      }
      sb.append(a.getDisplayString());
    }
    return sb.toString();
  }

  private static String filter(VariantContext vc) {
    if (!vc.filtersWereApplied()) {
      return ".";
    }
    if (vc.getFilters().isEmpty()) {
      return "PASS";
    }
    return String.join(";", new ArrayList<>(vc.getFilters()));
  }

  private static String formatQual(double q) {
    return q == Math.rint(q) ? Long.toString((long) q) : String.format(Locale.ROOT, "%.2f", q);
  }

  private static String abbreviate(String s) {
    return s.length() <= 20 ? s : s.substring(0, 17) + "...";
  }

  private static String firstLine(String m) {
    if (m == null) {
      return "malformed VCF record";
    }
    int nl = m.indexOf('\n');
    String s = nl < 0 ? m : m.substring(0, nl);
    return s.length() <= 160 ? s : s.substring(0, 157) + "...";
  }

  /** Hands header lines to the codec. */
  private static final class Lines implements LineIterator {
    private final Iterator<String> it;
    private String next;

    Lines(Iterator<String> it) {
      this.it = it;
      this.next = it.hasNext() ? it.next() : null;
    }

    @Override
    public String peek() {
      return next;
    }

    @Override
    public boolean hasNext() {
      return next != null;
    }

    @Override
    public String next() {
      String s = next;
      next = it.hasNext() ? it.next() : null;
      return s;
    }
  }
}
