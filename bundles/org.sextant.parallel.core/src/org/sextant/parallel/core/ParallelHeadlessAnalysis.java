// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.core;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.sextant.common.core.summary.AnalysisOptions;
import org.sextant.common.core.summary.HeadlessAnalysisException;
import org.sextant.common.core.summary.IHeadlessAnalysis;
import org.sextant.common.core.summary.SummaryTree;

/**
 * {@code sextant analyze --analysis NAME [--threads N | --serial]} for an analysis built in parallel: builds
 * (or reuses) the trace's history with the module registered for it as the command line asks, then prints the
 * summary data provider's tree of it, so that the command line shows what a view or the trace server shows.
 * The summary says how the history came about in {@code build}.
 *
 * @param <M>
 *            the module class
 */
public abstract class ParallelHeadlessAnalysis<M extends ParallelHistoryModule> implements IHeadlessAnalysis {

    private final Class<M> fModuleClass;
    private final String fModuleId;
    private final String fSummaryId;

    /**
     * @param moduleClass
     *            the module's class
     * @param moduleId
     *            the module's id
     * @param summaryId
     *            the id of the summary data provider of the module's history
     */
    protected ParallelHeadlessAnalysis(Class<M> moduleClass, String moduleId, String summaryId) {
        fModuleClass = moduleClass;
        fModuleId = moduleId;
        fSummaryId = summaryId;
    }

    /**
     * @param summary
     *            the complete summary tree
     * @return the summary, as ordered maps and lists
     */
    protected abstract Map<String, Object> summarize(SummaryTree summary);

    /** CTF traces are built by the parallel build, which checks every event with Sextant's codec. */
    @Override
    public boolean checksEveryEvent() {
        return true;
    }

    @Override
    public boolean appliesTo(ITmfTrace trace) {
        return TmfTraceUtils.getAnalysisModuleOfClass(trace, fModuleClass, fModuleId) != null;
    }

    @Override
    public Map<String, Object> run(ITmfTrace trace, AnalysisOptions options, IProgressMonitor monitor) throws HeadlessAnalysisException {
        M module = TmfTraceUtils.getAnalysisModuleOfClass(trace, fModuleClass, fModuleId);
        if (module == null) {
            throw new HeadlessAnalysisException("this analysis does not apply to " + trace.getPath()); //$NON-NLS-1$
        }
        module.setMode(options.build());
        module.schedule();
        if (!module.waitForCompletion(monitor) || module.getStateSystem() == null) {
            String failure = module.getFailure();
            if (failure != null) {
                throw HeadlessAnalysisException.badInput(failure);
            }
            throw new HeadlessAnalysisException("the " + module.getName() + " analysis did not complete" //$NON-NLS-1$ //$NON-NLS-2$
                    + (monitor.isCanceled() ? " (cancelled)" : "")); //$NON-NLS-1$ //$NON-NLS-2$
        }
        Map<String, Object> result = new LinkedHashMap<>(summarize(SummaryTree.fetch(trace, fSummaryId, monitor)));
        result.put("build", module.describeBuild()); //$NON-NLS-1$
        return result;
    }
}
