/**
 * The probes of load balancers and orchestrators: {@code /health/live} (the process answers) and {@code
 * /health/ready} (every source loaded or failed, and the start-up warm-up over).
 */
package org.dasgrid.webapp.health;
