// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.tracecompass.tmf.core.synchronization.ITmfTimestampTransform;
import org.eclipse.tracecompass.tmf.core.synchronization.SynchronizationAlgorithm;
import org.eclipse.tracecompass.tmf.core.synchronization.SynchronizationAlgorithm.SyncQuality;
import org.eclipse.tracecompass.tmf.core.synchronization.TimestampTransformFactory;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;

/**
 * Trace Compass's synchronisation of a recording's experiment ("Synchronize Traces": its event matching, which
 * finds the HTTP definition, and its convex-hull algorithm). On one machine every process stamps with the same
 * clock, and Trace Compass, which takes a trace's host from its clock's uuid, has nothing to correct. A copy
 * whose gateway trace names another clock, 50 ms ahead, is brought back by the formulas it computes.
 */
class SynchronizationTest {

    /** How far ahead the copy's gateway clock is, ns. */
    private static final long SHIFT = 50_000_000;
    /**
     * The most the corrected clocks may differ, ns: the hull's bounds are as tight as the recording's quickest
     * exchanges, a fraction of a millisecond on one busy machine.
     */
    private static final long TOLERANCE = 1_000_000;

    private static final Pattern CLOCK_UUID = Pattern.compile("clock \\{[^}]*?uuid = \"([0-9a-f-]+)\";[^}]*?offset = (\\d+);"); //$NON-NLS-1$

    @Test
    void oneMachineNeedsNoCorrection() throws Exception {
        TmfExperiment experiment = Traces.openRecording(Fixture.HTTP_TOPOLOGY);
        try {
            SynchronizationAlgorithm sync = experiment.synchronizeTraces(true);
            System.out.printf("[spans] synchronisation of http-topology: %d matches, formulas %s%n", sync.countMatches(), sync.getStats()); //$NON-NLS-1$
            assertTrue(sync.countMatches() > 0, "Trace Compass's matching finds the recording's HTTP messages");
            for (ITmfTrace trace : experiment.getTraces()) {
                assertEquals(TimestampTransformFactory.getDefaultTransform(), sync.getTimestampTransform(trace), trace.getName() + ": identity");
            }
        } finally {
            Traces.close(experiment);
        }
    }

    @Test
    void aProcessWhoseClockIsOffIsBroughtBack(@TempDir Path copy) throws Exception {
        Path recording = copy.resolve("http-topology"); //$NON-NLS-1$
        Topology.copy(Fixture.HTTP_TOPOLOGY.path(), recording);
        Map<String, String> pids = Topology.pids(recording);
        moveClock(Topology.traceOf(recording, pids.get("gateway")).resolve("metadata")); //$NON-NLS-1$ //$NON-NLS-2$
        TmfExperiment experiment = Traces.openRecording(recording);
        try {
            ITmfTrace gateway = member(experiment, pids.get("gateway")); //$NON-NLS-1$
            ITmfTrace users = member(experiment, pids.get("users")); //$NON-NLS-1$
            assertNotEquals(users.getHostId(), gateway.getHostId(), "the copy's gateway is another host");
            SynchronizationAlgorithm sync = experiment.synchronizeTraces(true);
            System.out.printf("[spans] synchronisation, gateway clock %d ns ahead: %d matches, %s%n", SHIFT, sync.countMatches(), sync.getStats()); //$NON-NLS-1$
            assertEquals(SyncQuality.ACCURATE, sync.getSynchronizationQuality(gateway, users));
            Correction check = new Correction(sync.getTimestampTransform(gateway), sync.getTimestampTransform(users));
            long middle = (users.getStartTime().toNanos() + users.getEndTime().toNanos()) / 2;
            long error = check.error(middle);
            System.out.printf("[spans] the gateway's corrected clock is off by %d ns in the middle of the recording%n", error); //$NON-NLS-1$
            assertTrue(Math.abs(error) < TOLERANCE, "off by " + error + " ns");
            assertTrue(Math.abs(check.error(users.getStartTime().toNanos())) < TOLERANCE, "at the start");
            assertTrue(Math.abs(check.error(users.getEndTime().toNanos())) < TOLERANCE, "at the end");
        } finally {
            Traces.close(experiment);
        }
    }

    /** The two formulas applied to one instant as each clock read it: how far apart they put it. */
    private record Correction(ITmfTimestampTransform gateway, ITmfTimestampTransform users) {
        long error(long time) {
            return gateway.transform(time + SHIFT) - users.transform(time);
        }
    }

    private static ITmfTrace member(TmfExperiment experiment, String pid) {
        return experiment.getTraces().stream().filter(t -> t.getName().contains('-' + pid + '-')).findFirst().orElseThrow();
    }

    /** Gives the trace's clock another uuid (another host for Trace Compass) and an offset {@link #SHIFT} later. */
    private static void moveClock(Path metadata) throws IOException {
        String text = new String(Files.readAllBytes(metadata), StandardCharsets.ISO_8859_1);
        Matcher clock = CLOCK_UUID.matcher(text);
        assertTrue(clock.find(), "the clock of " + metadata);
        String uuid = clock.group(1);
        String otherUuid = uuid.substring(0, uuid.length() - 1) + (uuid.endsWith("0") ? '1' : '0'); //$NON-NLS-1$
        String offset = Long.toString(Long.parseLong(clock.group(2)) + SHIFT);
        assertEquals(clock.group(2).length(), offset.length(), "the metadata packet keeps its size");
        StringBuilder moved = new StringBuilder(text);
        moved.replace(clock.start(2), clock.end(2), offset);
        moved.replace(clock.start(1), clock.end(1), otherUuid);
        Files.write(metadata, moved.toString().getBytes(StandardCharsets.ISO_8859_1));
    }
}
