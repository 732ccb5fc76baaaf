package org.dasgrid.core.render;

/**
 * DasGrid's XML namespace, for the one document DAS 1.6 does not define: the error document ({@code DASERROR},
 * its default namespace), so that it is mistaken for no DAS document. The DAS documents themselves carry nothing
 * of ours: DAS 1.6's schemas allow no attribute or element they do not name, in any namespace; what DasGrid adds
 * (aliases, refget checksums) is in their JSON form ({@code format=json}) and in {@code /api/sources}.
 */
public final class DasExtensions {
  /** The namespace name; a URI that only names, nothing is served there. */
  public static final String NAMESPACE = "http://dasgrid.org/ns/das-extensions/1";

  private DasExtensions() {}
}
