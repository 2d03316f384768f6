// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.core;

import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.tracecompass.analysis.timing.core.segmentstore.AbstractSegmentStoreAnalysisModule;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.segment.ISegmentAspect;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.sextant.internal.spans.core.SpanAspect;
import org.sextant.internal.spans.core.SpanEvents;
import org.sextant.internal.spans.core.SpanSegment;
import org.sextant.spans.model.Span;
import org.sextant.spans.model.SpanGraph;
import org.sextant.spans.model.SpanKind;

/**
 * The latency of every request a traced service served whose response completed (server spans), named by
 * service and route, so that Trace Compass's segment-store views show them per route: the table, the scatter
 * chart, and the statistics (count, min, max, average, standard deviation per service and route).
 */
public class SpanLatencyModule extends AbstractSegmentStoreAnalysisModule {

    /** The analysis id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.spans.core.latency"; //$NON-NLS-1$

    @Override
    public boolean canExecute(ITmfTrace trace) {
        return SpanEvents.declaredBy(trace);
    }

    @Override
    public Iterable<ISegmentAspect> getSegmentAspects() {
        return SpanAspect.ALL;
    }

    @Override
    protected Iterable<IAnalysisModule> getDependentAnalyses() {
        SpansAnalysisModule spans = spans();
        return spans == null ? List.of() : List.of(spans);
    }

    @Override
    protected boolean buildAnalysisSegments(ISegmentStore<ISegment> segments, IProgressMonitor monitor) {
        SpansAnalysisModule spans = spans();
        if (spans == null) {
            return false;
        }
        spans.schedule();
        SpanGraph graph = spans.waitForCompletion(monitor) ? spans.getGraph() : null;
        if (graph == null) {
            return false;
        }
        for (Span span : graph.spans()) {
            if (span.kind() == SpanKind.SERVER && span.complete()) {
                segments.add(SpanSegment.of(span));
            }
        }
        return true;
    }

    @Override
    protected void canceling() {
        // the spans module is cancelled on its own; this one only copies its result
    }

    private SpansAnalysisModule spans() {
        ITmfTrace trace = getTrace();
        return trace == null ? null : TmfTraceUtils.getAnalysisModuleOfClass(trace, SpansAnalysisModule.class, SpansAnalysisModule.ID);
    }
}
