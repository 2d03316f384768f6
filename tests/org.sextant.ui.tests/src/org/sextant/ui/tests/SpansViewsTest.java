// SPDX-License-Identifier: EPL-2.0
package org.sextant.ui.tests;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.TreeSet;

import org.eclipse.tracecompass.tmf.core.signal.TmfDataModelSelectedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.signal.TmfWindowRangeUpdatedSignal;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.eclipse.tracecompass.tmf.ui.views.timegraph.AbstractTimeGraphView;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphViewer;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeGraphEntry;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.TimeGraphEntry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sextant.common.core.RedisConnectionKey;
import org.sextant.internal.redis.ui.NetflowView;
import org.sextant.internal.spans.ui.CriticalPathView;
import org.sextant.internal.spans.ui.SpansView;
import org.sextant.spans.core.SpansAnalysisModule;
import org.sextant.spans.model.SpanGraph;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;
import org.sextant.test.support.ui.WorkbenchDriver;

/**
 * The span views in a real Trace Compass workbench, on the HTTP topology recording opened as the experiment of
 * its traces: the Spans view draws the services' lanes and the Redis node's commands, the critical path view a
 * row per request, and selecting a Spans row of a Redis connection's commands selects that connection's row in
 * Redis Netflow; a screenshot of each goes to {@code sextant.screenshots} (docs/images with
 * tools/screenshots.sh).
 */
class SpansViewsTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static final long WINDOW = 40_000_000;
    private static TmfExperiment sRecording;

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
        TmfSignalManager.dispatchSignal(new TmfWindowRangeUpdatedSignal(SpansViewsTest.class,
                new TmfTimeRange(TmfTimestamp.fromNanos(start), TmfTimestamp.fromNanos(start + WINDOW)), sRecording));
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
    void aConnectionsCommandsSelectItsNetflowRow() throws Exception {
        TimeGraphViewer netflow = ((AbstractTimeGraphView) WorkbenchDriver.showView(NetflowView.ID)).getTimeGraphViewer();
        WorkbenchDriver.waitUntil(() -> WorkbenchDriver.entries(netflow).stream().anyMatch(entry -> !keys(entry).isEmpty()), TIMEOUT,
                "Netflow's connection rows"); //$NON-NLS-1$
        TimeGraphViewer spans = ((AbstractTimeGraphView) WorkbenchDriver.showView(SpansView.ID)).getTimeGraphViewer();
        WorkbenchDriver.waitUntil(() -> WorkbenchDriver.entries(spans).stream().anyMatch(entry -> !keys(entry).isEmpty()), TIMEOUT,
                "the Spans rows of a Redis connection"); //$NON-NLS-1$
        ITimeGraphEntry commands = WorkbenchDriver.entries(spans).stream().filter(entry -> !keys(entry).isEmpty()).findFirst().orElseThrow();
        spans.selectAndReveal(commands);
        // what Trace Compass's time-graph view broadcasts when the user selects a row
        TmfSignalManager.dispatchSignal(new TmfDataModelSelectedSignal(spans, ((TimeGraphEntry) commands).getMetadata()));
        WorkbenchDriver.waitUntil(() -> keys(netflow.getSelection()).equals(keys(commands)), TIMEOUT, "Netflow to select " + keys(commands)); //$NON-NLS-1$
    }

    /** @return the Redis connections a row shows */
    private static List<String> keys(ITimeGraphEntry entry) {
        return entry instanceof TimeGraphEntry row ? RedisConnectionKey.of(row.getEntryModel()) : List.of();
    }
}
