// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Spans, joins, parents and Redis commands for short event sequences, each the shape of what the tracer emits
 * for a load generator calling a gateway that calls a backend that calls Redis.
 */
class HttpTrackerTest {

    private static final String LOADGEN = "100";
    private static final String GATEWAY = "200";
    private static final String USERS = "300";
    private static final String ORDERS = "500";
    private static final String TP1 = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    private static final String TP2 = "00-1af7651916cd43dd8448eb211c80319c-c7ad6b7169203331-01";
    private static final String GW = "127.0.0.1:8080";
    private static final String US = "127.0.0.1:8081";
    private static final String OR = "127.0.0.1:8082";

    private static final List<RedisCommand> REDIS = List.of(new RedisCommand(26, 28, "400", 9, "127.0.0.1:50100", "get"));

    private final HttpTracker fTracker = new HttpTracker();

    /** The load generator's request {@code n} on its own connection, read by the gateway. */
    private void incoming(long time, int n, String target, String traceparent) {
        String client = "127.0.0.1:4000" + n;
        fTracker.connection(time, LOADGEN, 100, 5 + n, false, client, GW);
        fTracker.connection(time + 1, GATEWAY, 200, 20 + n, true, GW, client);
        request(time + 2, LOADGEN, 100, 5 + n, true, target, traceparent);
        request(time + 3, GATEWAY, 200, 20 + n, false, target, traceparent);
    }

    private void request(long time, String process, int tid, int fd, boolean outgoing, String target, String traceparent) {
        fTracker.messageBegin(time, process, tid, fd, outgoing, 0);
        fTracker.requestHead(time, process, tid, fd, outgoing, 0, "GET", target, "", traceparent);
        fTracker.messageEnd(time, process, tid, fd, outgoing, 0);
    }

    private void response(long time, String process, int tid, int fd, boolean outgoing, int status) {
        fTracker.messageBegin(time, process, tid, fd, outgoing, 0);
        fTracker.responseHead(time, process, tid, fd, outgoing, 0, status);
        fTracker.messageEnd(time + 1, process, tid, fd, outgoing, 0);
    }

    /**
     * Two requests reach the gateway; for the first it connects to the users service, and it writes the request
     * only once connected, after it read the second: the first request still owns that call.
     */
    private SpanGraph twoRequests(String traceparent1, String traceparent2) {
        traceTwoRequests(traceparent1, traceparent2);
        return fTracker.finish(REDIS);
    }

    private void traceTwoRequests(String traceparent1, String traceparent2) {
        fTracker.processName(LOADGEN, "loadgen");
        fTracker.processName(GATEWAY, "gateway");
        fTracker.processName(USERS, "users");
        incoming(10, 1, "/users/42", traceparent1);
        fTracker.connection(15, GATEWAY, 200, 30, false, "127.0.0.1:50001", US);
        incoming(16, 2, "/orders/7?full=1", traceparent2);
        fTracker.connection(21, USERS, 300, 40, true, US, "127.0.0.1:50001");
        request(22, GATEWAY, 200, 30, true, "/users/42", traceparent1);
        request(23, USERS, 300, 40, false, "/users/42", traceparent1);
        fTracker.connection(24, USERS, 300, 41, false, "127.0.0.1:50100", "127.0.0.1:6379");
        fTracker.otherIo(25, USERS, 300, 41, true);
        fTracker.otherIo(30, USERS, 300, 41, false);
        response(31, USERS, 300, 40, true, 200);
        response(33, GATEWAY, 200, 30, false, 200);
        response(35, GATEWAY, 200, 21, true, 200);
        response(37, LOADGEN, 100, 6, false, 200);
        response(40, GATEWAY, 200, 22, true, 503);
        response(42, LOADGEN, 100, 7, false, 503);
    }

    @Test
    void linksFoundOutsideTheModelJoinTheSpansTheyName() {
        traceTwoRequests(TP1, TP2);
        SpanGraph graph = fTracker.finish(REDIS, List.of(new SpanLink("127.0.0.1:50001", US, 0, 33, 23), new SpanLink("127.0.0.1:40001", GW, 0, 12, 13),
                new SpanLink("127.0.0.1:40002", GW, 1, 18, 19), new SpanLink("127.0.0.1:40002", GW, 0, 18, 5)));
        List<Span> spans = graph.spans();
        assertSame(spans.get(1), spans.get(0).peer(), "the first load request, linked");
        assertSame(spans.get(5), spans.get(4).peer(), "the gateway's call, linked");
        assertNull(spans.get(2).peer(), "the second load request: its links name request 1, never sent, and a time before the gateway accepted");
        assertNull(spans.get(3).peer());
        assertEquals(0, graph.problems().unjoinedClients());
        assertSame(spans.get(4), spans.get(5).parent(), "a server span's parent is the span linked to it");
        assertEquals(List.of(spans.get(4)), spans.get(1).children());
    }

    @Test
    void spansJoinAcrossProcessesAndNestFromTraceparent() {
        SpanGraph graph = twoRequests(TP1, TP2);
        List<Span> spans = graph.spans();
        assertEquals(6, spans.size());
        Span load1 = spans.get(0);
        Span gateway1 = spans.get(1);
        Span gateway2 = spans.get(3);
        Span call = spans.get(4);
        Span users = spans.get(5);
        assertEquals(SpanKind.CLIENT, load1.kind());
        assertSame(gateway1, load1.peer());
        assertSame(load1, gateway1.parent());
        assertSame(gateway1, call.parent());
        assertSame(gateway1, call.inferredParent());
        assertSame(users, call.peer());
        assertSame(call, users.parent());
        assertEquals(List.of(new RedisCommand(26, 28, "400", 9, "127.0.0.1:50100", "get")), users.redisCommands());
        assertEquals(List.of(load1, spans.get(2)), graph.roots());
        assertEquals(10 + 3, gateway1.start());
        assertEquals(36, gateway1.end());
        assertEquals("GET /orders/:id", gateway2.route());
        assertEquals(503, gateway2.status());
        assertTrue(gateway2.error());
        assertEquals("gateway", gateway1.service().name());
        assertEquals(false, graph.problems().any());
    }

    @Test
    void withoutTraceparentTheEventLoopGivesTheSameTree() {
        SpanGraph graph = twoRequests("", "");
        Span call = graph.spans().get(4);
        assertSame(graph.spans().get(1), call.parent());
        assertEquals(1, graph.spans().get(5).redisCommands().size());
    }

    @Test
    void criticalPathFollowsTheCallsDownToRedis() {
        Span gateway1 = twoRequests(TP1, TP2).spans().get(1);
        assertEquals(List.of(new CriticalPath.Step(13, 22, "gateway", CriticalPath.Kind.WORK, "GET /users/:id"),
                new CriticalPath.Step(22, 23, "gateway", CriticalPath.Kind.NETWORK, "GET /users/:id"),
                new CriticalPath.Step(23, 26, "users", CriticalPath.Kind.WORK, "GET /users/:id"),
                new CriticalPath.Step(26, 28, "redis pid 400", CriticalPath.Kind.REDIS, "get"),
                new CriticalPath.Step(28, 32, "users", CriticalPath.Kind.WORK, "GET /users/:id"),
                new CriticalPath.Step(32, 34, "gateway", CriticalPath.Kind.NETWORK, "GET /users/:id"),
                new CriticalPath.Step(34, 36, "gateway", CriticalPath.Kind.WORK, "GET /users/:id")), CriticalPath.of(gateway1));
    }

    @Test
    void routeStatisticsCountCallsAndErrors() {
        List<RouteStatistics> stats = RouteStatistics.of(twoRequests(TP1, TP2));
        assertEquals(List.of("gateway GET /orders/:id", "gateway GET /users/:id", "users GET /users/:id"),
                stats.stream().map(s -> s.service() + ' ' + s.route()).toList());
        assertEquals(1, stats.get(0).errors());
        assertEquals(Map.of("users GET /users/:id", 1L), stats.get(1).outgoing());
        assertEquals(Map.of("redis get", 1L), stats.get(2).outgoing());
        assertEquals(23, stats.get(1).latency().orElseThrow().max());
    }

    @Test
    void whatCannotBeUsedIsCounted() {
        fTracker.skipped(GATEWAY, "http2", 24);
        fTracker.skipped(GATEWAY, "tls", 517);
        fTracker.responseHead(5, GATEWAY, 200, 9, true, 0, 200); // its request was not traced
        fTracker.connection(6, GATEWAY, 200, 10, true, GW, "127.0.0.1:40009");
        request(7, GATEWAY, 200, 10, false, "/users/1", "");
        fTracker.close(8, GATEWAY, 10); // closed before the response
        Problems problems = fTracker.finish(List.of()).problems();
        assertEquals(Map.of("http2", 1L, "tls", 1L), problems.skipped());
        assertEquals(517, problems.skippedBytes().get("tls"));
        assertEquals(1, problems.responsesWithoutRequest());
        assertEquals(1, problems.incomplete());
    }

    @Test
    void aConnectionSeenMidLifeTakesItsSideFromItsRequest() {
        request(7, GATEWAY, 200, 10, false, "/users/1", "");
        response(8, GATEWAY, 200, 10, true, 204);
        Span span = fTracker.finish(List.of()).spans().get(0);
        assertEquals(SpanKind.SERVER, span.kind());
        assertEquals(204, span.status());
        assertEquals("", span.remote());
        assertNull(span.parent());
    }

    @Test
    void redisCommandsTakeTheWritesThatCarriedThem() {
        fTracker.connection(1, USERS, 300, 40, true, US, "127.0.0.1:50001");
        request(2, USERS, 300, 40, false, "/users/1", "");
        fTracker.connection(3, USERS, 300, 41, false, "127.0.0.1:50100", "127.0.0.1:6379");
        fTracker.otherIo(100_010, USERS, 300, 41, true); // stamped as it returned, after the node began reading
        fTracker.otherIo(150_000, USERS, 300, 41, true); // a command the node did not time
        fTracker.connection(150_020, USERS, 300, 42, true, US, "127.0.0.1:50002");
        request(150_021, USERS, 300, 42, false, "/users/2", "");
        fTracker.otherIo(200_000, USERS, 300, 41, true); // one write, two commands
        fTracker.otherIo(5_000_000, USERS, 300, 41, true); // another the node did not time
        RedisCommand first = new RedisCommand(100_000, 100_015, "400", 9, "127.0.0.1:50100", "get");
        RedisCommand second = new RedisCommand(200_005, 200_010, "400", 9, "127.0.0.1:50100", "incr");
        RedisCommand third = new RedisCommand(200_006, 200_010, "400", 9, "127.0.0.1:50100", "expire");
        RedisCommand stranger = new RedisCommand(200_007, 200_011, "400", 9, "127.0.0.1:59999", "ping");
        SpanGraph graph = fTracker.finish(List.of(third, first, second, stranger));
        assertEquals(List.of(first), graph.spans().get(0).redisCommands());
        assertEquals(List.of(second, third), graph.spans().get(1).redisCommands());
        assertTrue(graph.clientOf(stranger).isEmpty());
        assertEquals(0, graph.problems().unattributedRedis());
    }

    @Test
    void oneReadBringsTheRepliesOfTwoRequestsWhoseContinuationsRunInOrder() {
        fTracker.connection(1, USERS, 300, 40, true, US, "127.0.0.1:50001");
        fTracker.connection(2, USERS, 300, 42, true, US, "127.0.0.1:50002");
        fTracker.connection(3, USERS, 300, 41, false, "127.0.0.1:50100", "127.0.0.1:6379");
        request(10, USERS, 300, 40, false, "/users/1", "");
        fTracker.otherIo(11, USERS, 300, 41, true); // GET for /users/1
        request(12, USERS, 300, 42, false, "/users/2", "");
        fTracker.otherIo(13, USERS, 300, 41, true); // GET for /users/2
        fTracker.otherIo(20, USERS, 300, 41, false); // both replies
        fTracker.otherIo(21, USERS, 300, 41, true); // SET for /users/1
        fTracker.otherIo(22, USERS, 300, 41, true); // SET for /users/2
        // the node timed its commands after the client's stamps, as it happens when the writer is preempted
        List<RedisCommand> commands = List.of(new RedisCommand(5, 6, "400", 9, "127.0.0.1:50100", "get"),
                new RedisCommand(7, 8, "400", 9, "127.0.0.1:50100", "get"), new RedisCommand(14, 15, "400", 9, "127.0.0.1:50100", "set"),
                new RedisCommand(16, 17, "400", 9, "127.0.0.1:50100", "set"));
        SpanGraph graph = fTracker.finish(commands);
        assertEquals(List.of(commands.get(0), commands.get(2)), graph.spans().get(0).redisCommands());
        assertEquals(List.of(commands.get(1), commands.get(3)), graph.spans().get(1).redisCommands());
    }

    /**
     * Two services, each with a connection to its own Redis node, on the same local address: Linux gives one
     * ephemeral port to connections towards different destinations. Each command goes to the connection whose
     * remote end is the node's end of the connection it was read on, not to the first one with that address.
     */
    @Test
    void redisCommandsGoToTheConnectionWithBothEndsOfTheirNodes() {
        String client = "127.0.0.1:50100"; //$NON-NLS-1$
        fTracker.connection(1, USERS, 300, 40, true, US, "127.0.0.1:50001");
        request(2, USERS, 300, 40, false, "/users/1", "");
        fTracker.connection(3, USERS, 300, 41, false, client, "127.0.0.1:7001");
        fTracker.redisConnection(3, "401", 9, "127.0.0.1:7001");
        fTracker.otherIo(4, USERS, 300, 41, true);
        fTracker.connection(5, ORDERS, 500, 50, true, OR, "127.0.0.1:50002");
        request(6, ORDERS, 500, 50, false, "/orders/1", "");
        fTracker.connection(7, ORDERS, 500, 51, false, client, "127.0.0.1:7002");
        fTracker.redisConnection(7, "402", 9, "127.0.0.1:7002");
        fTracker.otherIo(8, ORDERS, 500, 51, true);
        RedisCommand get = new RedisCommand(5, 6, "401", 9, client, "get");
        RedisCommand hgetall = new RedisCommand(9, 10, "402", 9, client, "hgetall");
        SpanGraph graph = fTracker.finish(List.of(get, hgetall));
        assertEquals(List.of(get), graph.spans().get(0).redisCommands());
        assertEquals(List.of(hgetall), graph.spans().get(1).redisCommands());
        assertEquals(ORDERS, graph.clientOf(hgetall).orElseThrow().key());
        assertEquals(0, graph.problems().unattributedRedis());
    }
}
