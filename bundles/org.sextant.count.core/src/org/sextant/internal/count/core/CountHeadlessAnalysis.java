// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.core;

import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.sextant.count.core.EventCountAnalysisModule;
import org.sextant.headless.core.HeadlessAnalysisException;
import org.sextant.headless.core.IHeadlessAnalysis;

/**
 * {@code sextant analyze --analysis count}: events in total, per CPU and per event type.
 */
public class CountHeadlessAnalysis implements IHeadlessAnalysis {

    @Override
    public boolean appliesTo(ITmfTrace trace) {
        return module(trace) != null;
    }

    @Override
    public Map<String, Object> run(ITmfTrace trace, IProgressMonitor monitor) throws HeadlessAnalysisException {
        EventCountAnalysisModule module = module(trace);
        if (module == null) {
            throw new HeadlessAnalysisException("no event count analysis for this trace"); //$NON-NLS-1$
        }
        module.schedule();
        ITmfStateSystem ss = module.waitForCompletion(monitor) ? module.getStateSystem() : null;
        if (ss == null) {
            throw new HeadlessAnalysisException("the event count analysis did not complete" //$NON-NLS-1$
                    + (monitor.isCanceled() ? " (cancelled)" : "")); //$NON-NLS-1$ //$NON-NLS-2$
        }
        try {
            return CountSummaries.read(ss).toMap();
        } catch (StateSystemDisposedException e) {
            throw new HeadlessAnalysisException("the event count state system was closed while being read"); //$NON-NLS-1$
        }
    }

    private static @Nullable EventCountAnalysisModule module(ITmfTrace trace) {
        return TmfTraceUtils.getAnalysisModuleOfClass(trace, EventCountAnalysisModule.class, EventCountAnalysisModule.ID);
    }
}
