// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.sextant.spans.model.RedisCommand;
import org.sextant.spans.model.Span;
import org.sextant.spans.model.SpanGraph;
import org.sextant.spans.model.SpanKind;
import org.sextant.spans.model.TraceContext;
import org.sextant.test.support.Fixture;

/**
 * The topology whose counters backend opens a Redis connection per command (fresh 4-tuples, its four local ports
 * coming back, the node's descriptors reused) against its three oracles: the load generator's log, the node's
 * {@code INFO commandstats}, and the backend's own log of which command of which request went through which port
 * ({@code counters.jsonl}), which owes nothing to the trace. Every command must be joined to the span of its
 * request: n of n, printed per command.
 */
class ConnectionPerCommandTest {

    private static final List<String> LOGGED = List.of("get", "incr", "lpush"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$

    @Test
    void everyCommandOfTheBackendsLogIsJoinedToItsRequest() throws Exception {
        try (Topology topology = Topology.open(Fixture.HTTP_TOPOLOGY_PERCMD)) {
            SpanGraph graph = topology.graph();
            String counters = topology.pids().get("counters"); //$NON-NLS-1$
            List<Topology.Connected> log = topology.counters();
            // On one port the connections follow one another, so the n-th the backend logged there carried the
            // n-th command the node read from that port.
            Map<Integer, List<Topology.Connected>> logged = log.stream().sorted(Comparator.comparingLong(Topology.Connected::connectNs))
                    .collect(Collectors.groupingBy(Topology.Connected::localPort, TreeMap::new, Collectors.toList()));
            Map<String, Integer> joined = new TreeMap<>();
            Map<String, Integer> total = new TreeMap<>();
            List<String> failures = new ArrayList<>();
            for (Map.Entry<Integer, List<Topology.Connected>> port : logged.entrySet()) {
                List<RedisCommand> read = graph.redisCommands().stream().filter(c -> c.peer().endsWith(":" + port.getKey()) && LOGGED.contains(c.command())) //$NON-NLS-1$
                        .sorted(Comparator.comparingLong(RedisCommand::start)).toList();
                assertEquals(port.getValue().stream().map(Topology.Connected::command).toList(), read.stream().map(RedisCommand::command).toList(),
                        "the commands the node read from port " + port.getKey());
                for (int i = 0; i < read.size(); i++) {
                    Topology.Connected connected = port.getValue().get(i);
                    Optional<Span> span = graph.spanOf(read.get(i));
                    total.merge(connected.command(), 1, Integer::sum);
                    if (span.isPresent() && span.get().service().key().equals(counters) && span.get().target().equals("/visits/" + connected.resource()) //$NON-NLS-1$
                            && span.get().context().map(TraceContext::traceId).orElse("").equals(connected.traceId())) { //$NON-NLS-1$
                        joined.merge(connected.command(), 1, Integer::sum);
                    } else if (failures.size() < 5) {
                        failures.add(connected + " joined to " + span.map(Span::toString).orElse("no span")); //$NON-NLS-1$ //$NON-NLS-2$
                    }
                }
            }
            System.out.printf("[spans] http-topology-percmd: commands joined to their request's span %s of %s, over %d connections from %d ports%n", //$NON-NLS-1$
                    joined, total, log.size(), logged.size());
            assertEquals(3 * topology.log().size(), log.size(), "three connections per request");
            assertEquals(total, joined, "joined per command, n of n; first failures: " + failures);
        }
    }

    @Test
    void spansHaveTheirRequestsCommandsAndTheNodesCounts() throws Exception {
        try (Topology topology = Topology.open(Fixture.HTTP_TOPOLOGY_PERCMD)) {
            SpanGraph graph = topology.graph();
            Map<String, String> pids = topology.pids();
            Map<String, Long> logged = topology.log().stream().collect(Collectors.groupingBy(Topology.Logged::route, TreeMap::new, Collectors.counting()));
            Map<String, Long> served = graph.spans().stream().filter(s -> s.kind() == SpanKind.SERVER && s.service().key().equals(pids.get("gateway"))) //$NON-NLS-1$
                    .collect(Collectors.groupingBy(Span::route, TreeMap::new, Collectors.counting()));
            assertEquals(logged, served, "gateway spans per route");
            assertEquals(Fixture.HTTP_TOPOLOGY_PERCMD.fact("requests"), topology.log().size()); //$NON-NLS-1$

            Map<String, Long> shapes = graph.spans().stream().filter(s -> s.kind() == SpanKind.SERVER && !s.service().key().equals(pids.get("gateway"))) //$NON-NLS-1$
                    .collect(Collectors.groupingBy(s -> s.service().name() + ' ' + s.redisCommands().stream().map(RedisCommand::command).toList(), TreeMap::new,
                            Collectors.counting()));
            long n = topology.log().size();
            assertEquals(Map.of("counters [get, quit, incr, quit, lpush, quit]", n, "users [get, set]", n), shapes, //$NON-NLS-1$ //$NON-NLS-2$
                    "each backend span's commands, in the order the node read them");

            Map<String, Long> bySpans = topology.commandsSent(true);
            Map<String, Long> byNoSpan = topology.commandsSent(false);
            Map<String, Long> stats = topology.commandstats();
            Map<String, Long> data = new TreeMap<>(stats);
            data.remove("info"); //$NON-NLS-1$
            System.out.printf("[spans] http-topology-percmd: commands sent by spans %s, INFO commandstats %s%n", bySpans, stats); //$NON-NLS-1$
            assertEquals(data, bySpans, "commands the spans sent, against INFO commandstats");
            assertEquals(Map.of("info", stats.get("info"), "quit", 1L), byNoSpan, //$NON-NLS-1$ //$NON-NLS-2$
                    "sent by no request: the users' ioredis ready check, and its QUIT at the end, after INFO was read");
        }
    }
}
