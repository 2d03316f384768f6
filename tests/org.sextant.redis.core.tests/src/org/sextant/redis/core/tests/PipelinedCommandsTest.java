// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.sextant.redis.core.RequestSegment;
import org.sextant.redis.model.RedisTracker;
import org.sextant.test.support.Fixture;

/**
 * One node with an io thread, 50 redis-benchmark clients pipelining 16 requests at a time, against Redis's own INFO
 * commandstats taken after the load (tests/fixtures/CATALOGUE.md), recorded by the version 3 tracer (a read's
 * commands in one {@code call_commands_start}), by the version 4 tracer (a read's commands on its
 * {@code end_read_client_query}, their end at the thread's next event, docs/redis-events.md), by the version 5
 * tracer (the main thread's reads and writes without start events until the io thread's first read), by the
 * version 6 tracer (a run of one name written once, {@code "get*16"}), by the version 7 tracer (those writes of
 * the main thread told together, before its next event) and by the version 8 tracer (its reads too). And one node
 * under redis-benchmark's plain load recorded by LTTng 2.14 in CTF 2 (the tracer of today built against 2.14).
 */
class PipelinedCommandsTest {

    @ParameterizedTest
    @EnumSource(value = Fixture.class, names = { "REDIS_PIPELINED", "REDIS_PIPELINED_V4", "REDIS_PIPELINED_V5", //
            "REDIS_PIPELINED_V6", "REDIS_PIPELINED_V7", "REDIS_PIPELINED_V8", "LTTNG_214_REDIS" })
    void commandsPerNameEqualCommandstats(Fixture fixture) throws Exception {
        try (Recording recording = Recording.open(fixture)) {
            ITmfStateSystem ss = recording.state();
            List<Integer> nodes = ss.getQuarks(RedisTracker.NODES, "*"); //$NON-NLS-1$
            assertEquals(1, nodes.size());
            int node = nodes.get(0);
            assertEquals(Recording.commandstats(fixture.path().resolve("redis-info.txt")), recording.commandsBeforeFirstInfo(node)); //$NON-NLS-1$
            long end = ss.getCurrentEndTime();
            // then redis-cli's INFO commandstats, INFO stats and SHUTDOWN
            assertEquals(2, recording.counter(node, end, RedisTracker.COMMANDS, "info")); //$NON-NLS-1$
            assertEquals(1, recording.counter(node, end, RedisTracker.COMMANDS, "shutdown")); //$NON-NLS-1$
        }
    }

    /**
     * A request gets its latency when its command has ended and a write to its connection follows: every command
     * Redis counted, and redis-cli's two INFO, was answered; only the SHUTDOWN was not.
     */
    @ParameterizedTest
    @EnumSource(value = Fixture.class, names = { "REDIS_PIPELINED", "REDIS_PIPELINED_V4", "REDIS_PIPELINED_V5", //
            "REDIS_PIPELINED_V6", "REDIS_PIPELINED_V7", "REDIS_PIPELINED_V8", "LTTNG_214_REDIS" })
    void everyCommandButTheShutdownIsAnswered(Fixture fixture) throws Exception {
        try (Recording recording = Recording.open(fixture)) {
            Map<String, Long> answered = new TreeMap<>();
            for (ISegment segment : recording.requests()) {
                answered.merge(((RequestSegment) segment).command(), 1L, Long::sum);
            }
            Map<String, Long> expected = new TreeMap<>(Recording.commandstats(fixture.path().resolve("redis-info.txt"))); //$NON-NLS-1$
            expected.put("info", 2L); //$NON-NLS-1$
            assertEquals(expected, answered);
        }
    }
}
