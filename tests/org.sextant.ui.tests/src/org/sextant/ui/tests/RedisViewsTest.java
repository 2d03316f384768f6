// SPDX-License-Identifier: EPL-2.0
package org.sextant.ui.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.TreeSet;

import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.ISeries;
import org.eclipse.tracecompass.tmf.ui.views.xychart.TmfChartView;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphViewer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sextant.internal.redis.ui.DataVolumeView;
import org.sextant.internal.redis.ui.NetflowView;
import org.sextant.internal.redis.ui.ThreadsView;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;
import org.sextant.test.support.ui.WorkbenchDriver;

/**
 * The Redis views in a real Trace Compass workbench, on the io-threads recording (one Redis node, 4 threads,
 * 50 clients) opened as Trace Compass's LTTng-UST trace: each draws the node's rows or series, and a screenshot
 * of each goes to {@code sextant.screenshots} (docs/images with tools/screenshots.sh).
 */
class RedisViewsTest {

    private static final String UST_TRACE_TYPE = "org.eclipse.linuxtools.lttng2.ust.tracetype"; //$NON-NLS-1$
    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    @BeforeAll
    static void openRecording() throws Exception {
        WorkbenchDriver.openTrace(Traces.recordingTraces(Fixture.REDIS_IO_THREADS).get(0), UST_TRACE_TYPE); // its one node
    }

    @Test
    void netflowDrawsTheRequestLifeCycleOfEachConnection() throws Exception {
        TimeGraphViewer viewer = WorkbenchDriver.showTimeGraph(NetflowView.ID, "redis-netflow.png", TIMEOUT); //$NON-NLS-1$
        TreeSet<String> rows = WorkbenchDriver.rowsWithStates(viewer);
        assertTrue(rows.stream().filter(name -> name.startsWith("fd ")).count() >= 10, () -> "connections drawn: " + rows); //$NON-NLS-1$
    }

    @Test
    void threadsDrawsTheMainThreadAndTheIoThreads() throws Exception {
        TimeGraphViewer viewer = WorkbenchDriver.showTimeGraph(ThreadsView.ID, "redis-threads.png", TIMEOUT); //$NON-NLS-1$
        TreeSet<String> rows = WorkbenchDriver.rowsWithStates(viewer);
        assertTrue(rows.stream().filter(name -> name.startsWith("thread ")).count() == 4, () -> "threads drawn: " + rows); //$NON-NLS-1$
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
