/** Access control: hashed bearer tokens for protected sources and the admin endpoints. */
package org.dasgrid.core.access;
