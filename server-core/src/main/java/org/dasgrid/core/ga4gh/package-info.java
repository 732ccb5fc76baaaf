/**
 * GA4GH protocols over the loaded sources: refget v2 (sequences by checksum: {@link
 * org.dasgrid.core.ga4gh.SequenceResolver}, {@link org.dasgrid.core.ga4gh.SequenceRange}, {@link
 * org.dasgrid.core.ga4gh.RefgetDocuments}) and GA4GH service-info ({@link org.dasgrid.core.ga4gh.ServiceInfo}).
 * A protocol layer: it reads the registry and the sources' answers and owns every byte it writes; no engine
 * imports it. Request errors are {@link org.dasgrid.core.error.RequestException}s, mapped to refget's HTTP
 * statuses once, in {@link org.dasgrid.core.ga4gh.RefgetStatus}.
 */
package org.dasgrid.core.ga4gh;
