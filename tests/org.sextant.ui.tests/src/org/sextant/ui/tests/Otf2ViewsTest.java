// SPDX-License-Identifier: EPL-2.0
package org.sextant.ui.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.tracecompass.analysis.profiling.ui.views.flamechart.FlameChartView;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.signal.TmfWindowRangeUpdatedSignal;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.ui.viewers.tree.ITmfTreeViewerEntry;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphViewer;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sextant.internal.otf2.ui.CommunicationView;
import org.sextant.internal.otf2.ui.RegionsView;
import org.sextant.otf2.core.Otf2Trace;
import org.sextant.otf2.model.Otf2Archive;
import org.sextant.otf2.model.Otf2Definitions;
import org.sextant.otf2.model.Otf2EventType;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.ui.WorkbenchDriver;

/**
 * The OTF2 views in a real Trace Compass workbench, on the real MPI run (tests/fixtures/otf2-mpi-stencil, 4 ranks
 * of 2 threads) opened by its anchor file: Communication draws every location, Regions lists every region entered,
 * Trace Compass's Flame Chart draws the calls by region name, the workers' OpenMP parallel region among them; a
 * screenshot of each goes to {@code sextant.screenshots} (docs/images with tools/screenshots.sh).
 */
class Otf2ViewsTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final Path ARCHIVE = Fixture.directory().resolve("otf2-mpi-stencil").resolve("traces.otf2"); //$NON-NLS-1$ //$NON-NLS-2$
    private static Otf2Trace fTrace;

    @BeforeAll
    static void openArchive() throws Exception {
        fTrace = (Otf2Trace) WorkbenchDriver.openTrace(ARCHIVE, Otf2Trace.TRACE_TYPE);
        // the whole run, not the default first slice of it, where MPI_Init is all there is
        window(fTrace.getTimeRange());
    }

    private static void window(TmfTimeRange range) {
        TmfSignalManager.dispatchSignal(new TmfWindowRangeUpdatedSignal(Otf2ViewsTest.class, range, fTrace));
    }

    /** A row per location; the ranks' master threads drawn (the workers' update_row calls are below a pixel). */
    @Test
    void communicationDrawsEveryLocation() throws Exception {
        TimeGraphViewer viewer = WorkbenchDriver.showTimeGraph(CommunicationView.ID, "otf2-communication.png", TIMEOUT); //$NON-NLS-1$
        List<String> masters = List.of("0", "1000", "2000", "3000"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        WorkbenchDriver.waitUntil(() -> WorkbenchDriver.rowsWithStates(viewer).containsAll(masters), TIMEOUT, "the master threads' rows"); //$NON-NLS-1$
        Set<String> rows = new TreeSet<>();
        WorkbenchDriver.entries(viewer).forEach(entry -> rows.add(entry.getName()));
        assertTrue(rows.containsAll(List.of("0", "1", "1000", "1001", "2000", "2001", "3000", "3001")), () -> "rows: " + rows); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$ //$NON-NLS-8$ //$NON-NLS-9$
    }

    @Test
    void regionsListsEveryRegion() throws Exception {
        RegionsView view = (RegionsView) WorkbenchDriver.showView(RegionsView.ID);
        TreeViewer viewer = view.getViewer().getTreeViewer();
        WorkbenchDriver.waitUntil(() -> regions(viewer.getInput()).size() == 20, TIMEOUT, "the 20 regions the run entered"); //$NON-NLS-1$
        assertTrue(regions(viewer.getInput()).containsAll(List.of("main", "update_row", "MPI_Isend", "MPI_Allreduce"))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        viewer.expandAll();
        WorkbenchDriver.screenshotMaximized(view, "otf2-regions.png", TIMEOUT); //$NON-NLS-1$
    }

    /**
     * The calls by region name in the stencil's iterations, after the last rank's MPI_Init: MPI_Init takes nearly
     * all of the run (0.6 s against 8 ms of iterations), so at the whole run's scale the calls are below a pixel.
     */
    @Test
    void theFlameChartDrawsEachLocationsCallsByRegion() throws Exception {
        window(new TmfTimeRange(TmfTimestamp.fromNanos(fTrace.nanos(lastLeave("MPI_Init"))), fTrace.getEndTime())); //$NON-NLS-1$
        try {
            drawsCallsByRegion();
        } finally {
            window(fTrace.getTimeRange());
        }
    }

    private static void drawsCallsByRegion() throws Exception {
        FlameChartView view = (FlameChartView) WorkbenchDriver.showView(FlameChartView.ID);
        IWorkbenchPage page = WorkbenchDriver.window().getActivePage();
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_MAXIMIZED);
        TimeGraphViewer viewer = view.getTimeGraphViewer();
        List<String> regions = List.of("main", "exchange_halo", "sweep", "sweep._omp_fn.0", "update_row", "MPI_Wait", "MPI_Allreduce"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$
        WorkbenchDriver.waitUntil(() -> WorkbenchDriver.labels(viewer).containsAll(regions), TIMEOUT, "the calls by region name"); //$NON-NLS-1$
        WorkbenchDriver.waitForJobs(TIMEOUT);
        WorkbenchDriver.screenshot(WorkbenchDriver.screenshotFile("otf2-flame-chart.png")); //$NON-NLS-1$
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_RESTORED);
    }

    /** The time of the last Leave of the region on any location, in the archive's ticks. */
    private static long lastLeave(String region) throws Exception {
        Otf2Archive archive = Otf2Archive.open(ARCHIVE);
        Otf2Definitions defs = archive.definitions();
        long[] last = { 0 };
        archive.readEvents(event -> {
            if (event.type() == Otf2EventType.LEAVE
                    && region.equals(defs.string(defs.regions().get(event.field("region")).name()))) { //$NON-NLS-1$
                last[0] = event.time();
            }
        });
        return last[0];
    }

    /** The names of the entries under the trace's entry of a summary tree. */
    private static Set<String> regions(Object input) {
        Set<String> names = new TreeSet<>();
        if (input instanceof ITmfTreeViewerEntry root) {
            for (ITmfTreeViewerEntry trace : root.getChildren()) {
                trace.getChildren().forEach(region -> names.add(region.getName()));
            }
        }
        return names;
    }
}
