// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.core;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.sextant.count.core.EventCountAnalysisModule;
import org.sextant.headless.core.BuildOptions;
import org.sextant.headless.core.HeadlessAnalysisException;
import org.sextant.headless.core.IHeadlessAnalysis;

/**
 * {@code sextant analyze --analysis count [--threads N | --serial]}: events in total, per CPU and per event type.
 * CTF traces are counted by the parallel build ({@link EventCountParallelModule}, one thread per core unless
 * told otherwise); other kernel traces by Trace Compass's own event request ({@link EventCountAnalysisModule}).
 * Both write the same history; an existing one is reused.
 */
public class CountHeadlessAnalysis implements IHeadlessAnalysis {

    @Override
    public boolean appliesTo(ITmfTrace trace) {
        return parallel(trace) != null || serial(trace) != null;
    }

    @Override
    public Map<String, Object> run(ITmfTrace trace, BuildOptions options, IProgressMonitor monitor) throws HeadlessAnalysisException {
        EventCountParallelModule parallel = parallel(trace);
        IAnalysisModule module;
        if (parallel != null) {
            parallel.configure(options);
            module = parallel;
        } else {
            module = serial(trace);
        }
        if (module == null) {
            throw new HeadlessAnalysisException("no event count analysis for this trace"); //$NON-NLS-1$
        }
        module.schedule();
        ITmfStateSystem ss = module.waitForCompletion(monitor) ? CountSummaries.stateSystem(module) : null;
        if (ss == null && parallel != null && parallel.getFailure() != null) {
            throw HeadlessAnalysisException.badInput(String.valueOf(parallel.getFailure()));
        }
        if (ss == null) {
            throw new HeadlessAnalysisException("the event count analysis did not complete" //$NON-NLS-1$
                    + (monitor.isCanceled() ? " (cancelled)" : "")); //$NON-NLS-1$ //$NON-NLS-2$
        }
        try {
            Map<String, Object> result = new LinkedHashMap<>(CountSummaries.read(ss).toMap());
            result.put("build", module instanceof EventCountParallelModule built ? built.describeBuild() : "trace compass"); //$NON-NLS-1$ //$NON-NLS-2$
            return result;
        } catch (StateSystemDisposedException e) {
            throw new HeadlessAnalysisException("the event count state system was closed while being read"); //$NON-NLS-1$
        }
    }

    private static @Nullable EventCountParallelModule parallel(ITmfTrace trace) {
        return TmfTraceUtils.getAnalysisModuleOfClass(trace, EventCountParallelModule.class, EventCountParallelModule.ID);
    }

    private static @Nullable EventCountAnalysisModule serial(ITmfTrace trace) {
        return TmfTraceUtils.getAnalysisModuleOfClass(trace, EventCountAnalysisModule.class, EventCountAnalysisModule.ID);
    }
}
