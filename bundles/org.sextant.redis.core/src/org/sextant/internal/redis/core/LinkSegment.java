// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

import org.eclipse.tracecompass.segmentstore.core.segment.interfaces.INamedSegment;
import org.sextant.redis.model.Link;

/**
 * A hop of a request's path in the segment store ({@link Link}): from its start on one connection to its end on
 * another.
 *
 * @param getStart
 *            nanoseconds
 * @param getEnd
 *            nanoseconds
 * @param kind
 *            the {@link Link.Kind}'s name
 * @param fromNode
 *            the source node's key
 * @param fromFd
 *            the source connection
 * @param toNode
 *            the destination node's key
 * @param toFd
 *            the destination connection
 * @param label
 *            what travelled
 */
public record LinkSegment(long getStart, long getEnd, String kind, String fromNode, int fromFd, String toNode, int toFd, String label)
        implements INamedSegment {

    private static final long serialVersionUID = 1L;

    /** Segment-store statistics group segments by name: hops by kind. */
    @Override
    public String getName() {
        return kind;
    }

    /**
     * @param link
     *            a hop of the model
     * @return its segment
     */
    public static LinkSegment of(Link link) {
        return new LinkSegment(link.start(), link.end(), link.kind().name(), link.fromNode(), link.fromFd(), link.toNode(), link.toFd(), link.label());
    }
}
