// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.common.core;

import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.analysis.ITmfNewAnalysisModuleListener;

/**
 * Makes Trace Compass's statistics run on demand rather than as soon as a trace opens. Trace Compass declares them
 * automatic, so opening a trace starts one more read of every event through its serial reader, with its own
 * history, competing for the cores with the build of the view the user opened. What shows them schedules them
 * itself (the Statistics view, the Histogram's data provider), so they still run, once, when a view or a request
 * needs them.
 *
 * <p>
 * Trace Compass's other automatic analyses stay automatic. The Linux kernel analysis among them: its CPU Usage
 * provider names threads from the kernel analysis's history without waiting for it, so on demand the CPU Usage
 * tree would list thread ids where names belong until asked again. The thread-id analysis, UST debug information,
 * call sites, counters and UST CPU too: aspects and views read them without scheduling them. Registered through
 * Trace Compass's own public hook, a {@code listener} of the {@code org.eclipse.linuxtools.tmf.core.analysis}
 * extension point, which sees each module after Trace Compass has set whether it is automatic and before the trace
 * schedules it.
 * </p>
 */
public final class OnDemandAnalyses implements ITmfNewAnalysisModuleListener {

    /** {@code TmfStatisticsModule.ID}. */
    private static final String STATISTICS = "org.eclipse.linuxtools.tmf.core.statistics.analysis"; //$NON-NLS-1$

    @Override
    public void moduleCreated(IAnalysisModule module) {
        if (STATISTICS.equals(module.getId())) {
            module.setAutomatic(false);
        }
    }
}
