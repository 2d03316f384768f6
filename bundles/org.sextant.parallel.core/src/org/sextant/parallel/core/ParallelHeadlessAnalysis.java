// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.core;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.sextant.headless.core.BuildOptions;
import org.sextant.headless.core.HeadlessAnalysisException;
import org.sextant.headless.core.IHeadlessAnalysis;

/**
 * {@code sextant analyze --analysis NAME [--threads N | --serial]} for an analysis built in parallel: builds
 * (or reuses) the trace's history with the module registered for it, then summarizes the state at its end. The
 * summary says how the history came about in {@code build}.
 *
 * @param <M>
 *            the module class
 */
public abstract class ParallelHeadlessAnalysis<M extends ParallelHistoryModule> implements IHeadlessAnalysis {

    private final Class<M> fModuleClass;
    private final String fModuleId;

    /**
     * @param moduleClass
     *            the module's class
     * @param moduleId
     *            the module's id
     */
    protected ParallelHeadlessAnalysis(Class<M> moduleClass, String moduleId) {
        fModuleClass = moduleClass;
        fModuleId = moduleId;
    }

    /**
     * @param ss
     *            the complete state system
     * @return the summary, as ordered maps and lists
     * @throws StateSystemDisposedException
     *             when it was closed meanwhile
     */
    protected abstract Map<String, Object> summarize(ITmfStateSystem ss) throws StateSystemDisposedException;

    @Override
    public boolean appliesTo(ITmfTrace trace) {
        return TmfTraceUtils.getAnalysisModuleOfClass(trace, fModuleClass, fModuleId) != null;
    }

    @Override
    public Map<String, Object> run(ITmfTrace trace, BuildOptions options, IProgressMonitor monitor) throws HeadlessAnalysisException {
        M module = TmfTraceUtils.getAnalysisModuleOfClass(trace, fModuleClass, fModuleId);
        if (module == null) {
            throw new HeadlessAnalysisException("this analysis does not apply to " + trace.getPath()); //$NON-NLS-1$
        }
        module.configure(options);
        module.schedule();
        ITmfStateSystem ss = module.waitForCompletion(monitor) ? module.getStateSystem() : null;
        if (ss == null) {
            String failure = module.getFailure();
            if (failure != null) {
                throw HeadlessAnalysisException.badInput(failure);
            }
            throw new HeadlessAnalysisException("the " + module.getName() + " analysis did not complete" //$NON-NLS-1$ //$NON-NLS-2$
                    + (monitor.isCanceled() ? " (cancelled)" : "")); //$NON-NLS-1$ //$NON-NLS-2$
        }
        try {
            Map<String, Object> result = new LinkedHashMap<>(summarize(ss));
            result.put("build", module.describeBuild()); //$NON-NLS-1$
            return result;
        } catch (StateSystemDisposedException e) {
            throw new HeadlessAnalysisException("the state system was closed while being read"); //$NON-NLS-1$
        }
    }
}
