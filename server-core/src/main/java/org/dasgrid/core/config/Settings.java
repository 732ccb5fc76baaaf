package org.dasgrid.core.config;

/** Checks shared by the settings records; a class of its own so their static initialisation stays acyclic. */
final class Settings {
  private Settings() {}

  static int positive(Integer v, int fallback, String name) {
    if (v == null) {
      return fallback;
    }
    if (v < 1) {
      throw new IllegalArgumentException("server." + name + " must be at least 1, not " + v);
    }
    return v;
  }
}
