// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.junit.jupiter.api.Test;
import org.sextant.redis.model.RedisTracker;
import org.sextant.test.support.Fixture;

/**
 * A recording of the version 3 tracer (docs/redis-events.md: a read's commands in one {@code call_commands_start}):
 * one node with an io thread, 50 redis-benchmark clients pipelining 16 requests at a time, against Redis's own INFO
 * commandstats taken after the load (tests/fixtures/CATALOGUE.md, redis-pipelined).
 */
class PipelinedCommandsTest {

    @Test
    void commandsPerNameEqualCommandstats() throws Exception {
        Fixture fixture = Fixture.REDIS_PIPELINED;
        try (Recording recording = Recording.open(fixture)) {
            ITmfStateSystem ss = recording.state();
            List<Integer> nodes = ss.getQuarks(RedisTracker.NODES, "*"); //$NON-NLS-1$
            assertEquals(1, nodes.size());
            int node = nodes.get(0);
            // the first INFO read the counters: they count what ran before it
            long info = recording.increments(node, RedisTracker.COMMANDS, "info").get(0); //$NON-NLS-1$
            Map<String, Long> counted = new TreeMap<>();
            for (String command : recording.children(node, info - 1, RedisTracker.COMMANDS).keySet()) {
                counted.put(command, recording.counter(node, info - 1, RedisTracker.COMMANDS, command));
            }
            assertEquals(Recording.commandstats(fixture.path().resolve("redis-info.txt")), counted); //$NON-NLS-1$
            long end = ss.getCurrentEndTime();
            // then redis-cli's INFO commandstats, INFO stats and SHUTDOWN
            assertEquals(2, recording.counter(node, end, RedisTracker.COMMANDS, "info")); //$NON-NLS-1$
            assertEquals(1, recording.counter(node, end, RedisTracker.COMMANDS, "shutdown")); //$NON-NLS-1$
        }
    }
}
