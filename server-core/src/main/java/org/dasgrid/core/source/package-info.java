/**
 * The data-source SPI ({@link org.dasgrid.core.source.DataSource}, capability interfaces, {@link
 * org.dasgrid.core.source.DataSourceProvider}), the in-memory source every file format loads into, and the
 * registry that loads, serves and reloads configured sources.
 */
package org.dasgrid.core.source;
