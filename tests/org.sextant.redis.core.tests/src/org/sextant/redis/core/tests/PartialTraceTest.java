// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfLostEvent;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.junit.jupiter.api.Test;
import org.sextant.redis.core.RequestSegment;
import org.sextant.redis.model.RedisTracker;
import org.sextant.test.support.Fixture;

/**
 * A trace with information missing, recorded for real: the session started while 20 clients were already
 * pinging, and its buffers were too small, so LTTng discarded thousands of events. The model has unknowns
 * where information is missing, and no request latency spans a gap.
 */
class PartialTraceTest {

    @Test
    void missingInformationStaysUnknown() throws Exception {
        Fixture fixture = Fixture.REDIS_PARTIAL;
        try (Recording recording = Recording.open(fixture)) {
            ITmfStateSystem ss = recording.state();
            List<ITmfLostEvent> gaps = lostEvents(recording.experiment().getChildren(ITmfTrace.class).get(0));
            assertEquals(fixture.fact("discarded"), gaps.stream().mapToLong(ITmfLostEvent::getNbLostEvents).sum(), "events discarded");

            int node = ss.getQuarks(RedisTracker.NODES, "*").get(0); //$NON-NLS-1$
            long end = ss.getCurrentEndTime();
            assertNull(ss.querySingleState(end, node).getValue(), "the node's listening socket opened before tracing");
            assertEquals(20, recording.counter(node, end, RedisTracker.OPENED, "unknown"), "clients connected before tracing"); //$NON-NLS-1$
            assertEquals(fixture.fact("type.redis:call_command_start"), recording.counter(node, end, RedisTracker.COMMANDS, "ping")); //$NON-NLS-1$

            ISegmentStore<ISegment> requests = recording.requests();
            assertFalse(requests.isEmpty());
            for (ISegment segment : requests) {
                RequestSegment request = (RequestSegment) segment;
                for (ITmfLostEvent gap : gaps) {
                    long gapStart = gap.getTimeRange().getStartTime().toNanos();
                    assertFalse(request.getStart() < gapStart && gapStart < request.getEnd(), () -> request + " spans a gap at " + gapStart);
                }
            }
        }
    }

    private static List<ITmfLostEvent> lostEvents(ITmfTrace trace) {
        List<ITmfLostEvent> lost = new ArrayList<>();
        ITmfContext context = trace.seekEvent(0L);
        for (ITmfEvent event = trace.getNext(context); event != null; event = trace.getNext(context)) {
            if (event instanceof ITmfLostEvent gap) {
                lost.add(gap);
            }
        }
        context.dispose();
        return lost;
    }
}
