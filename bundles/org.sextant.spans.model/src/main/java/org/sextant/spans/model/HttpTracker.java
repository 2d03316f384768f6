// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Builds HTTP spans from the decoded {@code http:*} events of {@code docs/http-events.md}, fed in time order
 * across all the processes of a recording, one method per event; {@link #finish} links them into a
 * {@link SpanGraph}, joining client spans to server spans by the connections' 4-tuples or by links found
 * outside the model ({@link SpanLink}).
 *
 * <p>
 * A server span is a request read on an accepted connection and its response written; a client span a request
 * written on a connected one and its response read. Responses pair with requests by their number on the
 * connection ({@code seq}; HTTP/1.1 answers in order). A connection whose start was not traced gets its side from
 * its first request's direction.
 * </p>
 *
 * <p>
 * Parenthood is also inferred without {@code traceparent}, on each thread's event loop ({@link EventLoop}): a
 * request read runs its handler, which works for that server span; a client response or a Redis reply read runs
 * the continuation of the call, which works for the span the call was made for. A request or a Redis command
 * written then belongs to that span. The first request or command on a connection the process opened for a
 * span belongs to that span: Node writes it once the connection is made, when the thread may have moved on. A
 * client that waits for the end of its Redis connection (a connection per command) goes on from the close.
 * </p>
 */
public final class HttpTracker {

    private final Map<String, Process> fProcesses = new LinkedHashMap<>();
    private final List<Span> fSpans = new ArrayList<>();
    private final List<Connection> fConnections = new ArrayList<>();
    private final Problems fProblems = new Problems();
    /** The Redis nodes' ends of their connections, by node and descriptor, by the time each was made. */
    private final Map<String, TreeMap<Long, String>> fNodeEnds = new HashMap<>();

    /** A traced process: its service, open connections and what each thread works for. */
    private static final class Process {
        final Service fService;
        final Map<Integer, Connection> fOpen = new HashMap<>();
        final Map<Integer, EventLoop> fLoops = new HashMap<>();

        EventLoop loop(int tid) {
            return fLoops.computeIfAbsent(tid, t -> new EventLoop());
        }

        Process(String key) {
            fService = new Service(key);
        }
    }

    /**
     * The name of a process, from its events' {@code procname} context.
     *
     * @param process
     *            its key (the process id)
     * @param name
     *            its process name
     */
    public void processName(String process, String name) {
        process(process).fService.processName(name);
    }

    /**
     * {@code http:connection}: a TCP connection accepted or connected; one still open with the descriptor ends
     * first (its close was not traced).
     *
     * @param time
     *            nanoseconds
     * @param process
     *            the process's key
     * @param tid
     *            the thread
     * @param fd
     *            its descriptor
     * @param accepted
     *            true accepted, false connected
     * @param local
     *            this side's "address:port"
     * @param remote
     *            the other side's "address:port"
     */
    public void connection(long time, String process, int tid, int fd, boolean accepted, String local, String remote) {
        Process p = process(process);
        close(time, p, fd);
        if (accepted && local.lastIndexOf(':') > 0) {
            p.fService.served(local);
        }
        open(p, new Connection(p.fService, fd, accepted, local, remote, time, accepted ? p.loop(tid).current() : p.loop(tid).connect()));
    }

    /**
     * {@code http:close}, its thread not known: what waited for the connection's end is not inferred.
     *
     * @param time
     *            nanoseconds
     * @param process
     *            the process's key
     * @param fd
     *            the descriptor
     */
    public void close(long time, String process, int fd) {
        close(time, process(process), fd);
    }

    /**
     * {@code http:close}, on the thread that closed. Closing a non-HTTP connection the process opened (a Redis
     * client's, at the node's end of file after {@code QUIT}) lets what waited for its end run, for the span of
     * its last command: a client that opens a connection per command may go on to the next command from there.
     *
     * @param time
     *            nanoseconds
     * @param process
     *            the process's key
     * @param tid
     *            the thread
     * @param fd
     *            the descriptor
     */
    public void close(long time, String process, int tid, int fd) {
        Process p = process(process);
        Connection c = p.fOpen.get(fd);
        if (c != null && Boolean.FALSE.equals(c.fAccepted) && c.fSpans.isEmpty()) {
            p.loop(tid).closed(c);
        }
        close(time, p, fd);
    }

    /**
     * {@code http:message_begin}: the call that carries a message's first byte.
     *
     * @param time
     *            nanoseconds
     * @param process
     *            the process's key
     * @param tid
     *            the thread
     * @param fd
     *            the descriptor
     * @param outgoing
     *            true written by the process, false read
     * @param seq
     *            the message's number on the connection in that direction
     */
    public void messageBegin(long time, String process, int tid, int fd, boolean outgoing, long seq) {
        connection(process(process), fd, null).fBegins.put(Connection.key(outgoing, seq), time);
    }

    /**
     * {@code http:request_head}: the call that completes a request's header block.
     *
     * @param time
     *            nanoseconds
     * @param process
     *            the process's key
     * @param tid
     *            the thread
     * @param fd
     *            the descriptor
     * @param outgoing
     *            true for a request the process wrote (a client span), false for one it read (a server span)
     * @param seq
     *            the request's number on the connection
     * @param method
     *            its method
     * @param target
     *            its target
     * @param host
     *            its Host header, empty when absent
     * @param traceparent
     *            its traceparent header, empty when absent
     */
    public void requestHead(long time, String process, int tid, int fd, boolean outgoing, long seq, String method, String target, String host,
            String traceparent) {
        Process p = process(process);
        Connection c = connection(p, fd, !outgoing);
        Long begin = c.fBegins.remove(Connection.key(outgoing, seq));
        Span span = new Span(fSpans.size(), outgoing ? SpanKind.CLIENT : SpanKind.SERVER, p.fService, tid, fd, seq, c.fLocal, c.fRemote,
                begin == null ? time : begin, method, target, host, traceparent);
        if (outgoing) {
            span.fInferredParent = firstOfOwn(c) ? c.fContextAtOpen : p.loop(tid).act();
        } else {
            p.loop(tid).read(span);
        }
        fSpans.add(span);
        c.fSpans.add(span);
        c.fOpen.put(seq, span);
    }

    /**
     * {@code http:response_head}: the call that completes a response's header block (not a 1xx one).
     *
     * @param time
     *            nanoseconds
     * @param process
     *            the process's key
     * @param tid
     *            the thread
     * @param fd
     *            the descriptor
     * @param outgoing
     *            true for a response the process wrote, false for one it read
     * @param seq
     *            the response's number on the connection: that of its request
     * @param status
     *            its status
     */
    public void responseHead(long time, String process, int tid, int fd, boolean outgoing, long seq, int status) {
        Process p = process(process);
        Connection c = connection(p, fd, outgoing);
        Long begin = c.fBegins.remove(Connection.key(outgoing, seq));
        Span span = c.fOpen.get(seq);
        if (span == null) {
            fProblems.fResponsesWithoutRequest++;
            return;
        }
        span.fStatus = status;
        span.fResponseStart = begin == null ? time : begin;
        if (!outgoing) {
            p.loop(tid).read(span.fInferredParent);
        } else {
            p.loop(tid).responded(span);
        }
    }

    /**
     * {@code http:message_end}: the call that carries a message's last byte.
     *
     * @param time
     *            nanoseconds
     * @param process
     *            the process's key
     * @param tid
     *            the thread
     * @param fd
     *            the descriptor
     * @param outgoing
     *            true written by the process, false read
     * @param seq
     *            the message's number on the connection in that direction
     */
    public void messageEnd(long time, String process, int tid, int fd, boolean outgoing, long seq) {
        Process p = process(process);
        Connection c = p.fOpen.get(fd);
        Span span = c == null ? null : c.fOpen.get(seq);
        if (span == null) {
            return; // the end of a message whose head was not traced, or was skipped: counted where it was
        }
        boolean request = (span.kind() == SpanKind.CLIENT) == outgoing;
        if (request) {
            span.fRequestEnd = time;
            if (span.kind() == SpanKind.SERVER) {
                p.loop(tid).read(span); // a handler that waits for the body runs now
            }
        } else if (span.fResponseStart != Span.UNKNOWN) {
            span.fEnd = time;
            c.fOpen.remove(seq);
            if (span.kind() == SpanKind.CLIENT) {
                p.loop(tid).read(span.fInferredParent);
            }
        }
    }

    /**
     * {@code http:skipped}: the tracer gave up on a connection or message.
     *
     * @param process
     *            the process's key
     * @param reason
     *            why ({@code http2}, {@code tls}, {@code not_http}, ...)
     * @param bytes
     *            the bytes it left alone
     */
    public void skipped(String process, String reason, long bytes) {
        process(process);
        fProblems.fSkipped.merge(reason, 1L, Long::sum);
        fProblems.fSkippedBytes.merge(reason, Math.max(bytes, 0), Long::sum);
    }

    /**
     * {@code http:other_io}: a read or write on a TCP connection that is not HTTP, such as a Redis client's.
     *
     * @param time
     *            nanoseconds
     * @param process
     *            the process's key
     * @param tid
     *            the thread
     * @param fd
     *            the descriptor
     * @param outgoing
     *            true written, false read
     */
    public void otherIo(long time, String process, int tid, int fd, boolean outgoing) {
        Process p = process(process);
        Connection c = connection(p, fd, null);
        if (outgoing) {
            Connection.Write write = new Connection.Write(time, firstOfOwn(c) ? c.fContextAtOpen : p.loop(tid).act());
            c.fWrites.add(write);
            c.fUnanswered.add(write);
        } else {
            p.loop(tid).replies(c);
        }
    }

    /**
     * {@code redis:new_connection}: a Redis node's end of a connection, which is the remote end of the client's
     * connection. The commands the node reads on that descriptor from then on came through it. A Redis node is
     * no service of the model: this is all it keeps of one.
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the node's key (its process id, as in {@link RedisCommand#node})
     * @param fd
     *            the connection's descriptor on the node
     * @param local
     *            the node's "address:port" on that connection
     */
    public void redisConnection(long time, String node, int fd, String local) {
        fNodeEnds.computeIfAbsent(node + '|' + fd, k -> new TreeMap<>()).put(time, local);
    }

    /**
     * The tracer discarded events of a process: the spans in progress there will not complete, and what its
     * threads work for is unknown until they read again.
     *
     * @param process
     *            the process's key
     */
    public void lost(String process) {
        Process p = process(process);
        fProblems.fLostEvents++;
        p.fLoops.values().forEach(EventLoop::forget);
        p.fOpen.values().forEach(c -> c.fUnanswered.clear());
    }

    /**
     * Links what was traced.
     *
     * @param redis
     *            the requests the Redis nodes of the recording served, in any order
     * @return the spans with their links
     */
    public SpanGraph finish(List<RedisCommand> redis) {
        return new SpanGraph(services(), fSpans, fConnections, Optional.empty(), redis, this::nodeEnd, fProblems);
    }

    /**
     * Links what was traced, with client spans joined to server spans by the links given rather than by the
     * model's own 4-tuple joins.
     *
     * @param redis
     *            the requests the Redis nodes of the recording served, in any order
     * @param links
     *            the requests found to go from a client span to a server span; a link naming a span that was not
     *            traced is ignored
     * @return the spans with their links
     */
    public SpanGraph finish(List<RedisCommand> redis, List<SpanLink> links) {
        return new SpanGraph(services(), fSpans, fConnections, Optional.of(links), redis, this::nodeEnd, fProblems);
    }

    /** @return the node's end of the connection the command was read on; empty when its start was not traced */
    private String nodeEnd(RedisCommand command) {
        TreeMap<Long, String> ends = fNodeEnds.get(command.node() + '|' + command.fd());
        Map.Entry<Long, String> end = ends == null ? null : ends.floorEntry(command.start());
        return end == null ? "" : end.getValue();
    }

    private List<Service> services() {
        return fProcesses.values().stream().map(p -> p.fService).toList();
    }

    private Process process(String key) {
        return fProcesses.computeIfAbsent(key, Process::new);
    }

    private Connection open(Process p, Connection c) {
        p.fOpen.put(c.fFd, c);
        fConnections.add(c);
        return c;
    }

    /**
     * @return the open connection, made now if its start was not traced, on the side a message tells (null when
     *         it does not)
     */
    private Connection connection(Process p, int fd, Boolean accepted) {
        Connection c = p.fOpen.get(fd);
        if (c == null) {
            c = open(p, new Connection(p.fService, fd, accepted, "", "", Span.UNKNOWN, null));
        } else if (c.fAccepted == null) {
            c.fAccepted = accepted;
        }
        return c;
    }

    /**
     * @return whether the next write on the connection is the first on one this process was seen to open for a
     *         span: it belongs to that span, and is no action of the callback running then (Node writes once the
     *         connect completes, with no read before it to tell what the thread works for). A connection opened
     *         for no span (a client's pool, at start-up) is written by whichever callback runs.
     */
    private static boolean firstOfOwn(Connection c) {
        return c.fContextAtOpen != null && Boolean.FALSE.equals(c.fAccepted) && c.fSpans.isEmpty() && c.fWrites.isEmpty();
    }

    private static void close(long time, Process p, int fd) {
        Connection c = p.fOpen.remove(fd);
        if (c != null) {
            c.fClosed = time;
        }
    }
}
