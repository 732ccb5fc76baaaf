/**
 * What genome browsers read with no plugin: the sources' indexed exports under {@code /files/*} with the HTTP
 * range semantics their readers depend on, and ready-made configs for JBrowse 2 ({@code /jbrowse/config.json})
 * and igv.js ({@code /igv/session.json}).
 */
package org.dasgrid.webapp.browsers;
