/**
 * The GA4GH servlets: refget v2 under {@code /refget}, htsget v1.3 (variants) under {@code /htsget}, and the
 * server's GA4GH service-info at {@code /service-info}. The servlets are thin: refget's rules live in {@code
 * org.dasgrid.core.ga4gh}; htsget's tickets and the bgzipped, tabix-indexed copies of VCF sources they point
 * into live here because they are built with htsjdk ({@link org.dasgrid.webapp.ga4gh.BgzfVcfCache}).
 */
package org.dasgrid.webapp.ga4gh;
