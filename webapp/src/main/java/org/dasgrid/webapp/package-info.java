/**
 * The web application's entry points, the top of its map: {@link org.dasgrid.webapp.Main} (the jar's command
 * line: the server, {@code index}, {@code --local-cluster}, {@code --hash-token}), {@link
 * org.dasgrid.webapp.EmbeddedServer} (DasGrid on an embedded Tomcat) with its {@link
 * org.dasgrid.webapp.ServerOptions}, and {@link org.dasgrid.webapp.DasGridListener}, which mounts every room's
 * filters and servlets, the same in the jar and the WAR. It imports the rooms; no room imports it.
 */
package org.dasgrid.webapp;
