// SPDX-License-Identifier: EPL-2.0
package org.sextant.ui.tests;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.function.Predicate;
import java.util.stream.Stream;

import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.ISeries;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ui.views.xychart.TmfChartView;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sextant.internal.count.ui.EventCountView;
import org.sextant.internal.kernel.ui.CpuUsageView;
import org.sextant.internal.kernel.ui.IoView;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.ui.WorkbenchDriver;

/**
 * Sextant's views in a real Trace Compass workbench, with the bundled perf sample open: each draws its default
 * series, and a screenshot of each goes to {@code sextant.screenshots} (docs/images with tools/screenshots.sh).
 */
class ViewsTest {

    private static final String KERNEL_TRACE_TYPE = "org.sextant.ctf.core.kernel";
    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    /** The engine's count history, as EventCountParallelModule (internal to count.core) names it. */
    private static final String COUNT_HISTORY = "org.sextant.count.core.analysis.parallel"; //$NON-NLS-1$

    @BeforeAll
    static void openSample() throws Exception {
        WorkbenchDriver.openTrace(Fixture.PERF_SCHED_SYSCALLS.path(), KERNEL_TRACE_TYPE);
    }

    /** The view draws the count the engine built: its history's provenance record is in the trace's folder. */
    @Test
    void eventCountViewDrawsTheTotalEventRate() throws Exception {
        Chart chart = show(EventCountView.ID, "count-view.png");
        assertTrue(drawn(chart, id -> id.contains("Total")), () -> "series drawn: " + ids(chart));
        ITmfTrace trace = TmfTraceManager.getInstance().getActiveTrace();
        assertNotNull(trace);
        assertTrue(engineBuilt(trace, COUNT_HISTORY), () -> "no history of " + COUNT_HISTORY + " built by the engine for " + trace.getPath());
    }

    /** The busiest threads of the sample are the workload's, rw-migrate's: they are checked and drawn. */
    @Test
    void cpuUsageViewDrawsTheBusiestThreads() throws Exception {
        Chart chart = show(CpuUsageView.ID, "cpu-usage-view.png");
        assertTrue(drawn(chart, id -> id.startsWith("Threads/")), () -> "series drawn: " + ids(chart));
    }

    @Test
    void ioViewDrawsTheBytesOfTheBusiestProcesses() throws Exception {
        Chart chart = show(IoView.ID, "io-view.png");
        assertTrue(drawn(chart, id -> id.startsWith("Processes/")), () -> "series drawn: " + ids(chart));
    }

    /** Shows a view, waits until it draws a series with a point above zero, and saves a screenshot. */
    private static Chart show(String viewId, String screenshot) throws Exception {
        TmfChartView view = (TmfChartView) WorkbenchDriver.showView(viewId);
        Chart chart = view.getChartViewer().getSwtChart();
        WorkbenchDriver.waitUntil(() -> drawn(chart, id -> true), TIMEOUT, "a series of " + viewId + " to be drawn");
        WorkbenchDriver.waitForJobs(TIMEOUT);
        WorkbenchDriver.screenshot(Path.of(System.getProperty("sextant.screenshots", "target/screenshots"), screenshot));
        return chart;
    }

    /** Whether a series whose id passes the test has a point above zero. */
    static boolean drawn(Chart chart, Predicate<String> id) {
        for (ISeries series : chart.getSeriesSet().getSeries()) {
            double[] y = series.getYSeries();
            if (id.test(series.getId()) && y != null && Arrays.stream(y).anyMatch(v -> v > 0)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the engine built (or reused) a history of that id for the trace: its provenance record, which the
     * engine alone writes, is in the trace's supplementary folder.
     */
    static boolean engineBuilt(ITmfTrace trace, String history) throws IOException {
        try (Stream<Path> files = Files.list(Path.of(TmfTraceManager.getSupplementaryFileDir(trace)))) {
            return files.map(file -> file.getFileName().toString()).anyMatch(name -> name.startsWith(history + '.') && name.endsWith(".provenance")); //$NON-NLS-1$
        }
    }

    private static String ids(Chart chart) {
        return Arrays.toString(Arrays.stream(chart.getSeriesSet().getSeries()).map(ISeries::getId).toArray());
    }
}
