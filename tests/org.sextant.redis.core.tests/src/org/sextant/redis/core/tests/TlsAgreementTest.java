// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sextant.redis.model.RedisTracker;
import org.sextant.test.support.Fixture;

/**
 * A cluster that speaks TLS only, clients and bus, against each node's own counters: the tracer reads the clear
 * text where Redis hands it to OpenSSL, so the model of an encrypted cluster is the model of a plain one. Each
 * node's window runs from its INFO commandstats before the load to the one after (its requests), or from its
 * CLUSTER INFO before to the one after (its bus messages).
 */
class TlsAgreementTest {

    private static Recording sRecording;

    @BeforeAll
    static void open() throws Exception {
        sRecording = Recording.open(Fixture.REDIS_TLS);
    }

    @AfterAll
    static void close() {
        sRecording.close();
    }

    @Test
    void requestsPerCommandEqualEachNodesCommandstats() throws Exception {
        Map<Integer, Integer> nodes = sRecording.nodesByPort();
        assertEquals(List.of(7151, 7152, 7153), List.copyOf(nodes.keySet()));
        for (Map.Entry<Integer, Integer> node : nodes.entrySet()) {
            long[] window = lastTwo(node.getValue(), "info"); //$NON-NLS-1$
            Map<String, Long> counted = new TreeMap<>();
            for (String command : sRecording.children(node.getValue(), window[1], RedisTracker.COMMANDS).keySet()) {
                // the window holds the first INFO, not the second: each reading counts what ran before it
                long moved = sRecording.counter(node.getValue(), window[1] - 1, RedisTracker.COMMANDS, command)
                        - sRecording.counter(node.getValue(), window[0] - 1, RedisTracker.COMMANDS, command);
                if (moved != 0) {
                    counted.put(command, moved);
                }
            }
            Map<String, Long> redis = commandstatsMoves(node.getKey());
            assertTrue(redis.getOrDefault("get", 0L) > 0 || redis.getOrDefault("set", 0L) > 0, "the benchmark reached node " + node.getKey()); //$NON-NLS-1$ //$NON-NLS-2$
            assertEquals(redis, counted, "node " + node.getKey() + ": INFO commandstats (calls and rejected calls) moved by " + redis);
        }
    }

    @Test
    void busMessagesPerTypeEqualEachNodesClusterInfo() throws Exception {
        for (Map.Entry<Integer, Integer> node : sRecording.nodesByPort().entrySet()) {
            long[] info = lastTwo(node.getValue(), "info"); //$NON-NLS-1$
            // CLUSTER INFO comes just before each INFO commandstats
            List<Long> clusters = sRecording.increments(node.getValue(), RedisTracker.COMMANDS, "cluster"); //$NON-NLS-1$
            long from = clusters.stream().filter(t -> t < info[0]).reduce((a, b) -> b).orElseThrow();
            long to = clusters.stream().filter(t -> t < info[1]).reduce((a, b) -> b).orElseThrow();
            Map<String, Long> redis = Recording.clusterInfoMoves(Fixture.REDIS_TLS, node.getKey());
            assertTrue(redis.getOrDefault("ping_sent", 0L) > 0, "node " + node.getKey() + " gossiped"); //$NON-NLS-1$
            assertEquals(redis, sRecording.busMoves(node.getValue(), from, to), "node " + node.getKey() + ": CLUSTER INFO moved by " + redis);
        }
    }

    /** @return the times of the node's last two requests of that command */
    private static long[] lastTwo(int node, String command) throws Exception {
        List<Long> times = sRecording.increments(node, RedisTracker.COMMANDS, command);
        assertTrue(times.size() >= 2, "two " + command + " readings"); //$NON-NLS-1$
        return new long[] { times.get(times.size() - 2), times.get(times.size() - 1) };
    }

    /**
     * @return per command (subcommands counted under their command, as the tracer names them), how much its calls
     *         and rejected calls moved between the node's two saved readings
     */
    private static Map<String, Long> commandstatsMoves(int port) throws Exception {
        Map<String, Long> before = commandstats(port, "before"); //$NON-NLS-1$
        Map<String, Long> moves = new TreeMap<>();
        commandstats(port, "after").forEach((command, after) -> { //$NON-NLS-1$
            long moved = after - before.getOrDefault(command, 0L);
            if (moved != 0) {
                moves.put(command, moved);
            }
        });
        return moves;
    }

    private static Map<String, Long> commandstats(int port, String when) throws Exception {
        return Recording.commandstats(Fixture.REDIS_TLS.path().resolve("commandstats").resolve(port + "-" + when + ".txt")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }
}
