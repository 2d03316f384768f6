// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core;

import org.eclipse.tracecompass.segmentstore.core.segment.interfaces.INamedSegment;
import org.sextant.redis.model.Request;

/**
 * A request's latency in the segment store: from the start of the read of its query to the end of the write
 * of its reply. This is the typed form in which other families read the requests Redis nodes served
 * ({@link RedisLatencyModule#getRequests()}): spans join their Redis commands with it, the time-series export
 * writes a point per request.
 *
 * @param getStart
 *            nanoseconds
 * @param getEnd
 *            nanoseconds
 * @param node
 *            the node's key
 * @param fd
 *            the client connection
 * @param command
 *            the command, lower case
 * @param peer
 *            the client's address and port, empty when unknown
 */
public record RequestSegment(long getStart, long getEnd, String node, int fd, String command, String peer) implements INamedSegment {

    private static final long serialVersionUID = 1L;

    /** Segment-store statistics group segments by name: requests by command. */
    @Override
    public String getName() {
        return command;
    }

    /**
     * @param request
     *            a request of the model
     * @return its segment
     */
    public static RequestSegment of(Request request) {
        return new RequestSegment(request.start(), request.end(), request.node(), request.fd(), request.command(), request.peer());
    }
}
