package org.dasgrid.datasources.export;

/** Where a VCF record ends, as tabix and htslib take it: the REF bases, or INFO {@code END} when longer. */
final class VcfEnd {
  private VcfEnd() {}

  static int of(int pos, String ref, String info) {
    int end = pos + Math.max(1, ref.length()) - 1;
    int at = info.startsWith("END=") ? 0 : info.indexOf(";END=") + 1;
    if (at > 0 || info.startsWith("END=")) {
      int from = at + 4;
      int to = info.indexOf(';', from);
      try {
        end = Math.max(end, Integer.parseInt(info.substring(from, to < 0 ? info.length() : to)));
      } catch (NumberFormatException e) {
        // a malformed END: tabix falls back to the REF length too
      }
    }
    return end;
  }
}
