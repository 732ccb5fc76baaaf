package org.dasgrid.core.config;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.Locale;

/**
 * Who may reach a tier of a source, lowest first: anyone; a caller with a valid token carrying a {@code
 * ResearcherStatus} visa; such a caller also holding a {@code ControlledAccessGrants} visa for the source's
 * dataset (contract section 11).
 */
public enum AccessLevel {
  PUBLIC,
  REGISTERED,
  CONTROLLED;

  @JsonCreator
  public static AccessLevel parse(String s) {
    try {
      return AccessLevel.valueOf(s.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("'" + s + "' is not one of public, registered, controlled");
    }
  }

  /** The lower-case name used in the config and in answers. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
