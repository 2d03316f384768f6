// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ISeriesModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfTreeXYDataProvider;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfXyModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.sextant.internal.kernel.core.CpuUsageDataProvider;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;

/**
 * The CPU usage data provider as a view reaches it, through the data provider manager: a thread's usage, its
 * current run included, is never negative and integrates back to the time the catalogue gives it. (It may pass
 * 100% for a moment: where perf's trace misses a thread's switch-in, the time since the CPU's last recorded
 * switch is the thread's, as in Trace Compass's CPU usage.)
 */
class CpuUsageDataProviderTest {

    private static final int POINTS = 500;

    @ParameterizedTest
    @EnumSource(names = { "PERF_SCHED_SYSCALLS", "PERF_MULTI_PACKET" })
    void usageIntegratesToTheCatalogue(Fixture fixture) throws Exception {
        ITmfTrace trace = Traces.openKernelTrace(fixture);
        try {
            ITmfTreeXYDataProvider<ITmfTreeDataModel> provider = DataProviderManager.getInstance().getDataProvider(trace,
                    CpuUsageDataProvider.ID, ITmfTreeXYDataProvider.class);
            assertNotNull(provider, "the factory is registered for kernel traces");
            long start = fixture.fact("first_cycles"); // perf's clock counts nanoseconds
            long end = fixture.fact("last_cycles");
            Map<String, Object> query = new HashMap<>();
            List<Long> times = new ArrayList<>();
            for (int i = 0; i < POINTS; i++) {
                times.add(start + (end - start) * i / (POINTS - 1));
            }
            query.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, times);
            TmfModelResponse<TmfTreeModel<ITmfTreeDataModel>> tree;
            do {
                tree = provider.fetchTree(query, new NullProgressMonitor());
                Thread.sleep(50);
            } while (tree.getStatus() == ITmfResponse.Status.RUNNING);
            assertEquals(ITmfResponse.Status.COMPLETED, tree.getStatus(), tree.getStatusMessage());
            TmfTreeModel<ITmfTreeDataModel> model = tree.getModel();
            assertNotNull(model);
            List<Long> threads = new ArrayList<>();
            for (ITmfTreeDataModel entry : model.getEntries()) {
                if (entry.getName().matches("[1-9][0-9]* .*")) { // thread entries: "<tid> <name>", the idle thread (0) aside
                    threads.add(entry.getId());
                }
            }
            assertTrue(threads.size() > 1, () -> "threads in " + model.getEntries());
            query.put(DataProviderParameterUtils.REQUESTED_ITEMS_KEY, threads);
            TmfModelResponse<ITmfXyModel> response = provider.fetchXY(query, new NullProgressMonitor());
            assertEquals(ITmfResponse.Status.COMPLETED, response.getStatus(), response.getStatusMessage());
            ITmfXyModel xy = response.getModel();
            assertNotNull(xy);
            assertEquals(threads.size(), xy.getSeriesData().size());
            for (ISeriesModel series : xy.getSeriesData()) {
                long[] x = series.getXAxis();
                double[] percent = series.getData();
                double nanos = percent[0] * (x[1] - x[0]) / 100;
                for (int i = 0; i < x.length; i++) {
                    assertTrue(percent[i] >= 0, series.getName() + " at " + x[i] + ": " + percent[i] + "%");
                    nanos += i > 0 ? percent[i] * (x[i] - x[i - 1]) / 100 : 0;
                }
                String tid = series.getName().substring(series.getName().indexOf('/') + 1);
                assertEquals(fixture.fact("cpu.ns." + tid), Math.round(nanos), series.getName());
            }
        } finally {
            Traces.close(trace);
        }
    }
}
