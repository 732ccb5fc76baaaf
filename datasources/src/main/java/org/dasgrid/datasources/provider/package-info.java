/**
 * What the format providers of this module share ({@link
 * org.dasgrid.datasources.provider.ContigSelectingProvider}); each format's own reading stays in its package.
 */
package org.dasgrid.datasources.provider;
