package org.dasgrid.core.access;

import java.util.List;
import java.util.Set;
import org.dasgrid.core.config.AccessLevel;

/**
 * Who sent a request, as far as access goes: nobody known ({@link #anonymous}), or the subject of a verified
 * bearer JWT with what its GA4GH Passport visas say — registered (a {@code ResearcherStatus} visa) and the
 * datasets granted to it ({@code ControlledAccessGrants} values). {@code bearer} is the raw token, which the
 * static {@code access: token} sources still compare with their digests; {@code notes} say why visas were
 * ignored (expired, untrusted issuer...), for the message of a refusal.
 */
public record Caller(String subject, String issuer, boolean registered, Set<String> datasets, String bearer,
    List<String> notes) {
  private static final Caller NOBODY = new Caller(null, null, false, Set.of(), null, List.of());

  public Caller {
    datasets = Set.copyOf(datasets);
    notes = List.copyOf(notes);
  }

  /** A caller without a verified token; {@code bearer} (may be null) is still a static token to compare. */
  public static Caller anonymous(String bearer) {
    return bearer == null ? NOBODY : new Caller(null, null, false, Set.of(), bearer, List.of());
  }

  /** Without the bearer token: a caller may be logged, its token must not be. */
  @Override
  public String toString() {
    return authenticated() ? "Caller[" + subject + " from " + issuer + (registered ? ", registered" : "")
        + ", datasets " + datasets + "]" : "Caller[anonymous" + (bearer == null ? "" : ", static token") + "]";
  }

  /** Whether a token from a configured issuer was verified. */
  public boolean authenticated() {
    return subject != null;
  }

  /** Whether the caller reaches {@code level} for a source whose grants name {@code dataset}. */
  public boolean reaches(AccessLevel level, String dataset) {
    return switch (level) {
      case PUBLIC -> true;
      case REGISTERED -> registered;
      case CONTROLLED -> registered && datasets.contains(dataset);
    };
  }
}
