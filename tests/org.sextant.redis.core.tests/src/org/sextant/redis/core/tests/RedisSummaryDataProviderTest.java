// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sextant.common.core.SummaryEntryModel;
import org.sextant.common.core.summary.SummaryTree;
import org.sextant.common.model.series.DurationStats;
import org.sextant.internal.redis.core.RedisSummaryDataProvider;
import org.sextant.redis.core.RedisLatencyModule;
import org.sextant.redis.core.RequestSegment;
import org.sextant.test.support.Fixture;

/**
 * The Redis summary as the command line and the trace server reach it, through the data provider manager, on
 * the recordings: per node, counts babeltrace2 made of the recorded events (CATALOGUE.md), and latency
 * percentiles of exactly the requests the Redis Events Latency views list.
 */
class RedisSummaryDataProviderTest {

    /** The same load under the version 1 tracer, and under version 5's, whose reads and writes have no start events. */
    @ParameterizedTest
    @CsvSource({ "REDIS_SINGLE, 11015", "REDIS_SINGLE_V5, 14795", "REDIS_SINGLE_V7, 6532", "REDIS_SINGLE_V8, 18857" })
    void singleNodeCountsWhatBabeltraceCountsAndTheLatencyViewsRequests(Fixture fixture, String pid) throws Exception {
        try (Recording recording = Recording.open(fixture)) {
            SummaryTree summary = SummaryTree.fetch(recording.experiment(), RedisSummaryDataProvider.ID, new NullProgressMonitor());
            List<SummaryEntryModel> nodes = summary.children(summary.root());
            assertEquals(1, nodes.size());
            SummaryEntryModel node = nodes.get(0);
            assertEquals(pid, node.getKey());
            assertEquals("127.0.0.1:7210", node.getValues().get(RedisSummaryDataProvider.VALUE)); //$NON-NLS-1$
            assertEquals(Map.of("client", 7L), counters(summary, node, RedisSummaryDataProvider.CONNECTIONS)); //$NON-NLS-1$
            assertEquals(Map.of("config", 2L, "get", 200L, "ping", 1L, "set", 200L, "shutdown", 1L), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
                    counters(summary, node, RedisSummaryDataProvider.REQUESTS));
            assertEquals(Map.of("other", 4L, "read", 200L, "write", 200L), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    counters(summary, node, RedisSummaryDataProvider.REQUESTS_BY_TYPE));
            assertEquals(Map.of("other", 4L, "string", 400L), counters(summary, node, RedisSummaryDataProvider.REQUESTS_BY_STRUCTURE)); //$NON-NLS-1$ //$NON-NLS-2$
            assertEquals(Map.of(), counters(summary, node, RedisSummaryDataProvider.BUS_SENT));
            assertEquals(Map.of(), counters(summary, node, RedisSummaryDataProvider.BUS_RECEIVED));

            RedisLatencyModule module = TmfTraceUtils.getAnalysisModuleOfClass(recording.experiment(), RedisLatencyModule.class, RedisLatencyModule.ID);
            assertNotNull(module);
            ISegmentStore<ISegment> segments = module.getSegmentStore();
            assertNotNull(segments, "the summary waited for the latency module");
            Map<String, List<Long>> latencies = new TreeMap<>();
            for (ISegment segment : segments) {
                RequestSegment request = (RequestSegment) segment;
                assertEquals(node.getKey(), request.node());
                latencies.computeIfAbsent(request.command(), command -> new ArrayList<>()).add(request.getLength());
            }
            Map<String, List<Object>> expected = new TreeMap<>();
            latencies.forEach((command, nanos) -> {
                DurationStats stats = DurationStats.of(nanos.stream().mapToLong(Long::longValue).toArray());
                expected.put(command, List.of(stats.count(), stats.p50(), stats.p90(), stats.p99(), stats.max()));
            });
            Map<String, List<Object>> served = new TreeMap<>();
            for (SummaryEntryModel command : summary.children(node, RedisSummaryDataProvider.LATENCY)) {
                served.put(String.valueOf(command.getKey()), command.getValues());
            }
            assertEquals(expected, served);
            assertEquals(List.of("config", "get", "ping", "set"), List.copyOf(served.keySet()), "the shutdown gets no reply"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        }
    }

    /** Per node, in address order: the bus messages, and the publisher's requests and connections, babeltrace2 counts. */
    @Test
    void clusterNodesCountWhatBabeltraceCounts() throws Exception {
        try (Recording recording = Recording.open(Fixture.REDIS_CLUSTER)) {
            SummaryTree summary = SummaryTree.fetch(recording.experiment(), RedisSummaryDataProvider.ID, new NullProgressMonitor());
            List<List<Object>> nodes = new ArrayList<>();
            for (SummaryEntryModel node : summary.children(summary.root())) {
                nodes.add(List.of(node.getKey(), node.getValues().get(RedisSummaryDataProvider.VALUE),
                        sum(summary, node, RedisSummaryDataProvider.BUS_SENT), sum(summary, node, RedisSummaryDataProvider.BUS_RECEIVED)));
            }
            assertEquals(List.of(List.of("7656", "127.0.0.1:7101", 218L, 18L), List.of("7657", "127.0.0.1:7102", 15L, 115L), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                    List.of("7658", "127.0.0.1:7103", 17L, 117L)), nodes); //$NON-NLS-1$ //$NON-NLS-2$
            SummaryEntryModel publisher = summary.children(summary.root()).get(0);
            assertEquals(121L, sum(summary, publisher, RedisSummaryDataProvider.REQUESTS));
            assertEquals(100L, counters(summary, publisher, RedisSummaryDataProvider.REQUESTS).get("publish")); //$NON-NLS-1$
            assertEquals(15L, sum(summary, publisher, RedisSummaryDataProvider.CONNECTIONS));
        }
    }

    private static Map<String, Object> counters(SummaryTree summary, SummaryEntryModel node, String group) {
        return new TreeMap<>(SummaryTree.byKey(summary.children(node, group), RedisSummaryDataProvider.VALUE));
    }

    private static long sum(SummaryTree summary, SummaryEntryModel node, String group) {
        return counters(summary, node, group).values().stream().mapToLong(value -> ((Number) value).longValue()).sum();
    }
}
