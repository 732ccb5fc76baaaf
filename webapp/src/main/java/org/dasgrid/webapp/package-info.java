/**
 * The web application: servlets, filters and the embedded launcher, turning HTTP into core requests and
 * core answers into HTTP, with every error mapped here once.
 */
package org.dasgrid.webapp;
