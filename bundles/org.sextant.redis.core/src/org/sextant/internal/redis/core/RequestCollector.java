// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.sextant.common.model.state.StateWriter;
import org.sextant.redis.core.RequestSegment;
import org.sextant.redis.model.RedisTracker;

/**
 * Runs the Redis model over a trace's events for its requests, or for the hops of their paths, only: each request
 * it completes becomes a {@link RequestSegment}, each hop a {@link LinkSegment}; its state goes nowhere (that is
 * the state system's, {@link RedisStateProvider}).
 */
public final class RequestCollector {

    private static final StateWriter NOWHERE = new StateWriter() {
        @Override
        public int attribute(String... path) {
            return 0;
        }

        @Override
        public void modify(long time, int attribute, @org.eclipse.jdt.annotation.Nullable Object value) {
            // the state is not kept
        }
    };

    private final RedisEventHandlers fHandlers;

    private RequestCollector(RedisTracker tracker) {
        fHandlers = new RedisEventHandlers(tracker);
    }

    /**
     * @param segments
     *            where the requests go
     * @return a collector of requests
     */
    public static RequestCollector requests(ISegmentStore<ISegment> segments) {
        return new RequestCollector(new RedisTracker(NOWHERE, request -> segments.add(RequestSegment.of(request))));
    }

    /**
     * @param segments
     *            where the hops go
     * @return a collector of the hops of requests' paths
     */
    public static RequestCollector links(ISegmentStore<ISegment> segments) {
        return new RequestCollector(new RedisTracker(NOWHERE, request -> {
            // requests are the latency module's
        }, link -> segments.add(LinkSegment.of(link))));
    }

    /**
     * @param event
     *            the next event of the trace, in time order
     */
    public void handle(ITmfEvent event) {
        fHandlers.handle(event);
    }
}
