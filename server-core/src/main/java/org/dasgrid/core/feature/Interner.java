package org.dasgrid.core.feature;

import java.util.HashMap;
import java.util.Map;

/**
 * Shares equal values between the features of one load: types, methods, reference names, attribute keys and
 * repeated values are a few hundred distinct objects over millions of records. Not thread-safe; one per load.
 */
public final class Interner {
  private final Map<String, String> strings = new HashMap<>();
  private final Map<String, FeatureType> types = new HashMap<>();
  private final Map<String, Method> methods = new HashMap<>();

  public String intern(String s) {
    String existing = strings.putIfAbsent(s, s);
    return existing == null ? s : existing;
  }

  /** The type named {@code name}, with its category and ontology term from the {@link TypeCatalog}. */
  public FeatureType type(String name) {
    FeatureType t = types.get(name);
    if (t == null) {
      t = TypeCatalog.typeOf(name, this);
      types.put(t.id(), t);
    }
    return t;
  }

  /** A method whose id and label are both {@code name} (the GFF source column). */
  public Method method(String name) {
    Method m = methods.get(name);
    if (m == null) {
      String s = intern(name);
      m = new Method(s, s);
      methods.put(s, m);
    }
    return m;
  }

  public int size() {
    return strings.size();
  }
}
