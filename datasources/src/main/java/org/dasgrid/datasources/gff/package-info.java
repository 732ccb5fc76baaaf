/** GFF2, GFF3 and GTF annotation files, loaded into the core's in-memory source. */
package org.dasgrid.datasources.gff;
