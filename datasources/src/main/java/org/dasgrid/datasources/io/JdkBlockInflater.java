package org.dasgrid.datasources.io;

import java.util.zip.Inflater;

/** The JDK's zlib inflater, the reference and the fallback. */
final class JdkBlockInflater implements BlockInflater {
  static final BlockInflater INSTANCE = new JdkBlockInflater();

  private JdkBlockInflater() {}

  @Override
  public Inflater newInflater() {
    return new Inflater(true);
  }

  @Override
  public String name() {
    return "zlib (JDK)";
  }
}
