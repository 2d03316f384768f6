// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

/**
 * A backend that opens a Redis connection per command, as the tracer shows it: each command on a fresh
 * connection, connected while the thread may already serve another request, written once the connect
 * completes (no read before it tells what the thread works for), quit after its reply; the next command's
 * connection made either when the {@code QUIT} reply is read (ioredis's {@code quit()}) or when the connection is
 * closed (Node's {@code close} event, which libuv runs after the loop's reads, the connection closed last
 * first); the system giving the same local port to later connections. The event sequences are those of
 * {@code tools/capture/http-topology.sh --per-command}, times shortened; each command must belong to the request
 * it was sent for.
 */
class RedisConnectionPerCommandTest {

    private static final String COUNTERS = "600";
    private static final String USERS = "300";
    private static final int LOOP = 600;
    private static final String SELF = "127.0.0.1:8083";
    private static final String NODE = "127.0.0.1:6379";

    private final HttpTracker fTracker = new HttpTracker();
    private final List<RedisCommand> fCommands = new ArrayList<>();

    /** A request for {@code /visits/n} read on its own keep-alive connection from the gateway. */
    private void request(long time, int fd, int n) {
        fTracker.connection(time - 1, COUNTERS, LOOP, fd, true, SELF, "127.0.0.1:5000" + n);
        fTracker.messageBegin(time, COUNTERS, LOOP, fd, false, 0);
        fTracker.requestHead(time, COUNTERS, LOOP, fd, false, 0, "POST", "/visits/" + n, "", "");
        fTracker.messageEnd(time, COUNTERS, LOOP, fd, false, 0);
    }

    private void response(long time, int fd) {
        fTracker.messageBegin(time, COUNTERS, LOOP, fd, true, 0);
        fTracker.responseHead(time, COUNTERS, LOOP, fd, true, 0, 200);
        fTracker.messageEnd(time, COUNTERS, LOOP, fd, true, 0);
    }

    private void connect(long time, int fd, int port) {
        fTracker.connection(time, COUNTERS, LOOP, fd, false, "127.0.0.1:" + port, NODE);
    }

    private void write(long time, int fd) {
        fTracker.otherIo(time, COUNTERS, LOOP, fd, true);
    }

    private void read(long time, int fd) {
        fTracker.otherIo(time, COUNTERS, LOOP, fd, false);
    }

    private void close(long time, int fd) {
        fTracker.close(time, COUNTERS, LOOP, fd);
    }

    /** The node read a command from that client port at that time. */
    private void served(long time, int port, String command) {
        fCommands.add(new RedisCommand(time, time + 1, "400", 9, "127.0.0.1:" + port, command));
    }

    /** @return per request target, its commands in the order the node read them, as "port command" */
    private Map<String, List<String>> commandsPerRequest() {
        SpanGraph graph = fTracker.finish(fCommands);
        Map<String, List<String>> sent = new TreeMap<>();
        for (Span span : graph.spans()) {
            sent.put(span.target(), span.redisCommands().stream().map(c -> c.peer().substring(10) + ' ' + c.command()).toList());
        }
        assertEquals(0, graph.problems().unattributedRedis(), "every command sent by a span");
        return sent;
    }

    /**
     * ioredis: {@code /visits/1} connects, then {@code /visits/2} is read and connects; the GET of
     * {@code /visits/1} is written once its connect completed, after that read. Each QUIT reply's continuation
     * connects for the next command at once.
     */
    @Test
    void theFirstWriteOfAConnectionIsForTheSpanThatOpenedIt() {
        request(10, 30, 1);
        connect(11, 40, 41000);
        request(12, 31, 2);
        connect(13, 41, 41002);
        write(14, 40); // GET for /visits/1: the thread last read /visits/2
        write(15, 41);
        served(16, 41000, "get");
        served(17, 41002, "get");
        read(20, 40);
        write(21, 40); // QUIT
        served(22, 41000, "quit");
        read(23, 41);
        write(24, 41);
        served(25, 41002, "quit");
        read(26, 41); // +OK: /visits/2 goes on to its INCR
        connect(27, 42, 41004);
        read(28, 40);
        connect(29, 43, 41006);
        close(30, 41);
        close(31, 40);
        write(32, 42);
        write(33, 43);
        served(34, 41004, "incr");
        served(35, 41006, "incr");
        assertEquals(Map.of("/visits/1", List.of("41000 get", "41000 quit", "41006 incr"), //
                "/visits/2", List.of("41002 get", "41002 quit", "41004 incr")), commandsPerRequest());
    }

    /**
     * Node's net sockets: each request goes on when its connection is closed. Three QUIT replies are read, then
     * their connections closed; a request read after the closes connects at once, in its handler; then the
     * closes' continuations run, the last closed first: {@code /visits/3} connects, {@code /visits/2} (its last
     * command done) responds, {@code /visits/1} connects. The ports come back in a new order.
     */
    @Test
    void continuationsOfClosesRunAfterTheReadsLastClosedFirst() {
        int[] fds = { 40, 41, 42 };
        for (int i = 0; i < 3; i++) {
            request(10 + 2 * i, 30 + i, i + 1);
            connect(11 + 2 * i, fds[i], 20001 + i);
        }
        for (int i = 0; i < 3; i++) {
            write(30 + i, fds[i]);
            served(30 + i, 20001 + i, i == 1 ? "lpush" : "get");
        }
        for (int i = 0; i < 3; i++) {
            read(40 + 2 * i, fds[i]);
            write(41 + 2 * i, fds[i]); // QUIT
            served(41 + 2 * i, 20001 + i, "quit");
        }
        read(50, 40); // +OK, +OK, +OK: nothing acts before the closes
        read(51, 41);
        read(52, 42);
        close(53, 40);
        close(54, 41);
        close(55, 42);
        request(60, 33, 4);
        connect(61, 40, 20002); // /visits/4's handler
        connect(62, 41, 20003); // /visits/3's continuation
        response(63, 31); // /visits/2's
        connect(64, 42, 20001); // /visits/1's
        write(70, 41);
        write(71, 42);
        write(72, 40);
        served(70, 20003, "incr");
        served(71, 20001, "incr");
        served(72, 20002, "get");
        assertEquals(Map.of("/visits/1", List.of("20001 get", "20001 quit", "20001 incr"), //
                "/visits/2", List.of("20002 lpush", "20002 quit"), //
                "/visits/3", List.of("20003 get", "20003 quit", "20003 incr"), //
                "/visits/4", List.of("20002 get")), commandsPerRequest());
    }

    /**
     * A port one process closed is reused by another, whose command the node reads before the first process's
     * close is stamped (it was preempted right after the call): the command came through the connection opened
     * last, as a connect is stamped before the command it carries is written.
     */
    @Test
    void aReusedPortIsTheConnectionOpenedLast() {
        fTracker.connection(1, USERS, 300, 40, true, "127.0.0.1:8081", "127.0.0.1:50001");
        fTracker.messageBegin(2, USERS, 300, 40, false, 0);
        fTracker.requestHead(2, USERS, 300, 40, false, 0, "GET", "/users/1", "", "");
        fTracker.connection(3, USERS, 300, 41, false, "127.0.0.1:41000", NODE);
        fTracker.otherIo(4, USERS, 300, 41, true);
        served(5, 41000, "get");
        request(10, 30, 1);
        connect(11, 40, 41000);
        write(12, 40);
        served(13, 41000, "incr");
        fTracker.close(14, USERS, 300, 41); // its close, stamped late
        assertEquals(Map.of("/users/1", List.of("41000 get"), "/visits/1", List.of("41000 incr")), commandsPerRequest());
    }
}
