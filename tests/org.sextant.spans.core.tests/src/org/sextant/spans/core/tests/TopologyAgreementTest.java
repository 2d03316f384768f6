// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
 * The spans of the real topology against what its load generator logged and what Redis counted: the requests per
 * route, the tree of every request (gateway, backend calls, Redis commands), the Redis commands per command, and
 * how often parenthood inferred on the event loop agrees with the truth. The accuracy figures are printed.
 */
class TopologyAgreementTest {

    /** A call a request's gateway span should make: backend, method, target, and the backend's Redis commands. */
    private record Call(String backend, String method, String target, List<String> redis) {
    }

    @Test
    void everyRequestOfTheLogIsOneGatewaySpan() throws Exception {
        for (Fixture fixture : List.of(Fixture.HTTP_TOPOLOGY, Fixture.HTTP_TOPOLOGY_NOPARENT)) {
            try (Topology topology = Topology.open(fixture)) {
                String gateway = topology.pids().get("gateway"); //$NON-NLS-1$
                Map<String, Long> logged = topology.log().stream().collect(Collectors.groupingBy(Topology.Logged::route, TreeMap::new, Collectors.counting()));
                Map<String, Long> served = topology.graph().spans().stream().filter(s -> s.kind() == SpanKind.SERVER && s.service().key().equals(gateway))
                        .collect(Collectors.groupingBy(Span::route, TreeMap::new, Collectors.counting()));
                assertEquals(logged, served, fixture + ": gateway spans per route");
                for (String route : logged.keySet()) {
                    assertEquals(fixture.fact("route." + route), logged.get(route), "the catalogue's count of " + route); //$NON-NLS-1$
                }
                assertEquals(0, topology.graph().problems().incomplete(), fixture + ": spans without a response");
                assertEquals(0, topology.graph().problems().unjoinedClients(), fixture + ": calls whose server span was not found");
                assertEquals(0, topology.graph().problems().clockMismatches(), fixture + ": joins against the one clock");
            }
        }
    }

    @Test
    void linksOfTheEventMatchingAreTheModelsJoins() throws Exception {
        for (Fixture fixture : List.of(Fixture.HTTP_TOPOLOGY, Fixture.HTTP_TOPOLOGY_NOPARENT)) {
            try (Topology topology = Topology.open(fixture)) {
                Map<String, String> matched = joins(topology.graph());
                Map<String, String> byModel = joins(topology.joinedByTheModel());
                Map<String, Long> perRoute = servedPerRoute(topology.graph());
                System.out.printf("[spans] %s: %d calls joined by Trace Compass's event matching, %d by 4-tuple; per served route %s%n", fixture, //$NON-NLS-1$
                        matched.size(), byModel.size(), perRoute);
                assertEquals(byModel, matched, fixture + ": every call's server span, matched and joined");
                assertEquals(servedPerRoute(topology.joinedByTheModel()), perRoute, fixture + ": joined server spans per service and route");
                long calls = topology.log().size() + topology.log().stream().mapToLong(l -> l.route().equals("GET /orders/:id") ? 2 : 1).sum(); //$NON-NLS-1$
                assertEquals(calls, matched.size(), fixture + ": the generator's requests and the gateway's calls, each joined");
            }
        }
    }

    /** @return each client span joined to a server span, described, to the server span, described */
    private static Map<String, String> joins(SpanGraph graph) {
        return graph.spans().stream().filter(s -> s.kind() == SpanKind.CLIENT && s.peer() != null)
                .collect(Collectors.toMap(TopologyAgreementTest::describe, s -> describe(s.peer()), (a, b) -> a + " and " + b, TreeMap::new)); //$NON-NLS-1$
    }

    private static String describe(Span span) {
        return span.service().key() + " fd " + span.fd() + " request " + span.seq() + " at " + span.start(); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }

    private static Map<String, Long> servedPerRoute(SpanGraph graph) {
        return graph.spans().stream().filter(s -> s.kind() == SpanKind.SERVER && s.peer() != null)
                .collect(Collectors.groupingBy(s -> s.service().name() + ' ' + s.route(), TreeMap::new, Collectors.counting()));
    }

    @Test
    void requestTreesMatchTheirTraceIds() throws Exception {
        try (Topology topology = Topology.open(Fixture.HTTP_TOPOLOGY)) {
            Map<String, String> pids = topology.pids();
            List<Topology.Logged> log = topology.log();
            Map<Topology.Logged, Span> sent = generatorSpans(topology.graph(), pids, log);
            int matching = 0;
            List<String> failures = new ArrayList<>();
            for (Topology.Logged request : log) {
                Optional<String> failure = treeProblem(pids, request, sent.get(request), true);
                if (failure.isEmpty()) {
                    matching++;
                } else if (failures.size() < 5) {
                    failures.add(request.seq() + ": " + failure.get());
                }
            }
            System.out.printf("[spans] http-topology: %d of %d request trees match their ids%n", matching, log.size()); //$NON-NLS-1$
            assertTrue(matching * 100 >= log.size() * 99, matching + " of " + log.size() + " trees match; first failures: " + failures);
        }
    }

    @Test
    void inferredParenthoodIsMeasured() throws Exception {
        try (Topology topology = Topology.open(Fixture.HTTP_TOPOLOGY)) {
            List<Span> calls = topology.graph().spans().stream().filter(s -> s.kind() == SpanKind.CLIENT && s.parent() != null).toList();
            long agree = calls.stream().filter(s -> s.inferredParent() == s.parent()).count();
            System.out.printf("[spans] http-topology: inferred parent = traceparent's for %d of %d calls (%.1f%%)%n", agree, calls.size(), //$NON-NLS-1$
                    100.0 * agree / calls.size());
            assertEquals(267, calls.size(), "the gateway's calls, each with a traceparent");
            assertTrue(agree * 100 >= calls.size() * 95, agree + " of " + calls.size());
        }
        try (Topology topology = Topology.open(Fixture.HTTP_TOPOLOGY_NOPARENT)) {
            Map<String, String> pids = topology.pids();
            List<Topology.Logged> log = topology.log();
            Map<Topology.Logged, Span> sent = generatorSpans(topology.graph(), pids, log);
            long matching = log.stream().filter(request -> treeProblem(pids, request, sent.get(request), false).isEmpty()).count();
            System.out.printf("[spans] http-topology-noparent: %d of %d request trees rebuilt by inference match the log%n", matching, log.size()); //$NON-NLS-1$
            assertTrue(matching * 100 >= log.size() * 95, matching + " of " + log.size());
        }
    }

    @Test
    void redisCommandsOfTheSpansAreInfoCommandstats() throws Exception {
        for (Fixture fixture : List.of(Fixture.HTTP_TOPOLOGY, Fixture.HTTP_TOPOLOGY_NOPARENT)) {
            try (Topology topology = Topology.open(fixture)) {
                Map<String, Long> bySpans = topology.commandsSent(true);
                Map<String, Long> byNoSpan = topology.commandsSent(false);
                Map<String, Long> stats = topology.commandstats();
                Map<String, Long> data = new TreeMap<>(stats);
                data.remove("info"); //$NON-NLS-1$
                assertEquals(data, bySpans, fixture + ": commands the spans sent, against INFO commandstats");
                assertEquals(stats.get("info"), byNoSpan.get("info"), fixture + ": ioredis's ready checks, sent by no request"); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
    }

    /** @return what is wrong with the tree of the logged request, whose generator span is the one given, if anything */
    private static Optional<String> treeProblem(Map<String, String> pids, Topology.Logged request, Span sent, boolean ids) {
        if (sent == null || sent.peer() == null) {
            return Optional.of("no gateway span joined to the generator's request"); //$NON-NLS-1$
        }
        Span gateway = sent.peer();
        String trace = ids ? request.traceId() : null;
        if (!gateway.service().key().equals(pids.get("gateway")) || !gateway.target().equals(request.path()) || gateway.status() != request.status() //$NON-NLS-1$
                || !Objects.equals(trace, traceId(gateway))) {
            return Optional.of("gateway span " + gateway + " is not the request"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        List<Call> expected = switch (request.route()) {
        case "GET /users/:id" -> List.of(new Call("users", "GET", "/users/" + request.resource(), List.of("get", "set"))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
        case "GET /orders/:id" -> List.of(new Call("orders", "GET", "/orders/" + request.resource(), List.of("hgetall")), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
                new Call("users", "GET", "/users/" + request.resource(), List.of("get", "set"))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
        case "POST /orders" -> List.of(new Call("orders", "POST", "/orders", List.of("hset", "expire"))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
        default -> throw new AssertionError("route " + request.route());
        };
        List<Call> made = new ArrayList<>();
        for (Span call : gateway.children()) {
            Span backend = call.peer();
            if (backend == null || backend.parent() != call || !Objects.equals(trace, traceId(call)) || !Objects.equals(trace, traceId(backend))) {
                return Optional.of("call " + call + " is not joined to its backend span with the request's ids"); //$NON-NLS-1$ //$NON-NLS-2$
            }
            String name = pids.entrySet().stream().filter(e -> e.getValue().equals(backend.service().key())).map(Map.Entry::getKey).findFirst().orElse("?"); //$NON-NLS-1$
            made.add(new Call(name, backend.method(), backend.target(), backend.redisCommands().stream().map(RedisCommand::command).toList()));
        }
        made.sort(Comparator.comparing(Call::backend).reversed());
        List<Call> wanted = new ArrayList<>(expected);
        wanted.sort(Comparator.comparing(Call::backend).reversed());
        return made.equals(wanted) ? Optional.empty() : Optional.of("calls " + made + ", expected " + wanted); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /**
     * The generator's client span of each logged request: on each of its connections (its local port), its
     * requests in the order it sent them are its spans there in order. Times cannot pair them: the log's are
     * CLOCK_MONOTONIC as the generator read it, the trace's are LTTng's clock with its offset to the epoch.
     */
    private static Map<Topology.Logged, Span> generatorSpans(SpanGraph graph, Map<String, String> pids, List<Topology.Logged> log) {
        Map<Topology.Logged, Span> pairs = new HashMap<>();
        for (int port : log.stream().map(Topology.Logged::localPort).distinct().toList()) {
            List<Span> spans = graph.spans().stream().filter(s -> s.kind() == SpanKind.CLIENT && s.local().endsWith(":" + port) //$NON-NLS-1$
                    && !pids.containsValue(s.service().key())).sorted(Comparator.comparingLong(Span::start)).toList();
            List<Topology.Logged> logged = log.stream().filter(l -> l.localPort() == port).sorted(Comparator.comparingLong(Topology.Logged::startNs)).toList();
            for (int i = 0; i < Math.min(spans.size(), logged.size()); i++) {
                pairs.put(logged.get(i), spans.get(i));
            }
        }
        return pairs;
    }

    private static String traceId(Span span) {
        return span.context().map(TraceContext::traceId).orElse(null);
    }
}
