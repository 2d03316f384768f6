// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.segmentstore.core.SegmentStoreFactory;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.request.ITmfEventRequest;
import org.eclipse.tracecompass.tmf.core.request.TmfEventRequest;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.sextant.internal.redis.core.RedisBenchmark;
import org.sextant.internal.redis.core.RedisCompanion;
import org.sextant.internal.redis.core.RequestCollector;
import org.sextant.parallel.engine.Histories;
import org.sextant.parallel.engine.Report;
import org.sextant.parallel.model.Partitioner;
import org.sextant.redis.core.RedisAnalysisModule;
import org.sextant.redis.core.RedisParallelModule;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;

/**
 * The Redis model built by Sextant's parallel builder equals Trace Compass's serial build of it, attribute for
 * attribute and interval for interval, on every Redis recording whose tracer lost nothing (LTTng 2.14's in CTF 2
 * too, read by Sextant's trace type, and one cut by babeltrace2, whose clock has an {@code offset_s} that Trace
 * Compass 6.2 leaves out of its times), with every packet a chunk of its own (the most chunk boundaries a recording can have) on two threads; a recording with discarded
 * events is refused, naming the stream and offset. And {@code sextant bench --analysis redis} on a small one.
 */
class ParallelBuildTest {

    /** Smaller than any packet: each packet is a chunk. */
    private static final long ONE_PACKET = 1;

    @ParameterizedTest
    @EnumSource(value = Fixture.class, names = { "REDIS_SINGLE", "REDIS_CLUSTER", "REDIS_PATHS", "REDIS_TLS", "REDIS_IO_THREADS", "REDIS_IO_STAGES", "REDIS_PIPELINED",
            "REDIS_PIPELINED_V4", "REDIS_PIPELINED_V5", "REDIS_PIPELINED_V6", "REDIS_PIPELINED_V7", "REDIS_PIPELINED_V8", "REDIS_SINGLE_V5", //
            "REDIS_SINGLE_V7", "REDIS_SINGLE_V8", "REDIS_MEMORY", "REDIS_TLS_CRASH",
            "REDIS_TLS_NO_READS", "LTTNG_214_REDIS" })
    void parallelHistoryEqualsTraceCompass(Fixture fixture) throws Exception {
        try (Recording recording = Recording.open(fixture)) {
            RedisParallelModule module = build(recording.experiment(), 2, ONE_PACKET);
            try {
                ITmfStateSystem parallel = module.getStateSystem();
                assertNotNull(parallel, module.getFailure());
                ITmfStateSystem serial = recording.state();
                assertNull(Histories.firstDifference(serial, parallel));
                assertNull(Histories.firstDifference(parallel, serial));
                Report report = module.getReport();
                assertNotNull(report);
                assertTrue(report.chunks() > 1, report + " has one chunk");
            } finally {
                module.dispose();
            }
        }
    }

    /**
     * The requests and the hops of their paths that the one build keeps beside its history (which the Events
     * Latency and Request Paths views list) are those the model completes over Trace Compass's events, one for one.
     */
    @ParameterizedTest
    @EnumSource(value = Fixture.class, names = { "REDIS_SINGLE", "REDIS_CLUSTER", "REDIS_PATHS", "REDIS_IO_THREADS", "REDIS_PIPELINED_V8", "REDIS_SINGLE_V5" })
    void requestsAndPathsEqualTheModelOverTraceCompassEvents(Fixture fixture) throws Exception {
        try (Recording recording = Recording.open(fixture)) {
            RedisParallelModule module = build(recording.experiment(), 2, ONE_PACKET);
            try {
                RedisCompanion built = module.getCompanionContent();
                ISegmentStore<ISegment> requests = SegmentStoreFactory.createSegmentStore();
                ISegmentStore<ISegment> links = SegmentStoreFactory.createSegmentStore();
                replay(recording.experiment(), RequestCollector.requests(requests), RequestCollector.links(links));
                assertFalse(built.requests().isEmpty());
                assertEquals(sorted(requests), sorted(built.requests()));
                assertEquals(sorted(links), sorted(built.links()));
            } finally {
                module.dispose();
            }
        }
    }

    /** Every event of the trace, in Trace Compass's order, to each collector. */
    private static void replay(TmfExperiment experiment, RequestCollector... collectors) throws InterruptedException {
        TmfEventRequest request = new TmfEventRequest(ITmfEvent.class, TmfTimeRange.ETERNITY, 0, ITmfEventRequest.ALL_DATA,
                ITmfEventRequest.ExecutionType.FOREGROUND) {
            @Override
            public void handleData(ITmfEvent event) {
                super.handleData(event);
                for (RequestCollector collector : collectors) {
                    collector.handle(event);
                }
            }
        };
        experiment.sendRequest(request);
        request.waitForCompletion();
    }

    /** The segments as text lines, sorted: a multiset compared whatever order each side completed them in. */
    private static List<String> sorted(Iterable<? extends ISegment> segments) {
        List<String> lines = new ArrayList<>();
        segments.forEach(segment -> lines.add(segment.toString()));
        Collections.sort(lines);
        return lines;
    }

    @Test
    void discardedEventsAreRefusedNamingWhere() throws Exception {
        TmfExperiment experiment = Traces.openRecording(Fixture.REDIS_PARTIAL);
        try {
            RedisParallelModule module = build(experiment, 1, Partitioner.DEFAULT_CHUNK_BYTES);
            String failure = module.getFailure();
            module.dispose();
            assertNotNull(failure);
            assertTrue(failure.matches(".*redis_\\d at offset \\d+: \\d+ events discarded; .*"), failure); //$NON-NLS-1$
        } finally {
            TmfTraceManager.deleteSupplementaryFiles(experiment);
            Traces.close(experiment);
        }
    }

    @Test
    void benchComparesEverySizeOfTheRecording() throws Exception {
        TmfExperiment experiment = Traces.openRecording(Fixture.REDIS_IO_THREADS);
        try {
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            Map<String, Object> result = new RedisBenchmark().run(experiment, List.of(1, 2), 0, new PrintStream(log, true, StandardCharsets.UTF_8));
            assertEquals(Boolean.TRUE, result.get("identical"), result::toString); //$NON-NLS-1$
            assertEquals(Boolean.TRUE, result.get("matches_tracecompass"), result::toString); //$NON-NLS-1$
            assertEquals(Boolean.TRUE, result.get("sizes_identical"), result::toString); //$NON-NLS-1$
            List<?> runs = (List<?>) result.get("runs"); //$NON-NLS-1$
            // the one-core baseline is made on a machine with cores to confine it from
            List<String> modes = Runtime.getRuntime().availableProcessors() > 1 ? List.of("tracecompass", "serial", "one-core", "parallel", "parallel") //$NON-NLS-1$
                    : List.of("tracecompass", "serial", "parallel", "parallel"); //$NON-NLS-1$
            assertEquals(modes, runs.stream().map(run -> ((Map<?, ?>) run).get("mode")).toList()); //$NON-NLS-1$
            List<?> sizes = (List<?>) result.get("sizes"); //$NON-NLS-1$
            assertFalse(sizes.isEmpty());
            long previous = 0;
            for (Object size : sizes) {
                long events = (Long) ((Map<?, ?>) size).get("events"); //$NON-NLS-1$
                assertTrue(events > previous, sizes::toString);
                previous = events;
            }
            // the whole recording last: babeltrace2 counts 12,756 events in it
            assertEquals(12_756L, previous);
            assertFalse(log.toString(StandardCharsets.UTF_8).isEmpty());
        } finally {
            Traces.close(experiment);
        }
    }

    private static RedisParallelModule build(TmfExperiment experiment, int threads, long chunkBytes) throws Exception {
        RedisParallelModule module = new RedisParallelModule();
        module.setId(RedisParallelModule.ID);
        module.setThreads(threads);
        module.setChunkBytes(chunkBytes);
        assertTrue(module.setTrace(experiment));
        module.schedule();
        module.waitForCompletion();
        return module;
    }
}
