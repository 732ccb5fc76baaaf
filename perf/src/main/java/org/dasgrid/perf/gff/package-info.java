/** GFF load benchmarks: a generator of large realistic GFF3 files and a load-time and heap measurement. */
package org.dasgrid.perf.gff;
