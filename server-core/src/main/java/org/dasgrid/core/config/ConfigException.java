package org.dasgrid.core.config;

/** The config file is wrong; the message names the file and the key or file at fault. */
public class ConfigException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ConfigException(String message) {
    super(message, null, false, false);
  }
}
