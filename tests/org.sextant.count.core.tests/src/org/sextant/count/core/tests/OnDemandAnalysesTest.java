// SPDX-License-Identifier: EPL-2.0
package org.sextant.count.core.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;

/**
 * Opening a kernel trace no longer starts Trace Compass's statistics and Linux kernel analysis (Sextant's
 * {@code OnDemandAnalyses}); both are still there, and the kernel analysis runs when a view's data provider (the
 * Control Flow view's) needs it. The thread-id analysis, which event aspects wait for, stays automatic.
 */
class OnDemandAnalysesTest {

    private static final String STATISTICS = "org.eclipse.linuxtools.tmf.core.statistics.analysis"; //$NON-NLS-1$
    private static final String KERNEL = "org.eclipse.tracecompass.analysis.os.linux.kernel"; //$NON-NLS-1$
    private static final String TID = "org.eclipse.tracecompass.analysis.os.linux.kernel.tid"; //$NON-NLS-1$
    /** {@code ThreadStatusDataProvider.ID}, the Control Flow view's provider. */
    private static final String CONTROL_FLOW = "org.eclipse.tracecompass.internal.analysis.os.linux.core.threadstatus.ThreadStatusDataProvider"; //$NON-NLS-1$

    private static ITmfTrace sTrace;

    @BeforeAll
    static void open() throws Exception {
        sTrace = Traces.openKernelTrace(Fixture.PERF_SCHED_SYSCALLS);
    }

    @AfterAll
    static void close() {
        Traces.close(sTrace);
    }

    @Test
    void statisticsAndKernelAnalysisWaitToBeAsked() {
        for (String id : new String[] { STATISTICS, KERNEL }) {
            IAnalysisModule module = sTrace.getAnalysisModule(id);
            assertNotNull(module, id + " applies to a perf kernel trace"); //$NON-NLS-1$
            assertFalse(module.isAutomatic(), id);
        }
        IAnalysisModule tid = sTrace.getAnalysisModule(TID);
        assertNotNull(tid);
        assertTrue(tid.isAutomatic());
    }

    @Test
    void theControlFlowProviderRunsTheKernelAnalysis() {
        ITmfTreeDataProvider<?> provider = DataProviderManager.getInstance().getDataProvider(sTrace, CONTROL_FLOW, ITmfTreeDataProvider.class);
        assertNotNull(provider);
        IAnalysisModule kernel = sTrace.getAnalysisModule(KERNEL);
        assertNotNull(kernel);
        assertTrue(kernel.waitForCompletion());
        assertNotNull(((ITmfAnalysisModuleWithStateSystems) kernel).getStateSystem(KERNEL));
    }
}
