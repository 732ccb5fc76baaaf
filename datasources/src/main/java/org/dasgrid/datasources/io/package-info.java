/** Reading input files for loaders: compression detection and byte counts for progress. */
package org.dasgrid.datasources.io;
