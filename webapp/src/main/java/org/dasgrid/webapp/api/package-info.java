/**
 * The small JSON API behind the home page, beside DAS: {@code /api/sources} (every source's status, size,
 * coordinates and links), {@code /api/sources/{id}/chrom.sizes} (the reference for a genome view) and
 * {@code /api/sources/{id}/search} (feature names to locations), plus {@code /openapi.json}, the OpenAPI 3.1
 * description of all JSON endpoints. {@link org.dasgrid.webapp.api.ApiMount} mounts the servlets.
 */
package org.dasgrid.webapp.api;
