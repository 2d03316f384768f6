// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.core;

import java.util.List;
import java.util.Objects;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.analysis.TmfAbstractAnalysisModule;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.request.ITmfEventRequest;
import org.eclipse.tracecompass.tmf.core.request.TmfEventRequest;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.internal.spans.core.SpanEvents;
import org.sextant.spans.model.SpanGraph;

/**
 * The HTTP spans of a recording (the experiment of its per-process traces, or one trace), linked across its
 * processes and to the requests of its Redis nodes: one read of the events in time order through the span
 * model and, in the same pass, Trace Compass's event matching ({@code HttpMatchDefinition}), whose matches of
 * requests and responses across processes join client spans to server spans; after the Redis latency analysis,
 * whose requests the spans' Redis commands are.
 *
 * <p>
 * Clocks: every process of a recording stamps its events with {@code CLOCK_MONOTONIC} (LTTng-UST's clock), one
 * clock for the machine, so times compare across traces as they are; Trace Compass's synchronisation of the
 * experiment, which uses the same matching, finds nothing to correct. The model checks the one order that must
 * hold on every join (a server read the request before its client read the response) and counts the joins where
 * it does not.
 * </p>
 */
public class SpansAnalysisModule extends TmfAbstractAnalysisModule {

    /** The analysis id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.spans.core.analysis"; //$NON-NLS-1$

    private volatile @Nullable SpanGraph fGraph;
    private volatile @Nullable ITmfEventRequest fRequest;

    @Override
    public boolean canExecute(ITmfTrace trace) {
        return SpanEvents.declaredBy(trace);
    }

    @Override
    protected Iterable<IAnalysisModule> getDependentAnalyses() {
        ITmfTrace trace = getTrace();
        IAnalysisModule redis = trace == null ? null : SpanEvents.redisModule(trace);
        return redis == null ? List.of() : List.of(redis);
    }

    @Override
    protected boolean executeAnalysis(IProgressMonitor monitor) {
        ITmfTrace trace = Objects.requireNonNull(getTrace());
        SpanEvents events = new SpanEvents(trace, monitor);
        TmfEventRequest request = new TmfEventRequest(ITmfEvent.class, TmfTimeRange.ETERNITY, 0, ITmfEventRequest.ALL_DATA,
                ITmfEventRequest.ExecutionType.BACKGROUND) {
            @Override
            public void handleData(ITmfEvent event) {
                super.handleData(event);
                if (monitor.isCanceled()) {
                    cancel();
                    return;
                }
                events.handle(event);
            }
        };
        fRequest = request;
        trace.sendRequest(request);
        try {
            request.waitForCompletion();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        if (request.isCancelled() || request.isFailed() || monitor.isCanceled()) {
            return false;
        }
        fGraph = events.finish(trace);
        return true;
    }

    @Override
    protected void canceling() {
        ITmfEventRequest request = fRequest;
        if (request != null && !request.isCompleted()) {
            request.cancel();
        }
    }

    /** @return the linked spans, once the analysis completed; null before, or when it failed */
    public @Nullable SpanGraph getGraph() {
        return fGraph;
    }
}
