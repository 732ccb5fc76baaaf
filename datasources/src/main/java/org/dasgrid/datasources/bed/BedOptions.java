package org.dasgrid.datasources.bed;

import org.dasgrid.core.config.SourceConfig;

/**
 * How BED lines become DAS features, from the source's {@code options:}. BED has no type column, so the type
 * of a line ({@code type}, default {@code region}) and of its BED12 blocks ({@code blockType}, default {@code
 * exon}, as most BED12 files are gene models) come from the config, as does the DAS method ({@code method},
 * default {@code BED}).
 */
public record BedOptions(String type, String blockType, String method) {
  public static final BedOptions DEFAULTS = new BedOptions("region", "exon", "BED");

  public static BedOptions of(SourceConfig config) {
    return new BedOptions(config.option("type", DEFAULTS.type()),
        config.option("blockType", DEFAULTS.blockType()), config.option("method", DEFAULTS.method()));
  }
}
