// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.sextant.redis.model.RedisTracker;
import org.sextant.test.support.Fixture;

/**
 * Sound runs have no race: Redis's io threads never work on a client while the main thread does (it hands clients
 * over and waits for the threads), and a node without io threads has one thread on its connections. On every
 * real recording, the io-threads ones included (io-threads-do-reads too), no connection is flagged and no node
 * counts a race; redis-kill too, where the main thread freed 72 clients an io thread was serving (CLIENT KILL): a
 * babeltrace2 scan of its events finds no thread starting a read or write, or freeing, a descriptor while another
 * thread's read or write of it is open (tests/fixtures/CATALOGUE.md).
 */
class NoRaceTest {

    @ParameterizedTest
    @EnumSource(value = Fixture.class, names = { "REDIS_IO_THREADS", "REDIS_IO_STAGES", "REDIS_KILL", "REDIS_CLUSTER", "REDIS_PATHS", "REDIS_TLS", "REDIS_SINGLE", "REDIS_PIPELINED",
            "REDIS_PIPELINED_V4", "REDIS_PIPELINED_V5", "REDIS_PIPELINED_V6", "REDIS_PIPELINED_V7", "REDIS_PIPELINED_V8", "REDIS_SINGLE_V5", //
            "REDIS_SINGLE_V7", "REDIS_SINGLE_V8", "REDIS_TLS_NO_READS" })
    void noConnectionHasTwoThreadsAtOnce(Fixture fixture) throws Exception {
        try (Recording recording = Recording.open(fixture)) {
            Map<Integer, Integer> nodes = recording.nodesByPort();
            assertTrue(!nodes.isEmpty());
            for (int node : nodes.values()) {
                assertEquals(0, recording.counter(node, recording.state().getCurrentEndTime(), RedisTracker.RACES), fixture + ", node " + node);
            }
        }
    }
}
