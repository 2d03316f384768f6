// SPDX-License-Identifier: EPL-2.0
package org.sextant.count.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfTreeXYDataProvider;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfXyModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ISeriesModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sextant.internal.count.core.EventCountDataProvider;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;

/**
 * The event count data provider as a view or the trace server reaches it: through the data provider manager.
 */
class EventCountDataProviderTest {

    private static final Fixture FIXTURE = Fixture.PERF_SCHED_SYSCALLS;
    private static final int POINTS = 200;
    private static ITmfTrace sTrace;
    private static ITmfTreeXYDataProvider<ITmfTreeDataModel> sProvider;
    private static List<ITmfTreeDataModel> sEntries;

    @BeforeAll
    static void open() throws Exception {
        sTrace = Traces.openKernelTrace(FIXTURE);
        // as a view or the trace server has it: indexed, its time range known (the engine's build reads no event
        // through Trace Compass, so building the count no longer indexes the trace on the way); the indexing that
        // opening started may still run, and asking for another returns at once, so wait for every event
        sTrace.indexTrace(true);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (sTrace.getNbEvents() < FIXTURE.fact("events") && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(FIXTURE.fact("events"), sTrace.getNbEvents(), "the trace indexed");
        sProvider = DataProviderManager.getInstance().getDataProvider(sTrace, EventCountDataProvider.ID, ITmfTreeXYDataProvider.class);
        assertNotNull(sProvider, "the factory is registered for kernel traces");
        TmfModelResponse<TmfTreeModel<ITmfTreeDataModel>> response;
        do {
            response = sProvider.fetchTree(timeQuery(sTrace.getStartTime().toNanos(), sTrace.getEndTime().toNanos(), 2), new NullProgressMonitor());
            Thread.sleep(50);
        } while (response.getStatus() == ITmfResponse.Status.RUNNING);
        assertEquals(ITmfResponse.Status.COMPLETED, response.getStatus(), response.getStatusMessage());
        TmfTreeModel<ITmfTreeDataModel> model = response.getModel();
        assertNotNull(model);
        sEntries = model.getEntries();
    }

    @AfterAll
    static void close() {
        Traces.close(sTrace);
    }

    @Test
    void treeHasTotalOneEntryPerCpuAndPerEventType() {
        List<String> labels = sEntries.stream().map(ITmfTreeDataModel::getName).collect(Collectors.toList());
        assertEquals(sTrace.getName(), labels.get(0));
        assertTrue(labels.containsAll(List.of("Total", "CPUs", "CPU 0", "CPU 1", "Event types")), labels.toString());
        long types = Fixture.catalogue().stringPropertyNames().stream().filter(k -> k.startsWith("perf-sched-syscalls.type.")).count();
        ITmfTreeDataModel typesGroup = sEntries.stream().filter(e -> e.getName().equals("Event types")).findFirst().orElseThrow();
        assertEquals(types, sEntries.stream().filter(e -> e.getParentId() == typesGroup.getId()).count());
    }

    /** Rates times interval lengths telescope back to the counts: over the whole trace, every event once. */
    @Test
    void ratesIntegrateToTheCounts() {
        Map<String, Long> expected = new HashMap<>();
        expected.put("Total", FIXTURE.fact("events"));
        expected.put("CPUs/0", FIXTURE.fact("events.cpu0"));
        expected.put("CPUs/1", FIXTURE.fact("events.cpu1"));
        List<Long> ids = new ArrayList<>();
        Map<Long, String> paths = Map.of(id("Total"), "Total", id("CPU 0"), "CPUs/0", id("CPU 1"), "CPUs/1");
        ids.addAll(paths.keySet());

        long start = sTrace.getStartTime().toNanos();
        long end = sTrace.getEndTime().toNanos();
        Map<String, Object> query = timeQuery(start, end, POINTS);
        query.put(DataProviderParameterUtils.REQUESTED_ITEMS_KEY, ids);
        TmfModelResponse<ITmfXyModel> response = sProvider.fetchXY(query, new NullProgressMonitor());
        assertEquals(ITmfResponse.Status.COMPLETED, response.getStatus(), response.getStatusMessage());
        ITmfXyModel model = response.getModel();
        assertNotNull(model);
        assertEquals(3, model.getSeriesData().size());
        for (ISeriesModel series : model.getSeriesData()) {
            long[] x = series.getXAxis();
            double[] y = series.getData();
            assertEquals(POINTS, x.length);
            double events = y[0] * (x[1] - x[0]) / 1e9;
            for (int i = 1; i < x.length; i++) {
                events += y[i] * (x[i] - x[i - 1]) / 1e9;
            }
            String path = paths.get(series.getId());
            assertEquals(expected.get(path), Math.round(events), path);
        }
    }

    private static long id(String label) {
        return sEntries.stream().filter(e -> e.getName().equals(label)).findFirst().orElseThrow().getId();
    }

    private static Map<String, Object> timeQuery(long start, long end, int points) {
        List<Long> times = new ArrayList<>();
        for (int i = 0; i < points; i++) {
            times.add(start + (end - start) * i / (points - 1));
        }
        Map<String, Object> query = new HashMap<>();
        query.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, times);
        return query;
    }
}
