/**
 * The JSON genotype API (contract section 4) without HTTP: reading a request's arguments into a {@link
 * org.dasgrid.core.genotype.GenotypeQuery}, running it, and writing JSON or NDJSON answers with their
 * timings. The webapp's servlet only maps paths, statuses and headers.
 */
package org.dasgrid.core.api.genotype;
