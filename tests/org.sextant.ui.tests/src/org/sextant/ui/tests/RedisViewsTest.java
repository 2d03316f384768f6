// SPDX-License-Identifier: EPL-2.0
package org.sextant.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.ISeries;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.signal.TmfWindowRangeUpdatedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.ui.views.xychart.TmfChartView;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphViewer;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeGraphEntry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sextant.internal.redis.ui.DataVolumeView;
import org.sextant.internal.redis.ui.NetflowView;
import org.sextant.internal.redis.ui.ThreadsView;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;
import org.sextant.test.support.ui.WorkbenchDriver;

/**
 * The Redis views in a real Trace Compass workbench, on the io-threads stages recording (one Redis node, its main
 * thread and one io thread, 50 clients, the version 2 tracer) opened as Trace Compass's LTTng-UST trace: each draws
 * the node's rows or series, and a screenshot of each goes to {@code sextant.screenshots} (docs/images with
 * tools/screenshots.sh).
 */
class RedisViewsTest {

    private static final String UST_TRACE_TYPE = "org.sextant.ctf.core.ust"; //$NON-NLS-1$
    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    @BeforeAll
    static void openRecording() throws Exception {
        ITmfTrace trace = WorkbenchDriver.openTrace(Traces.recordingTraces(Fixture.REDIS_IO_STAGES).get(0), UST_TRACE_TYPE); // its one node
        // the whole recording in view, once indexed: the load comes after the node's start-up, the first window's
        WorkbenchDriver.waitForJobs(TIMEOUT);
        TmfSignalManager.dispatchSignal(new TmfWindowRangeUpdatedSignal(RedisViewsTest.class, trace.getTimeRange(), trace));
    }

    @Test
    void netflowDrawsTheRequestLifeCycleOfEachConnection() throws Exception {
        TimeGraphViewer viewer = WorkbenchDriver.showTimeGraph(NetflowView.ID, "redis-netflow.png", TIMEOUT); //$NON-NLS-1$
        TreeSet<String> rows = WorkbenchDriver.rowsWithStates(viewer);
        assertTrue(rows.stream().filter(name -> name.startsWith("fd ")).count() >= 10, () -> "connections drawn: " + rows); //$NON-NLS-1$
    }

    @Test
    void threadsDrawsTheMainThreadTheIoThreadAndEachClientsStages() throws Exception {
        TimeGraphViewer viewer = WorkbenchDriver.showTimeGraph(ThreadsView.ID, "redis-threads.png", TIMEOUT); //$NON-NLS-1$
        // the io thread's row may come with a later fetch of the tree than the first rows: the screenshot again then
        WorkbenchDriver.waitUntil(() -> WorkbenchDriver.rowsWithStates(viewer).stream().filter(name -> name.startsWith("thread ")).count() == 2, //$NON-NLS-1$
                TIMEOUT, "the main thread and the io thread drawn"); //$NON-NLS-1$
        viewer.expandAll();
        WorkbenchDriver.screenshotMaximized(WorkbenchDriver.window().getActivePage().findView(ThreadsView.ID), "redis-threads.png", TIMEOUT); //$NON-NLS-1$
        List<ITimeGraphEntry> stages = WorkbenchDriver.entries(viewer).stream().filter(entry -> entry.getName().equals("Client stages")).toList(); //$NON-NLS-1$
        assertEquals(1, stages.size());
        long drawn = stages.get(0).getChildren().stream().filter(row -> row.getTimeEventsIterator() != null && row.getTimeEventsIterator().hasNext()).count();
        assertTrue(drawn >= 50, () -> drawn + " client stage rows drawn"); //$NON-NLS-1$
    }

    @Test
    void dataVolumeDrawsTheClientBytes() throws Exception {
        TmfChartView view = (TmfChartView) WorkbenchDriver.showView(DataVolumeView.ID);
        Chart chart = view.getChartViewer().getSwtChart();
        WorkbenchDriver.waitUntil(() -> Arrays.stream(chart.getSeriesSet().getSeries()).anyMatch(RedisViewsTest::aboveZero), TIMEOUT,
                "a Data Volume series to be drawn"); //$NON-NLS-1$
        WorkbenchDriver.waitForJobs(TIMEOUT);
        WorkbenchDriver.screenshot(WorkbenchDriver.screenshotFile("redis-data-volume.png")); //$NON-NLS-1$
        assertTrue(Arrays.stream(chart.getSeriesSet().getSeries()).anyMatch(s -> s.getId().endsWith("Client in") && aboveZero(s)), //$NON-NLS-1$
                () -> "series: " + Arrays.toString(Arrays.stream(chart.getSeriesSet().getSeries()).map(ISeries::getId).toArray()));
    }

    private static boolean aboveZero(ISeries series) {
        double[] y = series.getYSeries();
        return y != null && Arrays.stream(y).anyMatch(v -> v > 0);
    }
}
