// SPDX-License-Identifier: EPL-2.0
package org.sextant.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.TreeSet;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphViewer;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeGraphEntry;
import org.junit.jupiter.api.Test;
import org.sextant.common.model.recording.RecordingLayout;
import org.sextant.common.ui.RecordingExperiments;
import org.sextant.internal.redis.ui.NetflowView;
import org.sextant.internal.redis.ui.RequestPathsView;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.ui.WorkbenchDriver;

/**
 * What {@code ./sextant gui DIR} does at start-up, on the cluster recording (started by a script: three nodes, the
 * shell's empty trace, perf's kernel trace): one experiment of the recording's traces opens in one step, the
 * Redis views come up by themselves, and Netflow shows every node ({@code redis-recording.png}); on the paths
 * recording, Netflow draws the hops of requests between nodes as arrows ({@code redis-paths.png}) and Request
 * Paths lists them ({@code redis-request-paths.png}).
 */
class RecordingExperimentTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    /** Opens the recording as {@code ./sextant gui DIR} does and waits until its experiment is the active trace. */
    private static TmfExperiment open(Path recording) {
        WorkbenchDriver.neverAskToSwitchPerspective();
        IStatus status = RecordingExperiments.open(recording);
        assertTrue(status.isOK(), status::getMessage);
        WorkbenchDriver.waitUntil(() -> TmfTraceManager.getInstance().getActiveTrace() instanceof TmfExperiment experiment
                && Path.of(experiment.getTraces().get(0).getPath()).startsWith(recording), TIMEOUT, "the experiment of " + recording + " to open"); //$NON-NLS-1$ //$NON-NLS-2$
        TmfExperiment experiment = (TmfExperiment) TmfTraceManager.getInstance().getActiveTrace();
        assertNotNull(experiment);
        return experiment;
    }

    @Test
    void aRecordingOpensAsOneExperimentWithEveryNodeInNetflow() throws Exception {
        Path recording = Fixture.REDIS_CLUSTER.path();
        TmfExperiment experiment = open(recording);
        List<Path> members = RecordingLayout.members(recording);
        assertEquals(members, experiment.getTraces().stream().map(ITmfTrace::getPath).map(Path::of).sorted().toList());

        WorkbenchDriver.waitUntil(() -> WorkbenchDriver.window().getActivePage().findView(NetflowView.ID) != null, TIMEOUT,
                "the Redis views to come up"); //$NON-NLS-1$
        TimeGraphViewer viewer = WorkbenchDriver.showTimeGraph(NetflowView.ID, "redis-recording.png", TIMEOUT); //$NON-NLS-1$
        TreeSet<String> nodes = new TreeSet<>();
        for (ITimeGraphEntry entry : WorkbenchDriver.entries(viewer)) {
            if (entry.getParent() != null && entry.getParent().getParent() == null && entry.hasChildren()) {
                nodes.add(entry.getName());
            }
        }
        assertEquals(3, nodes.size(), () -> "nodes: " + nodes);
        // the same recording again: the same experiment, not a second one
        assertEquals(recording.getFileName().toString(), RecordingExperiments.experiment(recording, new NullProgressMonitor()).getName());
    }

    @Test
    void netflowDrawsThePathsOfRequestsAcrossNodesAsArrows() throws Exception {
        // other tests' traces closed first: the view then draws this experiment from scratch
        WorkbenchDriver.window().getActivePage().closeAllEditors(false);
        open(Fixture.REDIS_PATHS.path());
        TimeGraphViewer viewer = WorkbenchDriver.showTimeGraph(NetflowView.ID, "redis-paths.png", TIMEOUT); //$NON-NLS-1$
        WorkbenchDriver.waitUntil(() -> WorkbenchDriver.entries(viewer).stream().anyMatch(entry -> entry.getName().startsWith("127.0.0.1:7124")), TIMEOUT, //$NON-NLS-1$
                "the paths recording's nodes in Netflow"); //$NON-NLS-1$
        // the whole recording: the paths lie seconds after its start, out of the view's first window
        viewer.resetStartFinishTime(true);
        WorkbenchDriver.waitUntil(() -> !viewer.getTimeGraphControl().getArrows().isEmpty(), TIMEOUT, "Netflow's arrows"); //$NON-NLS-1$
        WorkbenchDriver.screenshotMaximized(WorkbenchDriver.window().getActivePage().findView(NetflowView.ID), "redis-paths.png", TIMEOUT); //$NON-NLS-1$
        // the 16 redirections and the replica's writes, at least
        assertTrue(viewer.getTimeGraphControl().getArrows().size() >= 16, () -> "arrows: " + viewer.getTimeGraphControl().getArrows().size()); //$NON-NLS-1$
        WorkbenchDriver.screenshotMaximized(WorkbenchDriver.showView(RequestPathsView.ID), "redis-request-paths.png", TIMEOUT); //$NON-NLS-1$
    }
}
