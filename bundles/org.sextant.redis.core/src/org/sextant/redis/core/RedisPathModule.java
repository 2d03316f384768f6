// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core;

import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.tracecompass.analysis.timing.core.segmentstore.AbstractSegmentStoreAnalysisEventBasedModule;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.segment.ISegmentAspect;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.internal.redis.core.RedisTraces;
import org.sextant.internal.redis.core.RequestCollector;

/**
 * The hops of requests' paths across connections and nodes (redirections to their retries, PUBLISH fan-out over
 * the bus, replication streams): the arrows of Redis Netflow and the headless listing of paths. Meaningful on the
 * experiment of a recording, where the nodes meet.
 */
public class RedisPathModule extends AbstractSegmentStoreAnalysisEventBasedModule {

    /** The analysis id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.redis.core.paths"; //$NON-NLS-1$

    @Override
    public boolean canExecute(ITmfTrace trace) {
        return RedisTraces.hasRedisEvents(trace);
    }

    @Override
    public Iterable<ISegmentAspect> getSegmentAspects() {
        return List.of();
    }

    @Override
    protected AbstractSegmentStoreAnalysisRequest createAnalysisRequest(ISegmentStore<ISegment> segments, IProgressMonitor monitor) {
        RequestCollector collector = RequestCollector.links(segments);
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
