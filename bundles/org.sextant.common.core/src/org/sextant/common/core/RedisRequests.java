// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.core;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.analysis.timing.core.segmentstore.ISegmentStoreProvider;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.tmf.core.segment.ISegmentAspect;

/**
 * The requests the Redis nodes of a recording served, as the Redis analysis's latency segment store holds them
 * (the module {@value #LATENCY_MODULE}), read through Trace Compass's generic segment-store interfaces and the
 * aspects the Redis views show as columns: Command, Node and Connection ({@code "fd 9"} or
 * {@code "fd 9 127.0.0.1:50000"}). Other families (spans, the time-series export) reach the Redis requests this
 * way, through Trace Compass's analysis registry, without requiring the Redis bundles.
 */
public final class RedisRequests {

    /** The Redis analysis's latency module, as its plugin.xml registers it. */
    public static final String LATENCY_MODULE = "org.sextant.redis.core.latency"; //$NON-NLS-1$

    private static final String COMMAND = "Command"; //$NON-NLS-1$
    private static final String NODE = "Node"; //$NON-NLS-1$
    private static final String CONNECTION = "Connection"; //$NON-NLS-1$

    /**
     * A request as the latency store keeps it.
     *
     * @param start
     *            nanoseconds
     * @param end
     *            nanoseconds
     * @param node
     *            the node's key (its process id)
     * @param fd
     *            the connection's descriptor on the node, -1 when the row has none
     * @param peer
     *            the client's address:port, empty when unknown
     * @param command
     *            the command, lower case
     */
    public record Row(long start, long end, String node, int fd, String peer, String command) {
    }

    private RedisRequests() {
    }

    /**
     * @param provider
     *            the Redis latency module (built)
     * @return its requests in the store's order; null when it has no store or not the Command, Node and
     *         Connection aspects
     */
    public static @Nullable List<Row> rows(ISegmentStoreProvider provider) {
        ISegmentStore<ISegment> store = provider.getSegmentStore();
        Map<String, ISegmentAspect> aspects = new HashMap<>();
        provider.getSegmentAspects().forEach(aspect -> aspects.put(aspect.getName(), aspect));
        ISegmentAspect command = aspects.get(COMMAND);
        ISegmentAspect node = aspects.get(NODE);
        ISegmentAspect connection = aspects.get(CONNECTION);
        if (store == null || command == null || node == null || connection == null) {
            return null;
        }
        List<Row> rows = new ArrayList<>(store.size());
        for (ISegment segment : store) {
            String[] where = String.valueOf(connection.resolve(segment)).split(" "); //$NON-NLS-1$
            rows.add(new Row(segment.getStart(), segment.getEnd(), String.valueOf(node.resolve(segment)),
                    where.length > 1 ? Integer.parseInt(where[1]) : -1, where.length > 2 ? where[2] : "", //$NON-NLS-1$
                    String.valueOf(command.resolve(segment))));
        }
        return rows;
    }
}
