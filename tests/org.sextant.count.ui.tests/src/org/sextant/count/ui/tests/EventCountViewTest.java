// SPDX-License-Identifier: EPL-2.0
package org.sextant.count.ui.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

import org.eclipse.tracecompass.tmf.ui.viewers.xychart.TmfXYChartViewer;
import org.junit.jupiter.api.Test;
import org.sextant.internal.count.ui.EventCountView;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.ui.WorkbenchDriver;
import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.ISeries;

/**
 * The Event Count view in a real Trace Compass workbench, with the bundled perf sample open.
 */
class EventCountViewTest {

    private static final String KERNEL_TRACE_TYPE = "org.eclipse.linuxtools.lttng2.kernel.tracetype";
    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    @Test
    void drawsTheTotalEventRateOfAPerfTrace() throws Exception {
        WorkbenchDriver.openTrace(Fixture.PERF_SCHED_SYSCALLS.path(), KERNEL_TRACE_TYPE);
        EventCountView view = (EventCountView) WorkbenchDriver.showView(EventCountView.ID);
        TmfXYChartViewer viewer = view.getChartViewer();
        Chart chart = viewer.getSwtChart();
        WorkbenchDriver.waitUntil(() -> drawsEvents(chart), TIMEOUT, "the Total series to be drawn");
        WorkbenchDriver.waitForJobs(TIMEOUT);

        ISeries[] series = chart.getSeriesSet().getSeries();
        assertTrue(Arrays.stream(series).anyMatch(s -> s.getId().contains("Total")),
                () -> "series drawn: " + Arrays.toString(Arrays.stream(series).map(ISeries::getId).toArray()));
        WorkbenchDriver.screenshot(Path.of(System.getProperty("sextant.screenshots", "target/screenshots"), "count-view.png"));
    }

    /** A series with at least one point above zero: the rate of a trace that has events. */
    private static boolean drawsEvents(Chart chart) {
        for (ISeries series : chart.getSeriesSet().getSeries()) {
            double[] y = series.getYSeries();
            if (y != null && Arrays.stream(y).anyMatch(v -> v > 0)) {
                return true;
            }
        }
        return false;
    }
}
