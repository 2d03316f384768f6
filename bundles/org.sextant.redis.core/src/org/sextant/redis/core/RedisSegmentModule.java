// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core;

import java.io.IOException;
import java.util.List;
import java.util.function.Function;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.tracecompass.analysis.timing.core.segmentstore.AbstractSegmentStoreAnalysisEventBasedModule;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfAnalysisException;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.internal.redis.core.RedisCompanion;
import org.sextant.internal.redis.core.RedisTraces;
import org.sextant.internal.redis.core.RequestCollector;

/**
 * A segment store of one of the Redis model's outputs: the requests ({@link RedisLatencyModule}) or the hops of
 * their paths ({@link RedisPathModule}). Where the engine builds the model ({@link RedisParallelModule}), the
 * segments are that one build's; elsewhere (a recording whose tracer discarded events) the module runs the model
 * over the trace's events itself.
 */
abstract class RedisSegmentModule extends AbstractSegmentStoreAnalysisEventBasedModule {

    private final Function<ISegmentStore<ISegment>, RequestCollector> fCollector;
    private final Function<RedisCompanion, List<? extends ISegment>> fBuilt;

    /**
     * @param collector
     *            the model's run that fills a segment store
     * @param built
     *            the segments of the engine's build
     */
    RedisSegmentModule(Function<ISegmentStore<ISegment>, RequestCollector> collector, Function<RedisCompanion, List<? extends ISegment>> built) {
        fCollector = collector;
        fBuilt = built;
    }

    @Override
    public boolean canExecute(ITmfTrace trace) {
        return RedisTraces.hasRedisEvents(trace);
    }

    @Override
    protected boolean buildAnalysisSegments(ISegmentStore<ISegment> segments, IProgressMonitor monitor) throws TmfAnalysisException {
        ITmfTrace trace = getTrace();
        RedisParallelModule parallel = trace == null ? null : RedisParallelModule.of(trace);
        if (parallel == null) {
            return super.buildAnalysisSegments(segments, monitor);
        }
        parallel.schedule();
        if (!parallel.waitForCompletion(monitor)) {
            String failure = parallel.getFailure();
            throw new TmfAnalysisException(failure != null ? failure : parallel.getName() + " did not complete"); //$NON-NLS-1$
        }
        try {
            segments.addAll(fBuilt.apply(parallel.getCompanionContent()));
        } catch (IOException e) {
            throw new TmfAnalysisException(String.valueOf(e.getMessage()));
        }
        return true;
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
