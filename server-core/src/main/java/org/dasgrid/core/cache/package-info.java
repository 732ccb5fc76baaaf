/** The serialized-response cache: hot answers kept as bytes (and gzip), bounded by size. */
package org.dasgrid.core.cache;
