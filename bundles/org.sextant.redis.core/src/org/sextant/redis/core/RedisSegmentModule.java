// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core;

import java.util.function.Function;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.tracecompass.analysis.timing.core.segmentstore.AbstractSegmentStoreAnalysisEventBasedModule;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.internal.redis.core.RedisTraces;
import org.sextant.internal.redis.core.RequestCollector;

/**
 * A segment store that runs the Redis model over the events of a trace with Redis events and keeps one of its
 * outputs: the requests ({@link RedisLatencyModule}) or the hops of their paths ({@link RedisPathModule}).
 */
abstract class RedisSegmentModule extends AbstractSegmentStoreAnalysisEventBasedModule {

    private final Function<ISegmentStore<ISegment>, RequestCollector> fCollector;

    /**
     * @param collector
     *            the model's run that fills a segment store
     */
    RedisSegmentModule(Function<ISegmentStore<ISegment>, RequestCollector> collector) {
        fCollector = collector;
    }

    @Override
    public boolean canExecute(ITmfTrace trace) {
        return RedisTraces.hasRedisEvents(trace);
    }

    @Override
    protected AbstractSegmentStoreAnalysisRequest createAnalysisRequest(ISegmentStore<ISegment> segments, IProgressMonitor monitor) {
        RequestCollector collector = fCollector.apply(segments);
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
