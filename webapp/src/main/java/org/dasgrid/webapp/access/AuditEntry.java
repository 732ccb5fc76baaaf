package org.dasgrid.webapp.access;

import java.time.Instant;

/**
 * One answer above the public tier, as the audit log keeps it: when, who (token subject and issuer), which
 * source and tier, what was asked (method, path, query), the status and the rows returned (-1: the endpoint does
 * not count rows), and the request id that the access log and {@code X-Request-Id} carry too.
 */
record AuditEntry(Instant time, String subject, String issuer, String source, String tier, String method,
    String path, String query, int status, long rows, String requestId) {}
