// SPDX-License-Identifier: EPL-2.0
package org.sextant.ui.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Iterator;
import java.util.TreeSet;

import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.ISeries;
import org.eclipse.tracecompass.tmf.ui.views.timegraph.AbstractTimeGraphView;
import org.eclipse.tracecompass.tmf.ui.views.xychart.TmfChartView;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphViewer;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeEvent;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeGraphEntry;
import org.eclipse.ui.IWorkbenchPage;
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
        TimeGraphViewer viewer = showTimeGraph(NetflowView.ID, "redis-netflow.png"); //$NON-NLS-1$
        TreeSet<String> rows = rowsWithStates(viewer);
        assertTrue(rows.stream().filter(name -> name.startsWith("fd ")).count() >= 10, () -> "connections drawn: " + rows); //$NON-NLS-1$
    }

    @Test
    void threadsDrawsTheMainThreadAndTheIoThreads() throws Exception {
        TimeGraphViewer viewer = showTimeGraph(ThreadsView.ID, "redis-threads.png"); //$NON-NLS-1$
        TreeSet<String> rows = rowsWithStates(viewer);
        assertTrue(rows.stream().filter(name -> name.startsWith("thread ")).count() == 4, () -> "threads drawn: " + rows); //$NON-NLS-1$
    }

    @Test
    void dataVolumeDrawsTheClientBytes() throws Exception {
        TmfChartView view = (TmfChartView) WorkbenchDriver.showView(DataVolumeView.ID);
        Chart chart = view.getChartViewer().getSwtChart();
        WorkbenchDriver.waitUntil(() -> Arrays.stream(chart.getSeriesSet().getSeries()).anyMatch(RedisViewsTest::aboveZero), TIMEOUT,
                "a Data Volume series to be drawn"); //$NON-NLS-1$
        WorkbenchDriver.waitForJobs(TIMEOUT);
        WorkbenchDriver.screenshot(screenshot("redis-data-volume.png")); //$NON-NLS-1$
        assertTrue(Arrays.stream(chart.getSeriesSet().getSeries()).anyMatch(s -> s.getId().endsWith("Client in") && aboveZero(s)), //$NON-NLS-1$
                () -> "series: " + Arrays.toString(Arrays.stream(chart.getSeriesSet().getSeries()).map(ISeries::getId).toArray()));
    }

    /** Shows a time graph view maximized, waits until its rows have states, and saves a screenshot. */
    private static TimeGraphViewer showTimeGraph(String viewId, String screenshot) throws Exception {
        AbstractTimeGraphView view = (AbstractTimeGraphView) WorkbenchDriver.showView(viewId);
        IWorkbenchPage page = WorkbenchDriver.window().getActivePage();
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_MAXIMIZED);
        TimeGraphViewer viewer = view.getTimeGraphViewer();
        WorkbenchDriver.waitUntil(() -> rowsWithStates(viewer).size() > 1, TIMEOUT, "rows of " + viewId + " to be drawn"); //$NON-NLS-1$
        viewer.expandAll();
        WorkbenchDriver.waitForJobs(TIMEOUT);
        WorkbenchDriver.screenshot(screenshot(screenshot));
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_RESTORED);
        return viewer;
    }

    /** The names of the entries, children included, that have at least one state to draw. */
    private static TreeSet<String> rowsWithStates(TimeGraphViewer viewer) {
        TreeSet<String> names = new TreeSet<>();
        for (ITimeGraphEntry entry : WorkbenchDriver.entries(viewer)) {
            Iterator<? extends ITimeEvent> events = entry.getTimeEventsIterator();
            if (events != null && events.hasNext()) {
                names.add(entry.getName());
            }
        }
        return names;
    }

    private static boolean aboveZero(ISeries series) {
        double[] y = series.getYSeries();
        return y != null && Arrays.stream(y).anyMatch(v -> v > 0);
    }

    private static Path screenshot(String name) {
        return Path.of(System.getProperty("sextant.screenshots", "target/screenshots"), name); //$NON-NLS-1$ //$NON-NLS-2$
    }
}
