/**
 * The start-up warm-up: once the sources are loaded, the embedded server sends itself requests through its own
 * connector for a bounded time, so the JIT has compiled the request paths before {@code /health/ready} says
 * ready ({@link org.dasgrid.webapp.warmup.Warmup}); {@link org.dasgrid.webapp.warmup.WarmupFilter} marks those
 * requests (they carry a per-process secret), so no log, meter, rate limit or cache of the clients sees them.
 */
package org.dasgrid.webapp.warmup;
