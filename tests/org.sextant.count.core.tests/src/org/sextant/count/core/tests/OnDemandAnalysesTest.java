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
 * Opening a kernel trace no longer starts Trace Compass's statistics (Sextant's {@code OnDemandAnalyses}); they are
 * still there, and run when a view's data provider (the Histogram's) needs them. The kernel and thread-id
 * analyses, which other providers and event aspects read without scheduling them, stay automatic.
 */
class OnDemandAnalysesTest {

    private static final String STATISTICS = "org.eclipse.linuxtools.tmf.core.statistics.analysis"; //$NON-NLS-1$
    private static final String KERNEL = "org.eclipse.tracecompass.analysis.os.linux.kernel"; //$NON-NLS-1$
    private static final String TID = "org.eclipse.tracecompass.analysis.os.linux.kernel.tid"; //$NON-NLS-1$
    /** {@code HistogramDataProvider.ID}, the Histogram view's provider. */
    private static final String HISTOGRAM = "org.eclipse.tracecompass.internal.tmf.core.histogram.HistogramDataProvider"; //$NON-NLS-1$

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
    void statisticsWaitToBeAskedTheKernelAnalysesDoNot() {
        IAnalysisModule statistics = sTrace.getAnalysisModule(STATISTICS);
        assertNotNull(statistics, "the statistics apply to a perf kernel trace"); //$NON-NLS-1$
        assertFalse(statistics.isAutomatic());
        for (String id : new String[] { KERNEL, TID }) {
            IAnalysisModule module = sTrace.getAnalysisModule(id);
            assertNotNull(module, id + " applies to a perf kernel trace"); //$NON-NLS-1$
            assertTrue(module.isAutomatic(), id);
        }
    }

    @Test
    void theHistogramProviderRunsTheStatistics() {
        ITmfTreeDataProvider<?> provider = DataProviderManager.getInstance().getDataProvider(sTrace, HISTOGRAM, ITmfTreeDataProvider.class);
        assertNotNull(provider);
        IAnalysisModule statistics = sTrace.getAnalysisModule(STATISTICS);
        assertNotNull(statistics);
        assertTrue(statistics.waitForCompletion());
        assertNotNull(((ITmfAnalysisModuleWithStateSystems) statistics).getStateSystems().iterator().next());
    }
}
