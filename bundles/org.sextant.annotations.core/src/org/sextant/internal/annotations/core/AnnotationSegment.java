// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.annotations.core;

import org.eclipse.tracecompass.segmentstore.core.segment.interfaces.INamedSegment;

/**
 * An annotation instance in the segment store: one span of one thread, from its begin to its end.
 *
 * @param getStart
 *            nanoseconds
 * @param getEnd
 *            nanoseconds
 * @param getName
 *            the annotation; segment-store statistics group instances by it
 * @param thread
 *            "comm tid" of the thread
 * @param depth
 *            1 for an outermost span
 */
public record AnnotationSegment(long getStart, long getEnd, String getName, String thread, int depth) implements INamedSegment {

    private static final long serialVersionUID = 1L;
}
