package org.dasgrid.core.config;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.Locale;

/** Who may read a source: anyone, or clients presenting a configured bearer token. */
public enum Access {
  PUBLIC,
  TOKEN;

  @JsonCreator
  public static Access parse(String s) {
    return Access.valueOf(s.trim().toUpperCase(Locale.ROOT));
  }
}
