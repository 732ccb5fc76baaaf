/**
 * HTTP plumbing every room of the webapp shares, speaking no API of its own: a request's bearer token, the base
 * URL as the client reached it, a query read within {@code server.maxQueryLength}, gzip and ETag/304 rules, the
 * one writer of JSON error bodies, and telling a client that hung up from a failure. Imports no other package
 * of the webapp.
 */
package org.dasgrid.webapp.http;
