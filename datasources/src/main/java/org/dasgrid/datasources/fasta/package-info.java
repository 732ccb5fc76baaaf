/** FASTA reference sequence through htsjdk's indexed reader. */
package org.dasgrid.datasources.fasta;
