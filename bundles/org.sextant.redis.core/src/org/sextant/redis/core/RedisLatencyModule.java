// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.tmf.core.segment.ISegmentAspect;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.sextant.internal.redis.core.RedisCompanion;
import org.sextant.internal.redis.core.RequestAspect;
import org.sextant.internal.redis.core.RequestCollector;

/**
 * The latency of every Redis request whose read and reply were traced (read start to reply write end), with
 * its command, node and connection: the segment store behind the Redis Events Latency views, and the typed way
 * other families get the requests ({@link #of}, {@link #getRequests()}).
 */
public class RedisLatencyModule extends RedisSegmentModule {

    /** The analysis id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.redis.core.latency"; //$NON-NLS-1$

    /** Creates the module, as plugin.xml does. */
    public RedisLatencyModule() {
        super(RequestCollector::requests, RedisCompanion::requests);
    }

    /**
     * @param trace
     *            a trace or a recording's experiment
     * @return its Redis latency module, not scheduled; null when it has no Redis events
     */
    public static @Nullable RedisLatencyModule of(ITmfTrace trace) {
        return TmfTraceUtils.getAnalysisModuleOfClass(trace, RedisLatencyModule.class, ID);
    }

    /**
     * @return the requests the nodes served, in the store's order; none before the module completed
     */
    public List<RequestSegment> getRequests() {
        ISegmentStore<ISegment> store = getSegmentStore();
        if (store == null) {
            return List.of();
        }
        List<RequestSegment> requests = new ArrayList<>(store.size());
        for (ISegment segment : store) {
            requests.add((RequestSegment) segment);
        }
        return requests;
    }

    @Override
    public Iterable<ISegmentAspect> getSegmentAspects() {
        return RequestAspect.ALL;
    }
}
