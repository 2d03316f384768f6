// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.common.core;

import java.util.Set;

import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.analysis.ITmfNewAnalysisModuleListener;

/**
 * Makes Trace Compass's statistics and Linux kernel analysis run on demand rather than as soon as a trace opens.
 * Trace Compass declares both automatic, so opening a trace starts them at once: two more reads of every event
 * through its serial reader, each with its own history, competing for the cores with the build of the view the
 * user opened (on the 2 GB perf trace they take minutes; docs/performance.md). Everything that shows their
 * results schedules them itself: the Statistics view and the Histogram's data provider the statistics; the
 * Control Flow and Resources data providers, and every analysis that depends on it (CPU usage, the critical
 * path), the kernel analysis; so each still runs, once, when a view or a request needs it.
 *
 * <p>
 * Trace Compass's other automatic analyses stay automatic: the thread-id analysis, because the TID aspect of a
 * kernel trace's events waits for it without scheduling it; UST debug information, call sites, counters and UST
 * CPU, which some aspects and views read without scheduling them either. Registered through Trace Compass's own
 * public hook, a {@code listener} of the {@code org.eclipse.linuxtools.tmf.core.analysis} extension point,
 * which sees each module after Trace Compass has set whether it is automatic and before the trace schedules it.
 * </p>
 */
public final class OnDemandAnalyses implements ITmfNewAnalysisModuleListener {

    /** {@code TmfStatisticsModule.ID} and {@code KernelAnalysisModule.ID}. */
    private static final Set<String> ON_DEMAND = Set.of(
            "org.eclipse.linuxtools.tmf.core.statistics.analysis", //$NON-NLS-1$
            "org.eclipse.tracecompass.analysis.os.linux.kernel"); //$NON-NLS-1$

    @Override
    public void moduleCreated(IAnalysisModule module) {
        if (ON_DEMAND.contains(module.getId())) {
            module.setAutomatic(false);
        }
    }
}
