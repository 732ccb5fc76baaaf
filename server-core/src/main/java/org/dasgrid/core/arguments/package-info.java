/**
 * A request's {@code name=value} arguments as every protocol reads them ({@link
 * org.dasgrid.core.arguments.QueryArguments}: the raw query string split on {@code &} and {@code ;}, strictly
 * decoded), so that no protocol borrows another's parser. Bottom layer: imports only {@code error}.
 */
package org.dasgrid.core.arguments;
