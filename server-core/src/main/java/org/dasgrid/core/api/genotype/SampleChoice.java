package org.dasgrid.core.api.genotype;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.cohort.SampleSheet;

/**
 * The samples of a {@code samples=} argument: comma-separated sample names and sheet groups ({@code
 * population:CEU}, {@code superpopulation:EUR}, {@code sex:female}, {@code phenotype:affected}, {@code
 * family:F1}, or any column of the sheet), united. An exact sample name wins over a group of the same text. A
 * group's members that have no calls in the VCF are left out (the load reported them); a group with none at
 * all is an error, like an unknown sample.
 */
public final class SampleChoice {
  private static final int MAX_LISTED_UNKNOWN = 5;

  private SampleChoice() {}

  /** The chosen samples; the whole cohort when {@code raw} is empty. */
  public static SampleSelection parse(List<String> raw, GenotypeQueries engine, Optional<SampleSheet> sheet) {
    if (raw.isEmpty()) {
      return engine.allSamples();
    }
    return engine.select(numbers(names(raw, engine, sheet), engine));
  }

  /** The chosen sample names, in the order given (groups expanded in sheet order), each once. */
  public static List<String> names(List<String> raw, GenotypeQueries engine, Optional<SampleSheet> sheet) {
    Set<String> names = new LinkedHashSet<>();
    List<String> unknown = new ArrayList<>();
    for (String list : raw) {
      for (String name : list.split(",", -1)) {
        String n = name.strip();
        if (n.isEmpty()) {
          throw RequestException.badArgument("empty sample name in samples=; give comma-separated names");
        }
        if (engine.sampleNumber(n).isPresent()) {
          names.add(n);
          continue;
        }
        int colon = n.indexOf(':');
        if (colon > 0 && sheet.isPresent() && sheet.get().hasGroupKey(n.substring(0, colon))) {
          List<String> members = sheet.get().members(n.substring(0, colon), n.substring(colon + 1)).stream()
              .filter(s -> engine.sampleNumber(s).isPresent()).toList();
          if (members.isEmpty()) {
            throw RequestException.badArgument("group '%s' has no samples with calls (groups: %s)", shorten(n),
                keys(sheet.get()));
          }
          names.addAll(members);
        } else if (colon > 0 && sheet.isEmpty()) {
          throw RequestException.badArgument("'%s': sample groups need a sample sheet (samples: in the source's "
              + "config), and this source has none", shorten(n));
        } else if (colon > 0) {
          throw RequestException.badArgument("'%s': unknown group '%s'; this sheet's groups are %s", shorten(n),
              shorten(n.substring(0, colon)), keys(sheet.get()));
        } else {
          unknown.add(n);
        }
      }
    }
    if (!unknown.isEmpty()) {
      List<String> shown = unknown.stream().limit(MAX_LISTED_UNKNOWN).map(SampleChoice::shorten).toList();
      throw RequestException.badArgument("unknown sample%s: %s%s", unknown.size() == 1 ? "" : "s",
          String.join(", ", shown),
          unknown.size() > MAX_LISTED_UNKNOWN ? " and " + (unknown.size() - MAX_LISTED_UNKNOWN) + " more" : "");
    }
    return List.copyOf(names);
  }

  private static int[] numbers(List<String> names, GenotypeQueries engine) {
    int[] out = new int[names.size()];
    for (int i = 0; i < out.length; i++) {
      OptionalInt n = engine.sampleNumber(names.get(i));
      out[i] = n.getAsInt();
    }
    return out;
  }

  private static String keys(SampleSheet sheet) {
    List<String> k = new ArrayList<>(SampleSheet.BUILT_IN_KEYS);
    k.addAll(sheet.groupColumns());
    return String.join(", ", k);
  }

  public static String shorten(String text) {
    String t = text.replaceAll("\\p{Cntrl}", "?");
    return t.length() <= 60 ? t : t.substring(0, 57) + "...";
  }
}
