/**
 * The GA4GH servlets: refget v2 under {@code /refget}, htsget v1.3 (variants) under {@code /htsget}, and the
 * server's GA4GH service-info at {@code /service-info}. The servlets are thin: refget's rules live in {@code
 * org.dasgrid.core.ga4gh}; htsget's tickets live here; the bgzipped, tabix-indexed copies of VCF sources they point
 * into are made by the one store of such copies ({@code server.exportDir}) and opened here ({@link
 * org.dasgrid.webapp.ga4gh.HtsgetCopies}).
 */
package org.dasgrid.webapp.ga4gh;
