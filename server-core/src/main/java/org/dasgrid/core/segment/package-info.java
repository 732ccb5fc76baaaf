/** Segments: what a client asks for ({@link org.dasgrid.core.segment.SegmentRequest}) and what a source resolves it to ({@link org.dasgrid.core.segment.Segment}). */
package org.dasgrid.core.segment;
