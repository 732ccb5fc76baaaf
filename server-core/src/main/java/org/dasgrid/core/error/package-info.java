/**
 * The bottom of server-core: request errors, typed once and protocol-neutral. Engines throw
 * {@link org.dasgrid.core.error.RequestException} with an {@link org.dasgrid.core.error.ErrorKind}; each
 * protocol (DAS, the genotype JSON API, GA4GH) maps the kind to its own status codes once, at its edge.
 * This package imports nothing else of DasGrid.
 */
package org.dasgrid.core.error;
