// SPDX-License-Identifier: EPL-2.0
package org.sextant.ui.tests;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphModel;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.signal.TmfWindowRangeUpdatedSignal;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.eclipse.tracecompass.tmf.ui.views.TmfView;
import org.eclipse.tracecompass.tmf.ui.views.timegraph.AbstractTimeGraphView;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphViewer;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeGraphEntry;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.TimeGraphEntry;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sextant.internal.redis.ui.NetflowView;
import org.sextant.internal.redis.ui.ThreadsView;
import org.sextant.internal.spans.ui.CriticalPathView;
import org.sextant.internal.spans.ui.SpansView;
import org.sextant.redis.core.RedisConnectionKey;
import org.sextant.spans.core.SpansAnalysisModule;
import org.sextant.spans.model.SpanGraph;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;
import org.sextant.test.support.ui.WorkbenchDriver;

/**
 * The span views in a real Trace Compass workbench, on the HTTP topology recording opened as the experiment of
 * its traces: the Spans view draws the services' lanes and the Redis node's commands, the critical path view a
 * row per request; and a click, as the user makes it, on a span, on a Redis step of a critical path or on a row of
 * a connection's commands selects that connection's row in Redis Netflow (and, for a span, the thread that served
 * it in Redis Threads); Trace Compass's statistics view of the span latency store counts the generator's
 * requests per route. A screenshot of each goes to {@code sextant.screenshots} (docs/images with
 * tools/screenshots.sh).
 */
class SpansViewsTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    /** The span providers' ids (their classes are the span family's internals). */
    private static final String SPANS = "org.sextant.spans.core.spans"; //$NON-NLS-1$
    private static final String CRITICAL_PATH = "org.sextant.spans.core.criticalpath"; //$NON-NLS-1$
    private static final long WINDOW = 40_000_000;
    private static final String LATENCY_STATISTICS = "org.eclipse.tracecompass.analysis.timing.ui.segstore.statistics:org.sextant.spans.core.latency"; //$NON-NLS-1$
    private static TmfExperiment sRecording;
    private static TmfTimeRange sWindow;

    @BeforeAll
    static void openRecording() throws Exception {
        WorkbenchDriver.neverAskToSwitchPerspective();
        sRecording = Traces.openRecording(Fixture.HTTP_TOPOLOGY);
        SpansAnalysisModule module = TmfTraceUtils.getAnalysisModuleOfClass(sRecording, SpansAnalysisModule.class, SpansAnalysisModule.ID);
        assertNotNull(module);
        module.schedule();
        assertTrue(module.waitForCompletion());
        SpanGraph graph = module.getGraph();
        assertNotNull(graph);
        // the first requests, 40 ms of them: the load starts half a second into the recording
        long start = graph.spans().get(0).start();
        sWindow = new TmfTimeRange(TmfTimestamp.fromNanos(start), TmfTimestamp.fromNanos(start + WINDOW));
        TmfSignalManager.dispatchSignal(new TmfWindowRangeUpdatedSignal(SpansViewsTest.class, sWindow, sRecording));
    }

    @AfterAll
    static void closeRecording() {
        Traces.close(sRecording);
    }

    @Test
    void spansDrawsEachServiceAndTheRedisNode() throws Exception {
        TimeGraphViewer viewer = WorkbenchDriver.showTimeGraph(SpansView.ID, "spans.png", TIMEOUT); //$NON-NLS-1$
        TreeSet<String> rows = WorkbenchDriver.rowsWithStates(viewer);
        assertTrue(rows.stream().anyMatch(name -> name.startsWith("served")) && rows.stream().anyMatch(name -> name.startsWith("calls")), //$NON-NLS-1$ //$NON-NLS-2$
                () -> "rows drawn: " + rows);
        assertTrue(WorkbenchDriver.entries(viewer).stream().anyMatch(entry -> entry.getName().startsWith("redis pid")), "the Redis node's entry"); //$NON-NLS-1$
    }

    @Test
    void criticalPathDrawsTheRequests() throws Exception {
        TimeGraphViewer viewer = WorkbenchDriver.showTimeGraph(CriticalPathView.ID, "spans-critical-path.png", TIMEOUT); //$NON-NLS-1$
        TreeSet<String> rows = WorkbenchDriver.rowsWithStates(viewer);
        assertTrue(rows.stream().anyMatch(name -> name.contains("GET /orders/:id")), () -> "rows drawn: " + rows); //$NON-NLS-1$
    }

    @Test
    void clickingASpanSelectsItsConnectionInNetflowAndItsThreadInThreads() throws Exception {
        TimeGraphViewer netflow = redisView(NetflowView.ID);
        TimeGraphViewer threads = redisView(ThreadsView.ID);
        // the event loop's row names no connection: the click must be what selects a thread
        threads.selectAndReveal(WorkbenchDriver.entries(threads).stream().filter(entry -> entry.hasTimeEvents() && keys(entry).isEmpty()).findFirst().orElseThrow());
        AbstractTimeGraphView view = maximized(SpansView.ID);
        TimeGraphViewer spans = view.getTimeGraphViewer();
        // a span whose tree used one connection, not the one Netflow shows, on a lane of spans that used others
        // too (a gateway's call to a backend): what the click selects is the span's, not its lane's
        Target span = target(spans, SPANS, t -> t.keys().size() == 1 && !t.keys().equals(keys(t.row())) && !t.keys().equals(keys(netflow.getSelection())));
        WorkbenchDriver.click(spans, span.row(), span.middle(), TIMEOUT);
        String connection = span.keys().get(0);
        WorkbenchDriver.waitUntil(() -> keys(netflow.getSelection()).equals(List.of(connection)), TIMEOUT, "Netflow to select " + connection); //$NON-NLS-1$
        WorkbenchDriver.waitUntil(() -> keys(threads.getSelection()).contains(connection), TIMEOUT, "Threads to select the thread that served " + connection); //$NON-NLS-1$
        System.out.printf("[spans] clicked %s on %s: Netflow selected %s, Threads %s%n", span.label(), span.row().getName(), //$NON-NLS-1$
                netflow.getSelection().getName(), threads.getSelection().getName());
        WorkbenchDriver.screenshotMaximized(view, "spans-selected-span.png", TIMEOUT); //$NON-NLS-1$
        WorkbenchDriver.screenshotMaximized(WorkbenchDriver.showView(NetflowView.ID), "spans-selected-span-netflow.png", TIMEOUT); //$NON-NLS-1$
        WorkbenchDriver.screenshotMaximized(WorkbenchDriver.showView(ThreadsView.ID), "spans-selected-span-threads.png", TIMEOUT); //$NON-NLS-1$
    }

    @Test
    void clickingARedisStepOfACriticalPathSelectsItsConnection() throws Exception {
        TimeGraphViewer netflow = redisView(NetflowView.ID);
        AbstractTimeGraphView view = maximized(CriticalPathView.ID);
        TimeGraphViewer path = view.getTimeGraphViewer();
        Target step = target(path, CRITICAL_PATH, t -> t.keys().size() == 1 && !t.keys().equals(keys(netflow.getSelection())));
        WorkbenchDriver.click(path, step.row(), step.middle(), TIMEOUT);
        String connection = step.keys().get(0);
        WorkbenchDriver.waitUntil(() -> keys(netflow.getSelection()).equals(List.of(connection)), TIMEOUT, "Netflow to select " + connection); //$NON-NLS-1$
        restore(view);
    }

    @Test
    void clickingAConnectionsCommandRowSelectsItsNetflowRow() throws Exception {
        TimeGraphViewer netflow = redisView(NetflowView.ID);
        AbstractTimeGraphView view = maximized(SpansView.ID);
        TimeGraphViewer spans = view.getTimeGraphViewer();
        // a row of a Redis node's connection, on its name: the row's own metadata selects
        ITimeGraphEntry commands = WorkbenchDriver.entries(spans).stream()
                .filter(entry -> entry.getParent() != null && entry.getParent().getName().startsWith("redis pid")) //$NON-NLS-1$
                .filter(entry -> !keys(entry).equals(keys(netflow.getSelection()))).findFirst().orElseThrow();
        WorkbenchDriver.clickName(spans, commands, TIMEOUT);
        WorkbenchDriver.waitUntil(() -> keys(netflow.getSelection()).equals(keys(commands)), TIMEOUT, "Netflow to select " + keys(commands)); //$NON-NLS-1$
        restore(view);
    }

    /**
     * Trace Compass's statistics view of the span latency store: a row per service and route, the gateway's
     * counts those of the load generator's log.
     */
    @Test
    void latencyStatisticsCountTheGeneratorsRequestsPerRoute() throws Exception {
        Map<String, Long> logged = new TreeMap<>();
        for (String line : Files.readAllLines(Fixture.HTTP_TOPOLOGY.path().resolve("loadgen.jsonl"))) { //$NON-NLS-1$
            Matcher route = Pattern.compile("\"route\":\"([^\"]+)\"").matcher(line); //$NON-NLS-1$
            assertTrue(route.find(), line);
            logged.merge("gateway " + route.group(1), 1L, Long::sum); //$NON-NLS-1$
        }
        TmfView view = (TmfView) WorkbenchDriver.showView(LATENCY_STATISTICS);
        Tree tree = AnnotationViewsTest.tree(view.getParentComposite());
        assertNotNull(tree);
        WorkbenchDriver.waitUntil(() -> counts(tree).entrySet().containsAll(logged.entrySet()), TIMEOUT, "the gateway's counts per route " + logged); //$NON-NLS-1$
        tree.getColumn(0).pack();
        WorkbenchDriver.screenshotMaximized(view, "spans-latency-statistics.png", TIMEOUT); //$NON-NLS-1$
        System.out.println("[spans] latency statistics: " + counts(tree)); //$NON-NLS-1$
    }

    /** @return the Count column of the statistics rows, by label (the first row of a label: the whole trace's) */
    private static Map<String, Long> counts(Tree tree) {
        int column = -1;
        for (int i = 0; i < tree.getColumnCount(); i++) {
            if (tree.getColumn(i).getText().equals("Count")) { //$NON-NLS-1$
                column = i;
            }
        }
        Map<String, Long> counts = new TreeMap<>();
        if (column >= 0) {
            counts(tree.getItems(), column, counts);
        }
        return counts;
    }

    private static void counts(TreeItem[] items, int column, Map<String, Long> counts) {
        for (TreeItem item : items) {
            String count = item.getText(column).replace(",", ""); //$NON-NLS-1$ //$NON-NLS-2$
            if (count.matches("\\d+")) { //$NON-NLS-1$
                counts.putIfAbsent(item.getText(0), Long.parseLong(count));
            }
            counts(item.getItems(), column, counts);
        }
    }

    /** The clicks zoom in on what they click: the next test starts from the first requests again. */
    @AfterEach
    void showTheFirstRequests() {
        TmfSignalManager.dispatchSignal(new TmfWindowRangeUpdatedSignal(SpansViewsTest.class, sWindow, sRecording));
        WorkbenchDriver.spin(Duration.ofMillis(500));
    }

    /** A state to click: its row, its bounds, what it names. */
    private record Target(ITimeGraphEntry row, long start, long end, String label, List<String> keys) {
        long middle() {
            return start + (end - start) / 2;
        }
    }

    /**
     * Through the view's own provider (the view loads the states of the rows in sight only): a state within the
     * window that the test wants (by its Redis connections and its row's), and the view's row that shows it; then
     * zooms in until the state is wide enough to click.
     */
    private static Target target(TimeGraphViewer viewer, String providerId, Predicate<Target> wanted) throws Exception {
        WorkbenchDriver.waitUntil(() -> WorkbenchDriver.rowsWithStates(viewer).size() > 1, TIMEOUT, providerId + "'s rows"); //$NON-NLS-1$
        long start = viewer.getTime0();
        long end = viewer.getTime1();
        Map<Long, ITimeGraphEntry> rows = new HashMap<>();
        for (ITimeGraphEntry entry : WorkbenchDriver.entries(viewer)) {
            if (entry instanceof TimeGraphEntry row && row.getEntryModel() instanceof TimeGraphEntryModel model && model.hasRowModel()) {
                rows.put(model.getId(), row);
            }
        }
        ITimeGraphDataProvider<TimeGraphEntryModel> provider = Traces.provider(sRecording, providerId, ITimeGraphDataProvider.class, Map.of());
        TimeGraphModel model = provider.fetchRowModel(Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(start, end),
                DataProviderParameterUtils.REQUESTED_ITEMS_KEY, List.copyOf(rows.keySet())), new NullProgressMonitor()).getModel();
        assertNotNull(model);
        for (ITimeGraphRowModel row : model.getRows()) {
            for (ITimeGraphState state : row.getStates()) {
                long stateEnd = state.getStartTime() + state.getDuration();
                Target target = new Target(rows.get(row.getEntryID()), state.getStartTime(), stateEnd, String.valueOf(state.getLabel()),
                        RedisConnectionKey.of(state));
                if (wanted.test(target) && state.getStartTime() >= start && stateEnd <= end) {
                    TmfSignalManager.dispatchSignal(new TmfWindowRangeUpdatedSignal(SpansViewsTest.class,
                            new TmfTimeRange(TmfTimestamp.fromNanos(target.start() - state.getDuration()), TmfTimestamp.fromNanos(stateEnd + state.getDuration())),
                            sRecording));
                    WorkbenchDriver.waitUntil(() -> viewer.getXForTime(target.end()) - viewer.getXForTime(target.start()) > 100, TIMEOUT,
                            "the view to zoom in on " + target); //$NON-NLS-1$
                    return target;
                }
            }
        }
        throw new AssertionError("no state of " + providerId + " to click in the window"); //$NON-NLS-1$
    }

    /** @return the time graph of a Redis view, shown until its rows name their connections */
    private static TimeGraphViewer redisView(String id) throws Exception {
        TimeGraphViewer viewer = ((AbstractTimeGraphView) WorkbenchDriver.showView(id)).getTimeGraphViewer();
        WorkbenchDriver.waitUntil(() -> WorkbenchDriver.entries(viewer).stream().anyMatch(entry -> !keys(entry).isEmpty()), TIMEOUT,
                id + "'s rows of connections"); //$NON-NLS-1$
        return viewer;
    }

    /** @return a span view, shown maximized, its rows expanded */
    private static AbstractTimeGraphView maximized(String id) throws Exception {
        AbstractTimeGraphView view = (AbstractTimeGraphView) WorkbenchDriver.showView(id);
        IWorkbenchPage page = WorkbenchDriver.window().getActivePage();
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_MAXIMIZED);
        WorkbenchDriver.spin(Duration.ofMillis(500));
        view.getTimeGraphViewer().expandAll();
        return view;
    }

    private static void restore(IViewPart view) {
        IWorkbenchPage page = WorkbenchDriver.window().getActivePage();
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_RESTORED);
    }

    /** @return the Redis connections a row names; none for no row */
    private static List<String> keys(@Nullable ITimeGraphEntry entry) {
        return entry instanceof TimeGraphEntry row ? RedisConnectionKey.of(row) : List.of();
    }
}
