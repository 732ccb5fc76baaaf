package org.dasgrid.datasources.vcf;

/** A malformed VCF record; the loader adds file and line. */
final class VcfFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  VcfFormatException(String message) {
    super(message, null, false, false);
  }
}
