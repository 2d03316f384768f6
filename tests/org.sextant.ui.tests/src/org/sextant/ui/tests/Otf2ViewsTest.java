// SPDX-License-Identifier: EPL-2.0
package org.sextant.ui.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.text.NumberFormat;
import java.text.ParseException;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.eclipse.core.runtime.NullProgressMonitor;

import org.eclipse.jface.action.IAction;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.tracecompass.analysis.profiling.ui.views.flamechart.FlameChartView;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceSelectedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfWindowRangeUpdatedSignal;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.ui.viewers.tree.ITmfTreeViewerEntry;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.ITimeGraphPresentationProvider;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphViewer;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeEvent;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeGraphEntry;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.widgets.TimeGraphControl;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sextant.common.core.SummaryEntryModel;
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
 * Trace Compass's Flame Chart draws the calls by region name, the workers' OpenMP parallel region among them, and
 * its Flame Graph aggregates each location's calls to the Regions table's totals; a screenshot of each goes to {@code sextant.screenshots} (docs/images with tools/screenshots.sh).
 */
class Otf2ViewsTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    /** Trace Compass's Flame Graph, which follows the call-stack analysis (its id keeps its old bundle's name). */
    private static final String FLAME_GRAPH = "org.eclipse.tracecompass.internal.analysis.timing.ui.flamegraph.flamegraphView"; //$NON-NLS-1$
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

    /**
     * Trace Compass's Flame Graph of the run: each location's calls aggregated by call path, every location with
     * calls, and per region the calls and their time summed over locations and paths equal to the OTF2 Regions
     * table's calls and inclusive totals (no region of the run calls itself, so no time counts twice).
     */
    @Test
    void theFlameGraphAggregatesEachLocationsCallsAsTheRegionsTable() throws Exception {
        IViewPart view = WorkbenchDriver.showView(FLAME_GRAPH);
        TimeGraphControl control = (TimeGraphControl) view.getSite().getSelectionProvider();
        TimeGraphViewer viewer = (TimeGraphViewer) control.getTimeDataProvider();
        Map<String, long[]> regions = regionsTable();
        Set<ITimeGraphEntry> locationsWithCalls = new HashSet<>();
        presentation(view, "VIEW_BY_THREAD"); //$NON-NLS-1$
        try {
            checkPerLocation(view, viewer, regions, locationsWithCalls);
        } finally {
            // the choice is saved in the preferences: the other tests meet the Flame Graph as a user first does
            presentation(view, "VIEW_AGGREGATE"); //$NON-NLS-1$
        }
    }

    private static void checkPerLocation(IViewPart view, TimeGraphViewer viewer, Map<String, long[]> regions, Set<ITimeGraphEntry> locationsWithCalls)
            throws Exception {
        WorkbenchDriver.waitUntil(() -> {
            locationsWithCalls.clear();
            return aggregated(viewer, locationsWithCalls).keySet().containsAll(regions.keySet()) && locationsWithCalls.size() > 1;
        }, TIMEOUT, "the regions in the flame graph, per location"); //$NON-NLS-1$
        locationsWithCalls.clear();
        Map<String, long[]> flameGraph = aggregated(viewer, locationsWithCalls);
        // a thread's row is its location's name and id: "Master thread 1000", "thread 1 1001"
        List<String> locations = locationsWithCalls.stream().map(entry -> entry.getName().substring(entry.getName().lastIndexOf(' ') + 1)).sorted()
                .toList();
        assertEquals(List.of("0", "1", "1000", "1001", "2000", "2001", "3000", "3001"), locations, "the locations with calls"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$ //$NON-NLS-8$
        assertEquals(regions.keySet(), flameGraph.keySet());
        for (Map.Entry<String, long[]> region : regions.entrySet()) {
            assertArrayEquals(region.getValue(), flameGraph.get(region.getKey()), region.getKey() + ": calls and inclusive total"); //$NON-NLS-1$
        }
        viewer.expandAll();
        WorkbenchDriver.screenshotMaximized(view, "otf2-flame-graph.png", TIMEOUT); //$NON-NLS-1$
    }

    /**
     * @return per function of the flame graph, its calls (as its tooltip gives them) and its time, summed over
     *         call paths and locations; the locations with calls added to the set
     */
    private static Map<String, long[]> aggregated(TimeGraphViewer viewer, Set<ITimeGraphEntry> locations) {
        Map<String, long[]> functions = new TreeMap<>();
        ITimeGraphPresentationProvider presentation = viewer.getTimeGraphProvider();
        for (ITimeGraphEntry entry : WorkbenchDriver.entries(viewer)) {
            Iterator<? extends ITimeEvent> events = entry.getTimeEventsIterator();
            while (events != null && events.hasNext()) {
                ITimeEvent event = events.next();
                String label = event.getLabel();
                // the flame graph's own events, those of its functions, have a tooltip with their calls
                Map<String, String> tooltip = label == null ? null : presentation.getEventHoverToolTipInfo(event, event.getTime());
                String calls = tooltip == null ? null : tooltip.get("Number of calls"); //$NON-NLS-1$
                if (calls != null) {
                    long[] sums = functions.computeIfAbsent(label, f -> new long[2]);
                    try {
                        sums[0] += NumberFormat.getIntegerInstance().parse(calls).longValue();
                    } catch (ParseException e) {
                        throw new IllegalStateException(calls, e);
                    }
                    sums[1] += event.getDuration();
                    locations.add(topLevel(entry));
                }
            }
        }
        return functions;
    }

    /**
     * Runs an action of the Flame Graph's View Menu, Content presentation: Per thread ({@code VIEW_BY_THREAD}) shows
     * each location's calls, where the default aggregates all threads; the view keeps the actions private. In Trace
     * Compass 6.2 the action schedules its rebuild before it stores the new presentation, and the rebuild reads the
     * presentation when it runs: on a call graph already built it can redraw the old one. Selecting the trace again,
     * as a user would, rebuilds the graph with the stored presentation. Each rebuild starts once the one before has
     * ended: one that cancels a rebuild not yet started waits forever for the lock the cancelled one holds.
     */
    private static void presentation(IViewPart flameGraph, String field) throws ReflectiveOperationException {
        Field action = flameGraph.getClass().getDeclaredField(field);
        action.setAccessible(true);
        Method waitForUpdate = flameGraph.getClass().getMethod("waitForUpdate"); //$NON-NLS-1$
        waitForUpdate.invoke(flameGraph);
        ((IAction) action.get(flameGraph)).run();
        waitForUpdate.invoke(flameGraph);
        TmfSignalManager.dispatchSignal(new TmfTraceSelectedSignal(Otf2ViewsTest.class, fTrace));
    }

    private static ITimeGraphEntry topLevel(ITimeGraphEntry entry) {
        ITimeGraphEntry top = entry;
        while (top.getParent() != null) {
            top = top.getParent();
        }
        return top;
    }

    /** The OTF2 Regions data provider's rows: per region, its calls and inclusive total (ns). */
    @SuppressWarnings("unchecked")
    private static Map<String, long[]> regionsTable() {
        ITmfTreeDataProvider<ITmfTreeDataModel> provider = DataProviderManager.getInstance().getDataProvider(fTrace, "org.sextant.otf2.core.regions", //$NON-NLS-1$
                ITmfTreeDataProvider.class);
        assertNotNull(provider);
        Map<String, Object> parameters = new HashMap<>();
        parameters.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(fTrace.getStartTime().toNanos(), fTrace.getEndTime().toNanos()));
        TmfModelResponse<TmfTreeModel<ITmfTreeDataModel>> response = provider.fetchTree(parameters, new NullProgressMonitor());
        WorkbenchDriver.waitUntil(() -> provider.fetchTree(parameters, new NullProgressMonitor()).getStatus() == ITmfResponse.Status.COMPLETED, TIMEOUT,
                "the Regions table"); //$NON-NLS-1$
        response = provider.fetchTree(parameters, new NullProgressMonitor());
        Map<String, long[]> regions = new TreeMap<>();
        for (ITmfTreeDataModel entry : response.getModel().getEntries()) {
            if (entry instanceof SummaryEntryModel row && row.getValues().get(1) instanceof Number) {
                regions.put(row.getName(), new long[] { row.getNumber(0).longValue(), row.getNumber(1).longValue() });
            }
        }
        assertEquals(20, regions.size(), regions::toString);
        return regions;
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
