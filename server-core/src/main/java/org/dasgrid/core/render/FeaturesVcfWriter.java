package org.dasgrid.core.render;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.VcfSite;
import org.dasgrid.core.segment.Segment;

/**
 * Streams the features of a VCF source as VCF 4.2 ({@code format=vcf}), sites only: one record per feature,
 * rebuilt from the {@link VcfSite} notes. {@code CHROM}, {@code POS}, {@code ID} (the record's ID, or {@code
 * .}), {@code REF}, {@code ALT}, {@code QUAL} and {@code FILTER} as in the source file; {@code INFO} is {@code
 * END=} when the feature reaches past its REF bases (symbolic alleles), else {@code .}.
 *
 * <p><b>A multi-allelic record comes out split</b>, one record per ALT allele, as {@code bcftools norm -m-}
 * writes it ({@code bcftools norm -m+} joins them again). Split, because one line per feature keeps {@code
 * rows=}, {@code type=} and the response limit counting the same things as in the other formats, and because
 * the ALTs of one record could not be told from separate records at the same position and REF.
 *
 * <p>The header ({@code ##fileformat}, {@code ##INFO} for {@code END}, a {@code ##contig} line with length for
 * each reference of the answer, then {@code #CHROM...INFO}) must precede every record, and VCF has no place
 * for anything else after it: so the references and the DAS problems of the answer (unknown or out-of-range
 * segments, unknown feature ids) are given to the constructor as a {@link Header}, and the problems are
 * written there as {@code ##UNKNOWNSEGMENT=id}, {@code ##ERRORSEGMENT=id:start,stop} and {@code
 * ##UNKNOWNFEATURE=id} meta lines; the document's own problem calls then add nothing. Records come in the
 * order of the DAS answer (by start within each segment).
 */
public final class FeaturesVcfWriter implements FeatureDocument {
  private final Writer w;
  private final Header header;

  public FeaturesVcfWriter(OutputStream out, Header header) {
    this.w = TextOutput.writer(out);
    this.header = header;
  }

  /** What the header says, collected before the answer is written. Not thread-safe. */
  public static final class Header {
    private final Map<String, Integer> contigs = new LinkedHashMap<>();
    private final List<String> problems = new ArrayList<>();

    /** A reference some features of the answer are on, with its length; each is listed once. */
    public Header contig(String name, int length) {
      contigs.merge(name, length, Math::max);
      return this;
    }

    public Header unknownSegment(String id) {
      problems.add("##UNKNOWNSEGMENT=" + TextOutput.field(id));
      return this;
    }

    public Header errorSegment(String id, long start, long stop) {
      problems.add("##ERRORSEGMENT=" + TextOutput.field(id) + ":" + start + "," + stop);
      return this;
    }

    public Header unknownFeature(String id) {
      problems.add("##UNKNOWNFEATURE=" + TextOutput.field(id));
      return this;
    }
  }

  @Override
  public void begin(String href) throws IOException {
    w.write("##fileformat=VCFv4.2\n");
    w.write("##source=DasGrid features ");
    w.write(TextOutput.field(href));
    w.write('\n');
    w.write("##INFO=<ID=END,Number=1,Type=Integer,Description=\"End position of the variant\">\n");
    for (Map.Entry<String, Integer> c : header.contigs.entrySet()) {
      w.write("##contig=<ID=");
      w.write(TextOutput.field(c.getKey()));
      w.write(",length=");
      w.write(Integer.toString(c.getValue()));
      w.write(">\n");
    }
    for (String p : header.problems) {
      w.write(p);
      w.write('\n');
    }
    w.write("#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\n");
  }

  @Override
  public void beginSegment(String id, Segment segment, String version, String label) {}

  @Override
  public void feature(Feature f) throws IOException {
    String ref = required(f, VcfSite.REF);
    String alt = required(f, VcfSite.ALT);
    w.write(TextOutput.field(f.ref()));
    w.write('\t');
    w.write(Integer.toString(f.start()));
    w.write('\t');
    w.write(TextOutput.field(VcfSite.recordId(f).orElse(".")));
    w.write('\t');
    w.write(TextOutput.field(ref));
    w.write('\t');
    w.write(TextOutput.field(alt));
    w.write('\t');
    w.write(TextOutput.field(VcfSite.note(f, VcfSite.QUAL).orElse(".")));
    w.write('\t');
    w.write(TextOutput.field(VcfSite.note(f, VcfSite.FILTER).orElse(".")));
    w.write('\t');
    if (f.end() != f.start() + ref.length() - 1) {
      w.write("END=");
      w.write(Integer.toString(f.end()));
    } else {
      w.write('.');
    }
    w.write('\n');
  }

  private static String required(Feature f, String key) {
    return VcfSite.note(f, key).orElseThrow(() ->
        new IllegalStateException("feature " + f.id() + " is not a VCF site: no " + key + " note"));
  }

  @Override
  public void endSegment() {}

  /** Already in the header (see the class comment). */
  @Override
  public void unknownSegment(String id) {}

  /** Already in the header (see the class comment). */
  @Override
  public void errorSegment(String id, long start, long stop) {}

  /** Already in the header (see the class comment). */
  @Override
  public void unknownFeature(String id) {}

  @Override
  public void end() throws IOException {
    w.flush();
  }
}
