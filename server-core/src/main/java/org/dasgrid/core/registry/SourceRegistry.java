package org.dasgrid.core.registry;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;

/** All configured sources by id, in config order, each with its current state. */
public final class SourceRegistry {
  private final Map<String, SourceSlot> slots;

  public SourceRegistry(List<SourceConfig> configs) {
    Map<String, SourceSlot> m = new LinkedHashMap<>();
    for (SourceConfig c : configs) {
      m.put(c.id(), new SourceSlot(c, new SourceState.Loading(new SourceState.Progress(0, 0, -1, System.nanoTime()))));
    }
    this.slots = Collections.unmodifiableMap(m);
  }

  /** A registry of sources already loaded (tools, tests, and nodes fed from elsewhere). */
  public static SourceRegistry ofLoaded(List<LoadedSource> sources) {
    SourceRegistry r = new SourceRegistry(sources.stream().map(LoadedSource::config).toList());
    for (LoadedSource s : sources) {
      r.slots.get(s.id()).setState(new SourceState.Ready(s));
    }
    return r;
  }

  public List<SourceSlot> all() {
    return new ArrayList<>(slots.values());
  }

  public Optional<SourceSlot> slot(String id) {
    return Optional.ofNullable(slots.get(id));
  }

  /** Sources currently serving, in config order. */
  public List<LoadedSource> loaded() {
    List<LoadedSource> out = new ArrayList<>();
    for (SourceSlot s : slots.values()) {
      s.loaded().ifPresent(out::add);
    }
    return out;
  }

  /**
   * The serving version of a source, or a DAS error: 401 for an id we do not know, 500 for a source that is
   * loading or failed (a server-side condition, not the client's mistake).
   */
  public LoadedSource require(String id) {
    return require(id, 0);
  }

  /**
   * As {@link #require(String)}, but a request for a source still being loaded for the first time waits for
   * it up to {@code waitMillis} ({@code server.requestTimeoutMillis}), so that clients arriving while the
   * server starts get their answer a little later rather than an error.
   */
  public LoadedSource require(String id, long waitMillis) {
    SourceSlot slot = slots.get(id);
    if (slot == null) {
      throw new RequestException(ErrorKind.UNKNOWN_SOURCE, "unknown data source '%s'", shortId(id));
    }
    if (waitMillis > 0 && slot.state() instanceof SourceState.Loading) {
      slot.awaitSettled(waitMillis);
    }
    SourceState st = slot.state();
    if (st instanceof SourceState.Ready r) {
      return r.source();
    }
    if (st instanceof SourceState.Failed f) {
      // the data cannot be reached, which is not a fault of the request nor of the server's code: UNAVAILABLE
      // (HTTP 503; DAS has only its "server error"). Unlike LOADING there is no Retry-After: it stays failed until
      // the file is fixed and the source reloaded.
      throw RequestException.unavailable("data source '%s' is unavailable: %s", id, f.reason());
    }
    throw new RequestException(ErrorKind.LOADING,
        "data source '%s' is still loading; try again shortly", id);
  }

  /** True once every source is either serving or failed (the readiness condition). */
  public boolean settled() {
    for (SourceSlot s : slots.values()) {
      if (s.state() instanceof SourceState.Loading) {
        return false;
      }
    }
    return true;
  }

  private static String shortId(String id) {
    return id.length() <= 60 ? id : id.substring(0, 57) + "...";
  }
}
