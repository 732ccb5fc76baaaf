/**
 * The human home page at {@code /}: static files from the classpath folder {@code static/} (the page, its script
 * and style, and igv.js copied in from npm by the build), served the same way embedded and in the WAR.
 * {@link org.dasgrid.webapp.page.PageMount} mounts the servlet.
 */
package org.dasgrid.webapp.page;
