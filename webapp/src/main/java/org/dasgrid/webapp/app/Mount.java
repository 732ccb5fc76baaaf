package org.dasgrid.webapp.app;

import jakarta.servlet.ServletContext;

/**
 * One room of the webapp's share of the web application: its filters and servlets, registered on the servlet
 * context over the running app. {@code DasGridListener} mounts every room's in a fixed order, the same in the
 * jar and the WAR (filters run in the order they are added); a room adds its parts here and nowhere else.
 */
@FunctionalInterface
public interface Mount {
  void mount(ServletContext ctx, DasGridApp app);
}
