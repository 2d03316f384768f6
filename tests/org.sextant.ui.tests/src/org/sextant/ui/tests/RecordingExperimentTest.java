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
import org.sextant.test.support.Fixture;
import org.sextant.test.support.ui.WorkbenchDriver;

/**
 * What {@code ./sextant gui DIR} does at start-up, on the cluster recording (started by a script: three nodes, the
 * shell's empty trace, perf's kernel trace): one experiment of the recording's traces opens in one step, the
 * Redis views come up by themselves, and Netflow shows every node ({@code redis-recording.png}).
 */
class RecordingExperimentTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    @Test
    void aRecordingOpensAsOneExperimentWithEveryNodeInNetflow() throws Exception {
        WorkbenchDriver.neverAskToSwitchPerspective();
        Path recording = Fixture.REDIS_CLUSTER.path();
        IStatus status = RecordingExperiments.open(recording);
        assertTrue(status.isOK(), status::getMessage);
        WorkbenchDriver.waitUntil(() -> TmfTraceManager.getInstance().getActiveTrace() instanceof TmfExperiment experiment
                && Path.of(experiment.getTraces().get(0).getPath()).startsWith(recording), TIMEOUT, "the recording's experiment to open"); //$NON-NLS-1$
        TmfExperiment experiment = (TmfExperiment) TmfTraceManager.getInstance().getActiveTrace();
        assertNotNull(experiment);
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
}
