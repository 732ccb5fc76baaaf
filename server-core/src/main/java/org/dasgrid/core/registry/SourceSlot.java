package org.dasgrid.core.registry;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.dasgrid.core.config.SourceConfig;

/**
 * The place of one configured source in the registry. Its state is swapped atomically, so a request that
 * took a {@link LoadedSource} keeps a consistent snapshot while a reload replaces it.
 */
public final class SourceSlot {
  private final SourceConfig config;
  private final AtomicReference<SourceState> state;
  private final AtomicReference<SourceState.Progress> reloading = new AtomicReference<>();
  private volatile String lastReloadError;

  SourceSlot(SourceConfig config, SourceState initial) {
    this.config = config;
    this.state = new AtomicReference<>(initial);
  }

  public String id() {
    return config.id();
  }

  public SourceConfig config() {
    return config;
  }

  public SourceState state() {
    return state.get();
  }

  public Optional<LoadedSource> loaded() {
    return state.get() instanceof SourceState.Ready r ? Optional.of(r.source()) : Optional.empty();
  }

  /** Progress of a reload under way while the previous version keeps serving. */
  public Optional<SourceState.Progress> reloadProgress() {
    return Optional.ofNullable(reloading.get());
  }

  /** Why the last reload failed (the previous version kept serving), if it did. */
  public Optional<String> lastReloadError() {
    return Optional.ofNullable(lastReloadError);
  }

  void setState(SourceState s) {
    state.set(s);
  }

  void setReloading(SourceState.Progress p) {
    reloading.set(p);
  }

  void setLastReloadError(String error) {
    lastReloadError = error;
  }
}
