// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.tracecompass.analysis.timing.core.segmentstore.AbstractSegmentStoreAnalysisEventBasedModule;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.segment.ISegmentAspect;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.internal.redis.core.RedisTraces;
import org.sextant.internal.redis.core.RequestAspect;
import org.sextant.internal.redis.core.RequestCollector;

/**
 * The latency of every Redis request whose read and reply were traced (read start to reply write end), with
 * its command, node and connection: the segment store behind the Redis Events Latency views.
 */
public class RedisLatencyModule extends AbstractSegmentStoreAnalysisEventBasedModule {

    /** The analysis id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.redis.core.latency"; //$NON-NLS-1$

    @Override
    public boolean canExecute(ITmfTrace trace) {
        return RedisTraces.hasRedisEvents(trace);
    }

    @Override
    public Iterable<ISegmentAspect> getSegmentAspects() {
        return RequestAspect.ALL;
    }

    @Override
    protected AbstractSegmentStoreAnalysisRequest createAnalysisRequest(ISegmentStore<ISegment> segments, IProgressMonitor monitor) {
        RequestCollector collector = RequestCollector.requests(segments);
        return new AbstractSegmentStoreAnalysisRequest(segments) {
            @Override
            public void handleData(ITmfEvent event) {
                super.handleData(event);
                if (monitor.isCanceled()) {
                    cancel();
                    return;
                }
                collector.handle(event);
            }
        };
    }
}
