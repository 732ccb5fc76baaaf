/**
 * Observability at the HTTP edge: the {@code X-Request-Id} of every response, request counts and latency
 * histograms per API, command and source, the Prometheus {@code /metrics} endpoint with cache, source and JVM
 * meters, and the access log of the embedded server. {@link org.dasgrid.webapp.observe.Observability} registers
 * the filters and servlet; {@link org.dasgrid.webapp.observe.DasGridMetrics} owns the meter registry.
 */
package org.dasgrid.webapp.observe;
