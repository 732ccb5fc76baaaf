/**
 * Controlled access at the HTTP edge (contract section 11): {@link org.dasgrid.webapp.access.AccessGuard}
 * verifies the bearer token once per request, classifies the path into a source and a tier ({@link
 * org.dasgrid.webapp.access.EndpointTiers}, the table every endpoint must be in) and refuses below the tier
 * before any servlet (or cluster fan-out) runs; {@link org.dasgrid.webapp.access.Callers} gives listings the
 * caller's view; {@link org.dasgrid.webapp.access.AuditLog} writes one line per answer above the public tier;
 * {@link org.dasgrid.webapp.access.TokenCommand} is the local test issuer's command line.
 */
package org.dasgrid.webapp.access;
