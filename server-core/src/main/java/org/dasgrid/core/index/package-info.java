/** Interval indexes: per-contig overlap queries in O(log n + k) over compact primitive arrays. */
package org.dasgrid.core.index;
