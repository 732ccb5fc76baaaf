package org.dasgrid.core.ga4gh.beacon;

import java.util.Objects;

/**
 * Who this beacon is, as its {@code /info} and {@code /service-info} say: a reverse-domain id, a name, the
 * server's version, and the organization running it.
 */
public record BeaconIdentity(String id, String name, String version, String organizationId,
    String organizationName, String organizationUrl) {
  public BeaconIdentity {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(organizationId, "organizationId");
    Objects.requireNonNull(organizationName, "organizationName");
    Objects.requireNonNull(organizationUrl, "organizationUrl");
  }

  /** The identity of a DasGrid server of this version. */
  public static BeaconIdentity dasgrid(String version) {
    return new BeaconIdentity("org.dasgrid.beacon", "DasGrid Beacon", version, "org.dasgrid", "DasGrid",
        "https://github.com/dasgrid/dasgrid");
  }
}
