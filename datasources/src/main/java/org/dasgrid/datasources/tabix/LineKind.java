package org.dasgrid.datasources.tabix;

import htsjdk.tribble.index.tabix.TabixFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.Interner;
import org.dasgrid.datasources.bed.BedOptions;
import org.dasgrid.datasources.bed.BedRecords;
import org.dasgrid.datasources.gff.Gff2Records;
import org.dasgrid.datasources.gff.Gff3Records;
import org.dasgrid.datasources.vcf.VcfSiteFeatures;

/**
 * What a tabix-indexed file holds, and how its lines become features. Told by the {@code content:} option or,
 * without one, by the index's preset: tabix's VCF preset means VCF, its zero-based (UCSC) flag BED, and the
 * generic preset on columns 1, 4, 5 GFF3 (a GTF needs {@code content: gtf} or a {@code .gtf.gz} name, a GFF2
 * {@code content: gff2} or a {@code .gff2.gz} name).
 */
enum LineKind {
  GFF3(true, false),
  /** GFF2 (WormBase style): {@code content: gff2} or a {@code .gff2.gz} name, as tabix's presets cannot tell. */
  GFF2(true, false),
  /** GTF with its gene and transcript lines (GENCODE, Ensembl); the scan refuses files that lack them. */
  GTF(true, false),
  BED(false, false),
  /** Found by record ID too, as the in-memory vcf format: {@code rs1} finds {@code rs1:T} and {@code rs1:G}. */
  VCF(false, true);

  /** Whether lines name parents on other lines (GFF3 Parent), which the source must link to their parts. */
  final boolean linksAcrossLines;
  /** Whether {@code feature_id=} also finds features by a label that is not their id. */
  final boolean findsByLabel;

  LineKind(boolean linksAcrossLines, boolean findsByLabel) {
    this.linksAcrossLines = linksAcrossLines;
    this.findsByLabel = findsByLabel;
  }

  static LineKind of(String option, TabixFormat format, String fileName) {
    if (option != null) {
      try {
        return valueOf(option.trim().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("options.content must be gff3, gff2, gtf, bed or vcf, not '" + option
            + "'");
      }
    }
    int preset = format.flags & 0xffff;
    if (preset == TabixFormat.VCF_FLAGS) {
      return VCF;
    }
    if ((format.flags & TabixFormat.UCSC_FLAGS) != 0) {
      return BED;
    }
    if (preset == TabixFormat.GENERIC_FLAGS && format.sequenceColumn == 1 && format.startPositionColumn == 4
        && format.endPositionColumn == 5) {
      if (fileName.endsWith(".gtf.gz") || fileName.endsWith(".gtf.bgz")) {
        return GTF;
      }
      return fileName.endsWith(".gff2.gz") || fileName.endsWith(".gff2.bgz") ? GFF2 : GFF3;
    }
    throw new IllegalArgumentException("cannot tell what the indexed file holds from its tabix preset;"
        + " set options: {content: gff3|gff2|gtf|bed|vcf}");
  }

  /** Turns the lines of one file into features; one per load or query (decoders are not thread-safe). */
  interface Decoder {
    /** The features of a data line, parts of one line already linked; empty for lines without one. */
    List<Feature.Builder> decode(String line);
  }

  /** A decoder of formats whose data lines are one feature each ({@code decode} gives null for other lines). */
  private static Decoder oneFeaturePerLine(Function<String, Feature.Builder> decode) {
    return line -> {
      Feature.Builder b = decode.apply(line);
      return b == null ? List.of() : List.of(b);
    };
  }

  /** A decoder for lines of this kind. */
  Decoder decoder(SourceConfig config, Interner pool) {
    switch (this) {
      case GFF3: {
        Gff3Records r = new Gff3Records(pool);
        return oneFeaturePerLine(r::decode);
      }
      case GFF2: {
        Gff2Records r = Gff2Records.gff2(pool);
        return oneFeaturePerLine(r::decode);
      }
      case GTF: {
        Gff2Records r = Gff2Records.gtf(pool);
        return oneFeaturePerLine(r::decode);
      }
      case BED: {
        BedRecords r = new BedRecords(BedOptions.of(config), pool);
        return new BedDecoder(r);
      }
      default: {
        // the same features as the in-memory vcf format, from the same code
        VcfSiteFeatures r = new VcfSiteFeatures(pool, config.option("method", "VCF"));
        return r::decode;
      }
    }
  }

  /** BED lines, keeping the decoder's colours for the stylesheet. */
  static final class BedDecoder implements Decoder {
    private final BedRecords records;

    BedDecoder(BedRecords records) {
      this.records = records;
    }

    @Override
    public List<Feature.Builder> decode(String line) {
      return BedRecords.isData(line) ? records.decodeBuilders(line) : List.of();
    }

    Map<String, String> typeColours() {
      return records.typeColours();
    }
  }
}
