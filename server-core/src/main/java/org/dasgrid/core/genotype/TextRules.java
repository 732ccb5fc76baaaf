package org.dasgrid.core.genotype;

import java.util.Iterator;
import java.util.ServiceLoader;

/**
 * A writer's rules for the text the engine precomputes at load on its behalf ({@link PrecomputedText}): which
 * rows' text it may vouch for, the slack it keeps after stored text, and the text of an allele frequency. The
 * engine defines this shape because it calls it; the rules themselves are the writer's — the genotype JSON
 * writer's are {@code org.dasgrid.core.api.genotype.JsonTextRules}, found through {@link ServiceLoader} — so no
 * writer's rule lives in the engine and the engine imports no protocol. Implementations are immutable.
 */
public interface TextRules {
  /** Rules that vouch for nothing and make no text: every writer then checks and formats every row itself. */
  TextRules NONE = new TextRules() {
    @Override
    public int slack() {
      return 0;
    }

    @Override
    public boolean isPlain(byte[] b, int from, int to) {
      return false;
    }

    @Override
    public byte[] frequencyText(int ac, int an) {
      return null;
    }
  };

  /** Bytes the engine keeps after the text it vouches for, so that a writer may copy it in whole words. */
  int slack();

  /** Whether the writer writes each byte of {@code b[from, to)} as it is: the row may be vouched for. */
  boolean isPlain(byte[] b, int from, int to);

  /** The text the writer gives {@code ac / an} ({@code an > 0}), as ASCII; null to leave it to the writer. */
  byte[] frequencyText(int ac, int an);

  /**
   * The text the writer gives a finite double (a p-value, an inbreeding coefficient), as ASCII; null to leave
   * it to the writer (the default).
   */
  default byte[] numberText(double v) {
    return null;
  }

  /** The rules the engine precomputes by: the one implementation on the class path, else {@link #NONE}. */
  static TextRules installed() {
    return Installed.RULES;
  }

  /** Looked up once, with this interface's class loader (the same in a WAR as on the embedded server). */
  final class Installed {
    static final TextRules RULES = find();

    private Installed() {}

    private static TextRules find() {
      Iterator<TextRules> found = ServiceLoader.load(TextRules.class, TextRules.class.getClassLoader()).iterator();
      TextRules rules = found.hasNext() ? found.next() : NONE;
      if (found.hasNext()) {
        throw new IllegalStateException("more than one " + TextRules.class.getName() + " on the class path");
      }
      return rules;
    }
  }
}
