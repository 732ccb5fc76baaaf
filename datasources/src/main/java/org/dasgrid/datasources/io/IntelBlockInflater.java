package org.dasgrid.datasources.io;

import com.intel.gkl.compression.IntelInflaterFactory;
import java.util.Optional;
import java.util.zip.Inflater;

/**
 * Intel GKL's ISA-L inflater: a native library shipped inside the GKL jar, which GKL unpacks into {@code
 * java.io.tmpdir} and loads once per JVM.
 */
final class IntelBlockInflater implements BlockInflater {
  private final IntelInflaterFactory factory;

  private IntelBlockInflater(IntelInflaterFactory factory) {
    this.factory = factory;
  }

  /** The inflater, when GKL's native library loads here (x86-64 Linux or macOS). */
  static Optional<BlockInflater> load() {
    try {
      IntelInflaterFactory f = new IntelInflaterFactory();
      return f.usingIntelInflater() ? Optional.of(new IntelBlockInflater(f)) : Optional.empty();
    } catch (LinkageError | RuntimeException e) {
      return Optional.empty(); // no GKL classes or no build of the library for this platform
    }
  }

  @Override
  public Inflater newInflater() {
    return factory.makeInflater(true);
  }

  @Override
  public String name() {
    return "ISA-L (Intel GKL)";
  }
}
