/**
 * Operations on a running server under {@code /admin/*}, each request behind an admin bearer token ({@code
 * server.adminTokens}, stored hashed): {@code GET /admin/status} (every source's state and the cache's figures)
 * and {@code POST /admin/reload/{source}}.
 */
package org.dasgrid.webapp.admin;
