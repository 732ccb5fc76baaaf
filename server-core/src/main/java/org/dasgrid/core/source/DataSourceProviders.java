package org.dasgrid.core.source;

import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;

/** The formats available on the class path, by {@code format:} name. */
public final class DataSourceProviders {
  private final Map<String, DataSourceProvider> byFormat;

  private DataSourceProviders(Map<String, DataSourceProvider> byFormat) {
    this.byFormat = Map.copyOf(byFormat);
  }

  /** Discovers providers with {@link ServiceLoader} from the given class loader. */
  public static DataSourceProviders discover(ClassLoader loader) {
    Map<String, DataSourceProvider> m = new TreeMap<>();
    for (DataSourceProvider p : ServiceLoader.load(DataSourceProvider.class, loader)) {
      DataSourceProvider previous = m.putIfAbsent(p.format(), p);
      if (previous != null && previous.getClass() != p.getClass()) {
        throw new IllegalStateException(
            "two providers for format '" + p.format() + "': " + previous.getClass().getName() + " and "
                + p.getClass().getName());
      }
    }
    return new DataSourceProviders(m);
  }

  public static DataSourceProviders of(DataSourceProvider... providers) {
    Map<String, DataSourceProvider> m = new TreeMap<>();
    for (DataSourceProvider p : providers) {
      m.put(p.format(), p);
    }
    return new DataSourceProviders(m);
  }

  public Optional<DataSourceProvider> forFormat(String format) {
    return Optional.ofNullable(byFormat.get(format));
  }

  public Set<String> formats() {
    return new java.util.TreeSet<>(byFormat.keySet());
  }

  /** By format, the {@code options:} keys its provider reads (what the config loader checks options against). */
  public Map<String, Set<String>> optionKeys() {
    Map<String, Set<String>> m = new TreeMap<>();
    byFormat.forEach((format, p) -> m.put(format, Set.copyOf(p.optionKeys())));
    return m;
  }
}
