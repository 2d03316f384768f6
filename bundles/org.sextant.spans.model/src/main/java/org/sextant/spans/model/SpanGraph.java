// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The spans of a recording, linked: each client span to the server span it called in another process, each span
 * to its parent, and each Redis command to the span that sent it.
 *
 * <ul>
 * <li><b>Client to server.</b> A client connection (local L, remote R) is the server connection (local R, remote
 * L) of another process whose life overlaps it; of several (ports are reused) the one accepted closest to the
 * connect. Their spans pair in order, a server span starting no earlier than its client span: all processes
 * read one clock ({@code CLOCK_MONOTONIC}), so times compare across traces as they are.</li>
 * <li><b>Parents.</b> A server span's parent is its client span. A client span whose request carries a valid
 * {@code traceparent} belongs to the server span of its own process with that trace id which was in progress
 * when it started; without one, to the span inferred on the event loop ({@link HttpTracker}).</li>
 * <li><b>Redis.</b> A Redis command's client address is the local address of a connection of a traced process
 * (the 4-tuple seen from the other side); the command belongs to the span that process worked for at its last
 * write on that connection before the node read the command.</li>
 * </ul>
 */
public final class SpanGraph {

    private final List<Service> fServices;
    private final List<Span> fSpans;
    private final List<RedisCommand> fRedis;
    private final Map<RedisCommand, Span> fRedisSpan = new IdentityHashMap<>();
    private final Map<RedisCommand, Connection> fRedisConnection = new IdentityHashMap<>();
    private final Problems fProblems;
    private final Map<String, List<Span>> fServersByTrace;

    SpanGraph(List<Service> services, List<Span> spans, List<Connection> connections, List<RedisCommand> redis, Problems problems) {
        fServices = List.copyOf(services);
        fSpans = List.copyOf(spans);
        fRedis = redis.stream().sorted(Comparator.comparingLong(RedisCommand::start)).toList();
        fProblems = problems;
        Map<String, Long> names = services.stream().collect(Collectors.groupingBy(Service::processName, Collectors.counting()));
        services.forEach(s -> s.name(names.get(s.processName()) == 1));
        join(connections);
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
        attributeRedis(connections);
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
            List<Span> served = new ArrayList<>(server.get().fSpans);
            int next = 0;
            for (Span span : client.fSpans) {
                while (next < served.size() && served.get(next).start() < span.start()) {
                    next++; // its request was written before the trace began, or not by this client
                }
                if (next == served.size()) {
                    fProblems.fUnjoinedClients++;
                    continue;
                }
                Span peer = served.get(next++);
                span.fPeer = peer;
                peer.fPeer = span;
            }
        }
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

    private void attributeRedis(List<Connection> connections) {
        Map<String, List<Connection>> byLocal = connections.stream().filter(c -> !c.fLocal.isEmpty())
                .collect(Collectors.groupingBy(c -> c.fLocal));
        for (RedisCommand command : fRedis) {
            Connection connection = byLocal.getOrDefault(command.peer(), List.of()).stream().filter(c -> c.spans(command.start())).findFirst()
                    .orElse(null);
            if (connection == null) {
                continue; // a client that was not traced, such as redis-cli
            }
            fRedisConnection.put(command, connection);
            Connection.Write last = null;
            for (Connection.Write write : connection.fWrites) {
                if (write.time() > command.start()) {
                    break;
                }
                last = write;
            }
            if (last == null || last.context() == null) {
                fProblems.fUnattributedRedis++;
                continue;
            }
            fRedisSpan.put(command, last.context());
            last.context().fRedis.add(command);
        }
    }
}
