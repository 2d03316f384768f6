// SPDX-License-Identifier: EPL-2.0
package org.sextant.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.tracecompass.tmf.core.signal.TmfSelectionRangeUpdatedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.eclipse.tracecompass.tmf.ui.viewers.tree.ITmfTreeViewerEntry;
import org.eclipse.tracecompass.tmf.ui.viewers.tree.TmfGenericTreeEntry;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphViewer;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeGraphEntry;
import org.junit.jupiter.api.Test;
import org.sextant.common.core.SummaryEntryModel;
import org.sextant.common.model.recording.RecordingLayout;
import org.sextant.common.ui.StartupTraces;
import org.sextant.internal.redis.ui.NetflowView;
import org.sextant.internal.redis.ui.RequestPathsView;
import org.sextant.redis.core.RedisParallelModule;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.ui.WorkbenchDriver;

/**
 * What {@code ./sextant gui DIR} does at start-up, on the paths recording (four nodes started by one shell script,
 * whose helpers' traces, the shell's and its {@code mkdir}s', {@code ./sextant record} dropped): one experiment of
 * the nodes' traces, and of nothing else, opens in one step, the Redis views come up by themselves, and Netflow
 * shows every node ({@code redis-recording.png}); Netflow draws the hops of requests between nodes as arrows
 * ({@code redis-paths.png}) and Request Paths lists them ({@code redis-request-paths.png}), selecting the one a time
 * selected elsewhere falls in.
 */
class RecordingExperimentTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    /** Request Paths' column of a path's start (RequestPathsDataProvider.START, internal to redis.core). */
    private static final int START_COLUMN = 1;

    /** Opens the recording as {@code ./sextant gui DIR} does and waits until its experiment is the active trace. */
    private static TmfExperiment open(Path recording) {
        WorkbenchDriver.neverAskToSwitchPerspective();
        IStatus status = StartupTraces.open(recording);
        assertTrue(status.isOK(), status::getMessage);
        WorkbenchDriver.waitUntil(() -> TmfTraceManager.getInstance().getActiveTrace() instanceof TmfExperiment experiment
                && Path.of(experiment.getTraces().get(0).getPath()).startsWith(recording), TIMEOUT, "the experiment of " + recording + " to open"); //$NON-NLS-1$ //$NON-NLS-2$
        TmfExperiment experiment = (TmfExperiment) TmfTraceManager.getInstance().getActiveTrace();
        assertNotNull(experiment);
        return experiment;
    }

    @Test
    void aRecordingOpensAsOneExperimentOfItsNodesWithEveryNodeInNetflow() throws Exception {
        Path recording = Fixture.REDIS_PATHS.path();
        TmfExperiment experiment = open(recording);
        List<Path> members = RecordingLayout.members(recording);
        assertEquals(members, experiment.getTraces().stream().map(ITmfTrace::getPath).map(Path::of).sorted().toList());
        // the nodes' traces only: the shell and its mkdirs were dropped by the recorder
        assertEquals(List.of("redis-server", "redis-server", "redis-server", "redis-server"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                members.stream().map(member -> member.getFileName().toString().replaceFirst("-[0-9]+-[0-9]+-[0-9]+$", "")).toList()); //$NON-NLS-1$ //$NON-NLS-2$

        WorkbenchDriver.waitUntil(() -> WorkbenchDriver.window().getActivePage().findView(NetflowView.ID) != null, TIMEOUT,
                "the Redis views to come up"); //$NON-NLS-1$
        TimeGraphViewer viewer = WorkbenchDriver.showTimeGraph(NetflowView.ID, "redis-recording.png", TIMEOUT); //$NON-NLS-1$
        TreeSet<String> nodes = new TreeSet<>();
        for (ITimeGraphEntry entry : WorkbenchDriver.entries(viewer)) {
            if (entry.getParent() != null && entry.getParent().getParent() == null && entry.hasChildren()) {
                nodes.add(entry.getName());
            }
        }
        assertEquals(4, nodes.size(), () -> "nodes: " + nodes);
        // drawn from the engine's one build of the Redis model
        assertTrue(ViewsTest.engineBuilt(experiment, RedisParallelModule.ID), "the Redis model built by the engine");
        // the same recording again: the same experiment, not a second one
        assertEquals(recording.getFileName().toString(), StartupTraces.experiment(recording, new NullProgressMonitor()).getName());
    }

    @Test
    void netflowDrawsThePathsOfRequestsAcrossNodesAsArrows() throws Exception {
        // other tests' traces closed first: the view then draws this experiment from scratch
        WorkbenchDriver.window().getActivePage().closeAllEditors(false);
        TmfExperiment experiment = open(Fixture.REDIS_PATHS.path());
        TimeGraphViewer viewer = WorkbenchDriver.showTimeGraph(NetflowView.ID, "redis-paths.png", TIMEOUT); //$NON-NLS-1$
        WorkbenchDriver.waitUntil(() -> WorkbenchDriver.entries(viewer).stream().anyMatch(entry -> entry.getName().startsWith("127.0.0.1:7124")), TIMEOUT, //$NON-NLS-1$
                "the paths recording's nodes in Netflow"); //$NON-NLS-1$
        // the whole recording: the paths lie seconds after its start, out of the view's first window
        viewer.resetStartFinishTime(true);
        WorkbenchDriver.waitUntil(() -> !viewer.getTimeGraphControl().getArrows().isEmpty(), TIMEOUT, "Netflow's arrows"); //$NON-NLS-1$
        WorkbenchDriver.screenshotMaximized(WorkbenchDriver.window().getActivePage().findView(NetflowView.ID), "redis-paths.png", TIMEOUT); //$NON-NLS-1$
        // the 16 redirections and the replica's writes, at least
        assertTrue(viewer.getTimeGraphControl().getArrows().size() >= 16, () -> "arrows: " + viewer.getTimeGraphControl().getArrows().size()); //$NON-NLS-1$
        RequestPathsView paths = (RequestPathsView) WorkbenchDriver.showView(RequestPathsView.ID);
        WorkbenchDriver.screenshotMaximized(paths, "redis-request-paths.png", TIMEOUT); //$NON-NLS-1$

        // a time selected elsewhere (a click on a connection's state in Netflow, a request in the latency table)
        // selects the path it falls in: the fifth redirection's start, from the MOVED reply to the retry
        TreeViewer tree = paths.getViewer().getTreeViewer();
        WorkbenchDriver.waitUntil(() -> redirections(tree).size() == 16, TIMEOUT, "the 16 redirections listed"); //$NON-NLS-1$
        TmfGenericTreeEntry<?> fifth = redirections(tree).get(4);
        long start = ((SummaryEntryModel) fifth.getModel()).getNumber(START_COLUMN).longValue();
        TmfSignalManager.dispatchSignal(new TmfSelectionRangeUpdatedSignal(this, TmfTimestamp.fromNanos(start), TmfTimestamp.fromNanos(start), experiment));
        WorkbenchDriver.waitUntil(() -> tree.getStructuredSelection().getFirstElement() == fifth, TIMEOUT, "the fifth redirection selected"); //$NON-NLS-1$
    }

    /** @return the entries of the Request Paths view's redirections (a group under the trace's entry), in order */
    private static List<TmfGenericTreeEntry<?>> redirections(TreeViewer tree) {
        List<TmfGenericTreeEntry<?>> redirections = new ArrayList<>();
        if (tree.getInput() instanceof ITmfTreeViewerEntry root) {
            for (ITmfTreeViewerEntry trace : root.getChildren()) {
                for (ITmfTreeViewerEntry group : trace.getChildren()) {
                    if (group instanceof TmfGenericTreeEntry<?> entry && entry.getModel() instanceof SummaryEntryModel model
                            && "redirections".equals(model.getKey())) { //$NON-NLS-1$
                        entry.getChildren().forEach(child -> redirections.add((TmfGenericTreeEntry<?>) child));
                    }
                }
            }
        }
        return redirections;
    }
}
