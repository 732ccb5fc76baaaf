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
  /** Completes when the first load ends, served or failed. */
  private final java.util.concurrent.CompletableFuture<Void> settled = new java.util.concurrent.CompletableFuture<>();
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
    if (!(s instanceof SourceState.Loading)) {
      settled.complete(null);
    }
  }

  /** Swaps {@code expected} for {@code next} if it is still the state; true if it was. */
  boolean replace(SourceState expected, SourceState next) {
    return state.compareAndSet(expected, next);
  }

  /** Waits up to {@code millis} for the first load to end; true if it has. */
  public boolean awaitSettled(long millis) {
    if (settled.isDone()) {
      return true;
    }
    try {
      settled.get(millis, java.util.concurrent.TimeUnit.MILLISECONDS);
      return true;
    } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
      return settled.isDone();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  void setReloading(SourceState.Progress p) {
    reloading.set(p);
  }

  void setLastReloadError(String error) {
    lastReloadError = error;
  }
}
