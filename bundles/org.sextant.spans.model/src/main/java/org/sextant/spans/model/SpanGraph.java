// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The spans of a recording, linked: each client span to the server span it called in another process, each span
 * to its parent, and each Redis command to the span that sent it.
 *
 * <ul>
 * <li><b>Client to server.</b> Either from links found outside the model ({@link SpanLink}: Trace Compass's event
 * matching, which the span analysis uses), each naming a request's two spans by the connection's ends, the
 * request's number and times; or by the model's own join: a client connection (local L, remote R) is the server connection
 * (local R, remote L) of another process whose life overlaps it; of several (ports are reused) the one accepted
 * closest to the connect. Their spans pair by request number: both sides number a connection's requests from
 * its start. Either way, a client span left without its server span on a connection where others found theirs
 * is counted ({@link Problems#unjoinedClients}).</li>
 * <li><b>Parents.</b> A server span's parent is its client span. A client span whose request carries a valid
 * {@code traceparent} belongs to the server span of its own process with that trace id which was in progress
 * when it started; without one, to the span inferred on the event loop ({@link HttpTracker}).</li>
 * <li><b>Redis.</b> A Redis command came through the connection of a traced process whose 4-tuple is the node's
 * seen from the other side: its local end is the command's client address, its remote end the node's end of the
 * connection the command was read on (from the node's {@code redis:new_connection}), and it was open when the
 * node read the command; of several (a client that opens a connection per command gets its port back), the one
 * opened last, as a close may be stamped late but the connect came before the command's write. Both ends count:
 * Linux gives one ephemeral port to connections towards different destinations, so two clients, of two nodes,
 * may share a local address. Where the node's end was not traced,
 * the client address alone decides. The commands of a connection, in the order the node read them, take
 * its writes in order. When there are as many writes as commands (a client that writes each command on its own,
 * as ioredis does), the n-th command is the n-th write: times cannot tell, as the tracer stamps a write when
 * its call returns, and the writer is often preempted by the node it woke, for a millisecond or more. Otherwise
 * a write may carry several commands: a command takes the next write not taken if it was stamped before the
 * node read the command (with {@value #WRITE_STAMP_DELAY} ns allowed for the stamp's delay), else it shares
 * the write of the command before it. The command belongs to the span its process worked for at that
 * write.</li>
 * </ul>
 *
 * <p>
 * The tracer stamps each event when its call returns, and a process preempted right after a call (often by the
 * process its write woke) is stamped late, by a millisecond or more under load: a client span may start after
 * its server span started, even after it ended. One order always holds when the processes share a clock: the
 * server read the request (and stamped it, on its thread, before writing the response) before the client's
 * read of the response returned. Joins where a server span starts after its client span ended are counted
 * ({@link Problems#clockMismatches}): a recording whose processes did not share a clock.
 * </p>
 */
public final class SpanGraph {

    /** How long after the node began reading a command the tracer may stamp the client's write of it, ns. */
    static final long WRITE_STAMP_DELAY = 1_000_000;

    private final List<Service> fServices;
    private final List<Span> fSpans;
    private final List<RedisCommand> fRedis;
    private final Map<RedisCommand, Span> fRedisSpan = new IdentityHashMap<>();
    private final Map<RedisCommand, Connection> fRedisConnection = new IdentityHashMap<>();
    private final Problems fProblems;
    private final Map<String, List<Span>> fServersByTrace;

    SpanGraph(List<Service> services, List<Span> spans, List<Connection> connections, Optional<List<SpanLink>> links, List<RedisCommand> redis,
            Function<RedisCommand, String> nodeEnd, Problems problems) {
        fServices = List.copyOf(services);
        fSpans = List.copyOf(spans);
        fRedis = redis.stream().sorted(Comparator.comparingLong(RedisCommand::start)).toList();
        fProblems = problems;
        Map<String, Long> names = services.stream().collect(Collectors.groupingBy(Service::processName, Collectors.counting()));
        services.forEach(s -> s.name(names.get(s.processName()) == 1));
        if (links.isPresent()) {
            join(connections, links.get());
        } else {
            join(connections);
        }
        fServersByTrace = fSpans.stream().filter(s -> s.kind() == SpanKind.SERVER && s.context().isPresent())
                .collect(Collectors.groupingBy(s -> s.context().get().traceId()));
        for (Span span : fSpans) {
            span.fParent = span.kind() == SpanKind.SERVER ? span.fPeer : traceParent(span).orElse(span.fInferredParent);
            if (span.fParent != null) {
                span.fParent.fChildren.add(span);
            }
            if (!span.complete()) {
                problems.fIncomplete++;
            }
        }
        attributeRedis(connections, nodeEnd);
    }

    /** @return the processes that took part, in the order their first events came */
    public List<Service> services() {
        return fServices;
    }

    /** @return every span, in the order their requests began */
    public List<Span> spans() {
        return fSpans;
    }

    /** @return the spans with no parent: the requests that entered the traced system, in start order */
    public List<Span> roots() {
        return fSpans.stream().filter(s -> s.parent() == null).toList();
    }

    /** @return the Redis commands the nodes served, in start order */
    public List<RedisCommand> redisCommands() {
        return fRedis;
    }

    /**
     * @param command
     *            one of {@link #redisCommands}
     * @return the span that sent it, if known
     */
    public Optional<Span> spanOf(RedisCommand command) {
        return Optional.ofNullable(fRedisSpan.get(command));
    }

    /**
     * @param command
     *            one of {@link #redisCommands}
     * @return the traced process whose connection sent it, if known
     */
    public Optional<Service> clientOf(RedisCommand command) {
        return Optional.ofNullable(fRedisConnection.get(command)).map(c -> c.fService);
    }

    /** @return what could not be used */
    public Problems problems() {
        return fProblems;
    }

    private void join(List<Connection> connections) {
        Map<String, List<Connection>> servers = connections.stream().filter(c -> Boolean.TRUE.equals(c.fAccepted) && !c.fLocal.isEmpty())
                .collect(Collectors.groupingBy(c -> c.fLocal + '|' + c.fRemote));
        for (Connection client : connections) {
            if (!Boolean.FALSE.equals(client.fAccepted) || client.fSpans.isEmpty() || client.fLocal.isEmpty()) {
                continue;
            }
            List<Connection> candidates = servers.getOrDefault(client.fRemote + '|' + client.fLocal, List.of()).stream()
                    .filter(s -> s.fService != client.fService && overlap(client, s)).toList();
            Optional<Connection> server = candidates.stream().min(Comparator.comparingLong(s -> Math.abs(s.fOpened - client.fOpened)));
            if (server.isEmpty()) {
                continue;
            }
            Map<Long, Span> served = new HashMap<>();
            server.get().fSpans.forEach(span -> served.put(span.seq(), span));
            for (Span span : client.fSpans) {
                Span peer = served.get(span.seq());
                if (peer != null && peer.kind() == SpanKind.SERVER) {
                    pair(span, peer);
                }
            }
            countUnjoined(client);
        }
    }

    /** Joins the spans each link names; a link naming a span not traced, or already joined, is ignored. */
    private void join(List<Connection> connections, List<SpanLink> links) {
        Map<String, List<Connection>> byEnds = connections.stream().filter(c -> c.fAccepted != null)
                .collect(Collectors.groupingBy(c -> ends(c.fAccepted, c.fLocal, c.fRemote)));
        List<Connection> clients = new ArrayList<>();
        for (SpanLink link : links) {
            Optional<Connection> client = open(byEnds.get(ends(false, link.client(), link.server())), link.clientTime());
            Optional<Span> span = client.flatMap(c -> request(c, link.seq(), SpanKind.CLIENT));
            Optional<Span> peer = open(byEnds.get(ends(true, link.server(), link.client())), link.serverTime())
                    .flatMap(c -> request(c, link.seq(), SpanKind.SERVER));
            if (span.isPresent() && peer.isPresent() && span.get().fPeer == null && peer.get().fPeer == null) {
                pair(span.get(), peer.get());
                clients.add(client.get());
            }
        }
        clients.stream().distinct().forEach(this::countUnjoined);
    }

    private static String ends(boolean accepted, String local, String remote) {
        return (accepted ? "accepted " : "connected ") + local + ' ' + remote;
    }

    /** @return of the connections with those ends, the one open at that time (the latest opened, if several) */
    private static Optional<Connection> open(List<Connection> candidates, long time) {
        for (int i = candidates == null ? -1 : candidates.size() - 1; i >= 0; i--) {
            if (candidates.get(i).spans(time)) {
                return Optional.of(candidates.get(i));
            }
        }
        return Optional.empty();
    }

    private static Optional<Span> request(Connection connection, long seq, SpanKind kind) {
        return connection.fSpans.stream().filter(s -> s.seq() == seq && s.kind() == kind).findFirst();
    }

    private void pair(Span client, Span server) {
        client.fPeer = server;
        server.fPeer = client;
        if (server.start() > endOrMax(client)) {
            fProblems.fClockMismatches++;
        }
    }

    /** Counts the spans of a client connection joined to a server that found no server span. */
    private void countUnjoined(Connection client) {
        fProblems.fUnjoinedClients += client.fSpans.stream().filter(s -> s.fPeer == null).count();
    }

    private static long endOrMax(Span span) {
        return span.complete() ? span.end() : Long.MAX_VALUE;
    }

    private static boolean overlap(Connection a, Connection b) {
        long aEnd = a.fClosed == Span.UNKNOWN ? Long.MAX_VALUE : a.fClosed;
        long bEnd = b.fClosed == Span.UNKNOWN ? Long.MAX_VALUE : b.fClosed;
        return a.fOpened <= bEnd && b.fOpened <= aEnd;
    }

    /** @return the server span of the client span's process that its traceparent names, when it has one */
    private Optional<Span> traceParent(Span client) {
        Optional<TraceContext> context = client.context();
        if (context.isEmpty()) {
            return Optional.empty();
        }
        String trace = context.get().traceId();
        Span best = null;
        for (Span candidate : fServersByTrace.getOrDefault(trace, List.of())) {
            if (candidate.service() == client.service() && candidate.start() <= client.start()
                    && (!candidate.complete() || candidate.end() >= client.start()) && (best == null || candidate.start() > best.start())) {
                best = candidate;
            }
        }
        return Optional.ofNullable(best);
    }

    private void attributeRedis(List<Connection> connections, Function<RedisCommand, String> nodeEnd) {
        Map<String, List<Connection>> byLocal = connections.stream().filter(c -> !c.fLocal.isEmpty())
                .collect(Collectors.groupingBy(c -> c.fLocal));
        Map<Connection, List<RedisCommand>> sent = new LinkedHashMap<>();
        for (RedisCommand command : fRedis) {
            String node = nodeEnd.apply(command);
            List<Connection> candidates = byLocal.getOrDefault(command.peer(), List.of());
            for (int i = candidates.size() - 1; i >= 0; i--) { // none: a client not traced, such as redis-cli
                Connection c = candidates.get(i);
                if (c.spans(command.start()) && (node.isEmpty() || node.equals(c.fRemote))) {
                    sent.computeIfAbsent(c, k -> new ArrayList<>()).add(command);
                    break;
                }
            }
        }
        sent.forEach((connection, commands) -> {
            List<Connection.Write> writes = connection.fWrites;
            boolean oneEach = writes.size() == commands.size();
            int next = 0;
            Connection.Write last = null;
            for (int i = 0; i < commands.size(); i++) {
                RedisCommand command = commands.get(i);
                fRedisConnection.put(command, connection);
                if (oneEach) {
                    last = writes.get(i);
                } else {
                    while (next + 1 < writes.size() && writes.get(next + 1).time() <= command.start()) {
                        next++; // earlier writes carried commands the node did not time
                    }
                    if (next < writes.size() && writes.get(next).time() <= command.start() + WRITE_STAMP_DELAY) {
                        last = writes.get(next++);
                    } // else it came in the same write as the command before it
                }
                Span span = last == null ? null : last.context();
                if (span == null) {
                    fProblems.fUnattributedRedis++;
                    continue;
                }
                fRedisSpan.put(command, span);
                span.fRedis.add(command);
            }
        });
    }
}
