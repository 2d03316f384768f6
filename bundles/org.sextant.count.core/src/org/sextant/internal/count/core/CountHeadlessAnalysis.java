// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.core;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.sextant.common.core.FailureReporter;
import org.sextant.common.core.SummaryEntryModel;
import org.sextant.common.core.summary.AnalysisOptions;
import org.sextant.common.core.summary.HeadlessAnalysisException;
import org.sextant.common.core.summary.IHeadlessAnalysis;
import org.sextant.common.core.summary.SummaryTree;
import org.sextant.count.model.CountSummary;

/**
 * {@code sextant analyze --analysis count [--threads N | --serial]}: events in total, per CPU and per event type,
 * as {@link EventCountSummaryDataProvider} serves them. CTF traces are counted by the parallel build
 * ({@link EventCountParallelModule}, one thread per core unless told otherwise); other kernel traces by Trace
 * Compass's own event request; an existing history is reused.
 */
public class CountHeadlessAnalysis implements IHeadlessAnalysis {

    @Override
    public boolean appliesTo(ITmfTrace trace) {
        return EventCountSummaryDataProviderFactory.module(trace) != null;
    }

    @Override
    public Map<String, Object> run(ITmfTrace trace, AnalysisOptions options, IProgressMonitor monitor) throws HeadlessAnalysisException {
        ITmfAnalysisModuleWithStateSystems module = EventCountSummaryDataProviderFactory.module(trace);
        if (module == null) {
            throw new HeadlessAnalysisException("no event count analysis for this trace"); //$NON-NLS-1$
        }
        EventCountParallelModule parallel = module instanceof EventCountParallelModule built ? built : null;
        if (parallel != null) {
            parallel.setMode(options.build());
        }
        module.schedule();
        if (!module.waitForCompletion(monitor)) {
            if (parallel != null && parallel.getFailure() != null) {
                throw HeadlessAnalysisException.badInput(String.valueOf(parallel.getFailure()));
            }
            // a trace that says why it could not be read to the end (an ftrace trace's damaged event)
            for (ITmfTrace member : TmfTraceManager.getTraceSet(trace)) {
                String failure = member instanceof FailureReporter reporter ? reporter.getFailure() : null;
                if (failure != null) {
                    throw HeadlessAnalysisException.badInput(failure);
                }
            }
            throw new HeadlessAnalysisException("the event count analysis did not complete" //$NON-NLS-1$
                    + (monitor.isCanceled() ? " (cancelled)" : "")); //$NON-NLS-1$ //$NON-NLS-2$
        }
        SummaryTree summary = SummaryTree.fetch(trace, EventCountSummaryDataProvider.ID, monitor);
        SummaryEntryModel total = summary.root();
        Map<Integer, Long> perCpu = new HashMap<>();
        for (SummaryEntryModel cpu : summary.children(total, EventCountSummaryDataProvider.CPUS)) {
            perCpu.put((Integer) cpu.getKey(), events(cpu));
        }
        Map<String, Long> perType = new HashMap<>();
        for (SummaryEntryModel type : summary.children(total, EventCountSummaryDataProvider.EVENT_TYPES)) {
            perType.put(String.valueOf(type.getKey()), events(type));
        }
        CountSummary counts = new CountSummary(events(total), total.getNumber(EventCountSummaryDataProvider.START).longValue(),
                total.getNumber(EventCountSummaryDataProvider.END).longValue(), perCpu, perType);
        Map<String, Object> result = new LinkedHashMap<>(counts.toMap());
        result.put("build", parallel != null ? parallel.describeBuild() : "trace compass"); //$NON-NLS-1$ //$NON-NLS-2$
        return result;
    }

    /** CTF traces are built by the parallel build, which checks every event with Sextant's codec. */
    @Override
    public boolean checksEveryEvent() {
        return true;
    }

    private static long events(SummaryEntryModel entry) {
        return entry.getNumber(EventCountSummaryDataProvider.EVENTS).longValue();
    }
}
