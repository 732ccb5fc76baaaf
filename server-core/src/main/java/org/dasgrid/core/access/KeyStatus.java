package org.dasgrid.core.access;

import java.time.Instant;
import java.util.Optional;

/**
 * How an issuer's keys stand, for {@code /health/ready}: where they come from, when they were last fetched,
 * and the last fetch's error if it failed ({@code ok} false: cached keys still serve until they expire, keys
 * new since then cannot be checked).
 */
public record KeyStatus(String issuer, String jwks, boolean ok, Optional<Instant> lastFetched, int keys,
    Optional<String> error) {}
