package org.dasgrid.datasources.io;

import java.util.Optional;
import java.util.zip.Inflater;

/**
 * Where the raw-deflate {@link Inflater}s that decompress BGZF blocks come from: the JDK's (zlib) or Intel's
 * ISA-L through GKL ({@link #intelOrJdk}), which inflates the same bytes two to three times faster. One
 * inflater per thread; a block is inflated whole ({@code reset}, {@code setInput}, {@code inflate}), the only
 * use GKL's {@code IntelInflater} supports (it is what htsjdk's BGZF reader does with it in GATK).
 */
public interface BlockInflater {
  /** A new inflater for raw deflate data (a gzip member's body, no zlib wrapper). */
  Inflater newInflater();

  /** A short name for messages and benchmark logs ("zlib (JDK)", "ISA-L (Intel GKL)"). */
  String name();

  /** The JDK's zlib inflater. */
  static BlockInflater jdk() {
    return JdkBlockInflater.INSTANCE;
  }

  /**
   * Intel GKL's ISA-L inflater when its native library loads on this machine (x86-64 Linux/macOS), else
   * empty, with why in {@link Choice#fallback}.
   */
  static Choice intelOrJdk() {
    return IntelBlockInflater.load()
        .map(intel -> new Choice(intel, Optional.<String>empty()))
        .orElseGet(() -> new Choice(jdk(), Optional.of("the Intel GKL (ISA-L) native inflater did not load on "
            + System.getProperty("os.name") + "/" + System.getProperty("os.arch")
            + "; decompressing with the JDK's zlib inflater (slower)")));
  }

  /** The inflater chosen, and when it is the JDK's because GKL did not load, a note saying so. */
  record Choice(BlockInflater inflater, Optional<String> fallback) {}
}
