/**
 * HTTP in, DAS 1.6 out under {@code /das}: the raw query string parsed (DAS separates arguments with {@code ;}),
 * the request handed to the core's {@code DasService}, and the answer written with the {@code X-DAS-*} headers,
 * ETag/304, gzip and the serialized-response cache; every DAS error document is written here
 * ({@link org.dasgrid.webapp.das.DasServlet}), a request error's kind mapped to its DAS status once.
 */
package org.dasgrid.webapp.das;
