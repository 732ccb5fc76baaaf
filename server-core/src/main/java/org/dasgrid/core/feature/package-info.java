/** Annotation features and the small values they carry (type, method, links, targets). */
package org.dasgrid.core.feature;
