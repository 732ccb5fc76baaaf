/**
 * One running DasGrid and how the rooms plug into it: {@link org.dasgrid.webapp.app.DasGridApp} (the config, the
 * sources and their loader, the DAS service, the response cache, the metrics, the cluster and its gRPC sidecar),
 * the bundled example config, the console's load lines, the warm-up's state, and {@link
 * org.dasgrid.webapp.app.Mount}, the type each room registers its filters and servlets through.
 */
package org.dasgrid.webapp.app;
