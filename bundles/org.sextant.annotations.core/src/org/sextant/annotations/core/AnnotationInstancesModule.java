// SPDX-License-Identifier: EPL-2.0
package org.sextant.annotations.core;

import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.analysis.timing.core.segmentstore.AbstractSegmentStoreAnalysisModule;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfAnalysisException;
import org.eclipse.tracecompass.tmf.core.segment.ISegmentAspect;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.sextant.annotations.model.AnnotationReport;
import org.sextant.annotations.model.AnnotationReport.Instance;
import org.sextant.internal.annotations.core.AnnotationAspect;
import org.sextant.internal.annotations.core.AnnotationSegment;
import org.sextant.internal.annotations.core.StateTimeline;

/**
 * Every annotation instance (one span of one thread) as a segment, read from the annotations state system: the
 * segment store behind Trace Compass's latency table, scatter chart and statistics for annotations.
 */
public class AnnotationInstancesModule extends AbstractSegmentStoreAnalysisModule {

    /** The analysis id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.annotations.core.instances"; //$NON-NLS-1$

    @Override
    public Iterable<ISegmentAspect> getSegmentAspects() {
        return AnnotationAspect.ALL;
    }

    @Override
    protected Iterable<IAnalysisModule> getDependentAnalyses() {
        AnnotationsAnalysisModule annotations = annotations();
        return annotations == null ? List.of() : List.of(annotations);
    }

    @Override
    protected boolean buildAnalysisSegments(ISegmentStore<ISegment> segments, IProgressMonitor monitor) throws TmfAnalysisException {
        AnnotationsAnalysisModule annotations = annotations();
        if (annotations == null) {
            throw new TmfAnalysisException("no annotations analysis for " + getTrace()); //$NON-NLS-1$
        }
        annotations.schedule();
        ITmfStateSystem ss = annotations.waitForCompletion(monitor) ? annotations.getStateSystem(AnnotationsAnalysisModule.ID) : null;
        if (ss == null) {
            return false;
        }
        try {
            for (Instance instance : AnnotationReport.instances(StateTimeline.of(ss))) {
                segments.add(new AnnotationSegment(instance.start(), instance.end(), instance.name(), instance.comm() + ' ' + instance.tid(), instance.depth()));
            }
        } catch (StateSystemDisposedException e) {
            return false;
        }
        return !monitor.isCanceled();
    }

    @Override
    protected void canceling() {
        // the build reads a finished state system and checks the monitor: nothing to interrupt
    }

    private @Nullable AnnotationsAnalysisModule annotations() {
        ITmfTrace trace = getTrace();
        return trace == null ? null : TmfTraceUtils.getAnalysisModuleOfClass(trace, AnnotationsAnalysisModule.class, AnnotationsAnalysisModule.ID);
    }
}
