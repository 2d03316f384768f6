// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.core;

import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.internal.kernel.core.Messages;
import org.sextant.kernel.model.CpuUsageAnalysis;
import org.sextant.parallel.core.ChunkAnalysisModule;
import org.sextant.parallel.model.ChunkAnalysis;

/**
 * Time on CPU per thread and per CPU of a kernel trace, built in parallel ({@link CpuUsageAnalysis} has the
 * attribute tree). Its {@code CPUs} subtree is the history of Trace Compass's CPU usage analysis, value for
 * value.
 */
public class CpuUsageModule extends ChunkAnalysisModule {

    /** The analysis id, as registered in plugin.xml; also the state system id and history file name. */
    public static final String ID = "org.sextant.kernel.core.cpu"; //$NON-NLS-1$

    private static final int VERSION = 1;

    @Override
    public boolean canExecute(ITmfTrace trace) {
        return KernelAnalysisModules.applies(trace) && super.canExecute(trace);
    }

    @Override
    protected ChunkAnalysis createAnalysis(ITmfTrace trace) {
        return new CpuUsageAnalysis(KernelAnalysisModules.events(trace));
    }

    @Override
    protected int getStateVersion() {
        return VERSION;
    }

    @Override
    protected String getTaskName() {
        return Messages.CpuUsage_Task;
    }
}
