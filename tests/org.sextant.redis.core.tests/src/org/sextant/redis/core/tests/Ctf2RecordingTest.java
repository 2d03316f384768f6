// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.junit.jupiter.api.Test;
import org.sextant.common.core.SummaryEntryModel;
import org.sextant.common.core.summary.SummaryTree;
import org.sextant.ctf.core.Ctf2Trace;
import org.sextant.internal.redis.core.RedisSummaryDataProvider;
import org.sextant.redis.core.RequestSegment;
import org.sextant.test.support.Fixture;

/**
 * One Redis node recorded by LTTng 2.14 in CTF 2 and, in the same run, in CTF 1.8 (tests/fixtures/lttng-2.14-redis,
 * CATALOGUE.md): the CTF 2 recording opens through Sextant's trace type and its Redis model is the CTF 1.8 copy's,
 * which Trace Compass reads: the same node, connections, requests per command and type, and bytes, the same
 * requests in the same order, each as long give or take what the tracer took to write the other session's records
 * (each session's record reads the clock). (Its commands are Redis's INFO commandstats: {@code PipelinedCommandsTest}.)
 */
class Ctf2RecordingTest {

    /** How much one request's latency may differ between the two sessions' records, in nanoseconds. */
    private static final long SAME_REQUEST_NANOS = 100_000;
    private static final String[] COUNTERS = { RedisSummaryDataProvider.CONNECTIONS, RedisSummaryDataProvider.REQUESTS,
            RedisSummaryDataProvider.REQUESTS_BY_TYPE, RedisSummaryDataProvider.BYTES };

    @Test
    void modelEqualsTheCtf18Copys() throws Exception {
        try (Recording ctf2 = Recording.open(Fixture.LTTNG_214_REDIS); Recording ctf18 = Recording.open(Fixture.LTTNG_214_REDIS_CTF18)) {
            List<ITmfTrace> members = ctf2.experiment().getTraces();
            assertEquals(1, members.size(), "the node's trace");
            assertTrue(members.get(0) instanceof Ctf2Trace, members.get(0).getClass().getName());
            assertTrue(ctf18.experiment().getTraces().stream().noneMatch(Ctf2Trace.class::isInstance), "Trace Compass reads the CTF 1.8 copy");
            assertEquals(counters(ctf18), counters(ctf2));
            List<RequestSegment> expected = requests(ctf18);
            List<RequestSegment> actual = requests(ctf2);
            assertEquals(expected.size(), actual.size(), "requests");
            for (int i = 0; i < expected.size(); i++) {
                assertEquals(expected.get(i).command(), actual.get(i).command(), "request " + i);
                assertEquals(expected.get(i).fd(), actual.get(i).fd(), "request " + i);
                assertTrue(Math.abs(expected.get(i).getLength() - actual.get(i).getLength()) < SAME_REQUEST_NANOS, "request " + i);
            }
        }
    }

    /** The node's address and counters, as the summary gives them. */
    private static Map<String, Object> counters(Recording recording) throws Exception {
        SummaryTree summary = SummaryTree.fetch(recording.experiment(), RedisSummaryDataProvider.ID, new NullProgressMonitor());
        List<SummaryEntryModel> nodes = summary.children(summary.root());
        assertEquals(1, nodes.size());
        SummaryEntryModel node = nodes.get(0);
        Map<String, Object> counters = new TreeMap<>();
        counters.put("node", node.getKey() + " " + node.getValues().get(RedisSummaryDataProvider.VALUE)); //$NON-NLS-1$ //$NON-NLS-2$
        for (String group : COUNTERS) {
            counters.put(group, new TreeMap<>(SummaryTree.byKey(summary.children(node, group), RedisSummaryDataProvider.VALUE)));
        }
        return counters;
    }

    private static List<RequestSegment> requests(Recording recording) {
        List<RequestSegment> requests = new ArrayList<>();
        for (ISegment segment : recording.requests()) {
            requests.add((RequestSegment) segment);
        }
        requests.sort((a, b) -> Long.compare(a.getStart(), b.getStart()));
        return requests;
    }
}
