/** BED 3 to 12 through htsjdk's BED codec: lines, BED12 blocks as parts, itemRgb colours for the stylesheet. */
package org.dasgrid.datasources.bed;
