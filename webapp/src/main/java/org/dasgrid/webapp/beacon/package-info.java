/** HTTP in, JSON out for Beacon v2 under {@code /beacon/v2}: the protocol is {@code org.dasgrid.core.ga4gh.beacon}. */
package org.dasgrid.webapp.beacon;
