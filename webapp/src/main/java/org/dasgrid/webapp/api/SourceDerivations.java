package org.dasgrid.webapp.api;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.dasgrid.core.registry.LoadedSource;

/**
 * Values worked out from a loaded source that are too costly to redo per request (its name index, its default
 * locus), kept for the version that is serving: a reload makes a new version, and the old value is replaced on
 * first use.
 */
final class SourceDerivations<T> {
  private record Entry<T>(String version, T value) {}

  private final Function<LoadedSource, T> derive;
  private final Map<String, Entry<T>> bySource = new ConcurrentHashMap<>();

  SourceDerivations(Function<LoadedSource, T> derive) {
    this.derive = derive;
  }

  T of(LoadedSource source) {
    // compute() holds the source's entry while deriving, so concurrent first searches build the index once
    return bySource.compute(source.id(), (id, e) -> e != null && e.version().equals(source.version()) ? e
        : new Entry<>(source.version(), derive.apply(source))).value();
  }
}
