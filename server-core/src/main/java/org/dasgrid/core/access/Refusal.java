package org.dasgrid.core.access;

import java.util.Optional;
import org.dasgrid.core.config.AccessLevel;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.config.Tier;

/**
 * Why a caller may not have a tier of a source, protocol-neutral: {@code unauthenticated} (no verified token:
 * HTTP 401) or not (a token without the visa: 403); {@code missing} names the visa or tier that is missing,
 * {@code message} says it for a person.
 */
public record Refusal(boolean unauthenticated, String source, Tier tier, AccessLevel needed, String missing,
    String message) {

  /** The HTTP status of the refusal: 401 without a token, 403 with one. */
  public int httpStatus() {
    return unauthenticated ? 401 : 403;
  }

  /** Nothing when the caller reaches the tier, else why not. */
  public static Optional<Refusal> check(Caller caller, SourceConfig source, Tier tier) {
    AccessLevel needed = source.tiers().level(tier);
    if (caller.reaches(needed, source.dataset())) {
      return Optional.empty();
    }
    String what = "source '" + source.id() + "' gives its " + tier.label() + " tier to " + needed.label()
        + " callers";
    String visa = needed == AccessLevel.CONTROLLED && caller.registered()
        ? "ControlledAccessGrants visa for dataset " + source.dataset() : "ResearcherStatus visa";
    String notes = caller.notes().isEmpty() ? "" : " (" + String.join("; ", caller.notes()) + ")";
    if (!caller.authenticated()) {
      String also = needed == AccessLevel.CONTROLLED
          ? " and a ControlledAccessGrants visa for dataset " + source.dataset() : "";
      return Optional.of(new Refusal(true, source.id(), tier, needed, "bearer token",
          what + ": send a bearer token from a configured issuer whose passport carries a ResearcherStatus visa"
              + also));
    }
    return Optional.of(new Refusal(false, source.id(), tier, needed, visa,
        what + ": the token of '" + caller.subject() + "' carries no valid " + visa + notes));
  }
}
