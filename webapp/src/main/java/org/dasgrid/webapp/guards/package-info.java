/**
 * The guards every request passes before a servlet answers it: {@code X-Content-Type-Options: nosniff}, CORS
 * (none for a token-protected source, preflights answered here), and the per-client rate limit (429 in the
 * API's own error format). Admin's token check is the {@code admin} room's.
 */
package org.dasgrid.webapp.guards;
