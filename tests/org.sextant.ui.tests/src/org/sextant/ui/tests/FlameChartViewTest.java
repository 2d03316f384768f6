// SPDX-License-Identifier: EPL-2.0
package org.sextant.ui.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.tracecompass.analysis.profiling.ui.views.flamechart.FlameChartView;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphViewer;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.Test;
import org.sextant.callstack.core.TimedCallProfileTrace;
import org.sextant.test.support.ui.WorkbenchDriver;

/**
 * Trace Compass's own Flame Chart view on a timed call profile, the Intel PT branches sample of two threads:
 * it draws each thread's calls labelled with their functions (the OSGi tier holds every call to the golden
 * flame chart). The screenshot goes to {@code sextant.screenshots} (docs/images with tools/screenshots.sh).
 */
class FlameChartViewTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    @Test
    void flameChartDrawsEachThreadsCallsByName() throws Exception {
        Path sample = Path.of(System.getProperty("sextant.fixtures"), "intel-pt", "perf-script-branches.txt"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        WorkbenchDriver.openTrace(sample, TimedCallProfileTrace.TRACE_TYPE);
        FlameChartView view = (FlameChartView) WorkbenchDriver.showView(FlameChartView.ID);
        IWorkbenchPage page = WorkbenchDriver.window().getActivePage();
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_MAXIMIZED);
        TimeGraphViewer viewer = view.getTimeGraphViewer();
        List<String> functions = List.of("main", "run", "parse", "compute", "scale", "add", "worker", "checksum", "pthread_mutex_lock"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$ //$NON-NLS-8$ //$NON-NLS-9$
        WorkbenchDriver.waitUntil(() -> WorkbenchDriver.labels(viewer).containsAll(functions), TIMEOUT, "the calls of both threads, by name"); //$NON-NLS-1$
        Set<String> labels = WorkbenchDriver.labels(viewer);
        assertFalse(labels.stream().anyMatch(label -> label.startsWith("0x") || label.startsWith("0000")), () -> "no name read as an address: " + labels); //$NON-NLS-1$ //$NON-NLS-2$
        Set<String> names = entryNames(viewer);
        assertTrue(names.containsAll(List.of("callpaths", "4242", "4243")), () -> "process and threads: " + names); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        WorkbenchDriver.waitForJobs(TIMEOUT);
        WorkbenchDriver.screenshot(Path.of(System.getProperty("sextant.screenshots", "target/screenshots"), "flame-chart.png")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_RESTORED);
    }

    private static Set<String> entryNames(TimeGraphViewer viewer) {
        Set<String> names = new TreeSet<>();
        WorkbenchDriver.entries(viewer).forEach(entry -> names.add(entry.getName()));
        return names;
    }
}
