// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * One HTTP exchange as one process saw it. A server span lasts from the first byte of the request read to the
 * last byte of the response written; a client span from the first byte of the request written to the last byte
 * of the response read. Its links ({@link #parent}, {@link #peer}, children, Redis commands) are set when the
 * {@link SpanGraph} is built.
 */
public final class Span {

    /** Times and numbers not traced. */
    public static final long UNKNOWN = -1;

    private final int fId;
    private final SpanKind fKind;
    private final Service fService;
    private final int fTid;
    private final int fFd;
    private final long fSeq;
    private final String fLocal;
    private final String fRemote;
    private final long fStart;
    private final String fMethod;
    private final String fTarget;
    private final String fHost;
    private final String fTraceparent;
    private final Optional<TraceContext> fContext;
    long fRequestEnd = UNKNOWN;
    long fResponseStart = UNKNOWN;
    long fEnd = UNKNOWN;
    int fStatus = (int) UNKNOWN;
    Span fParent;
    Span fInferredParent;
    Span fPeer;
    final List<Span> fChildren = new ArrayList<>();
    final List<RedisCommand> fRedis = new ArrayList<>();

    Span(int id, SpanKind kind, Service service, int tid, int fd, long seq, String local, String remote, long start, String method,
            String target, String host, String traceparent) {
        fId = id;
        fKind = kind;
        fService = service;
        fTid = tid;
        fFd = fd;
        fSeq = seq;
        fLocal = local;
        fRemote = remote;
        fStart = start;
        fMethod = method;
        fTarget = target;
        fHost = host;
        fTraceparent = traceparent;
        fContext = TraceContext.parse(traceparent);
    }

    /** @return a number unique among the spans of one tracker, in the order their requests began */
    public int id() {
        return fId;
    }

    /** @return server or client */
    public SpanKind kind() {
        return fKind;
    }

    /** @return the process that saw it */
    public Service service() {
        return fService;
    }

    /** @return the thread that read or wrote the request's first byte */
    public int tid() {
        return fTid;
    }

    /** @return the connection's descriptor in its process */
    public int fd() {
        return fFd;
    }

    /** @return the request's number on its connection, from 0 */
    public long seq() {
        return fSeq;
    }

    /** @return this side's "address:port", empty when the connection's start was not traced */
    public String local() {
        return fLocal;
    }

    /** @return the other side's "address:port", empty when the connection's start was not traced */
    public String remote() {
        return fRemote;
    }

    /** @return the first byte of the request, nanoseconds */
    public long start() {
        return fStart;
    }

    /** @return the last byte of the request, nanoseconds, {@link #UNKNOWN} until read or written whole */
    public long requestEnd() {
        return fRequestEnd;
    }

    /** @return the first byte of the response, nanoseconds, {@link #UNKNOWN} until then */
    public long responseStart() {
        return fResponseStart;
    }

    /** @return the last byte of the response, nanoseconds, {@link #UNKNOWN} when it never completed */
    public long end() {
        return fEnd;
    }

    /** @return whether its response completed */
    public boolean complete() {
        return fEnd != UNKNOWN;
    }

    /** @return end minus start, nanoseconds; {@link #UNKNOWN} when incomplete */
    public long duration() {
        return complete() ? fEnd - fStart : UNKNOWN;
    }

    /** @return the request's method */
    public String method() {
        return fMethod;
    }

    /** @return the request's target (path and query, cut by the tracer at 256 bytes) */
    public String target() {
        return fTarget;
    }

    /** @return the route: method and path with identifiers as {@code :id} ({@link Routes}) */
    public String route() {
        return Routes.of(fMethod, fTarget);
    }

    /** @return the request's Host header, empty when absent */
    public String host() {
        return fHost;
    }

    /** @return the request's traceparent header as sent, empty when absent */
    public String traceparent() {
        return fTraceparent;
    }

    /** @return the valid trace context of its traceparent header, if any */
    public Optional<TraceContext> context() {
        return fContext;
    }

    /** @return the response's status, {@link #UNKNOWN} when its head was not seen */
    public int status() {
        return fStatus;
    }

    /** @return whether it failed: a 5xx status, or no response */
    public boolean error() {
        return fStatus >= 500 || !complete();
    }

    /**
     * @return the span this one belongs to: for a server span the client span that called it (another process);
     *         for a client span the server span on whose behalf its process called out (from traceparent when
     *         the request carried one, else {@link #inferredParent}); null for a root
     */
    public Span parent() {
        return fParent;
    }

    /** @return the parent of a client span as inferred on its process's event loop, ignoring traceparent; null when none */
    public Span inferredParent() {
        return fInferredParent;
    }

    /** @return the other side of the exchange in another process (client for a server span, server for a client span); null when not traced */
    public Span peer() {
        return fPeer;
    }

    /** @return the spans whose parent this is, in start order */
    public List<Span> children() {
        return Collections.unmodifiableList(fChildren);
    }

    /** @return the Redis commands sent on its behalf by its own process, in start order */
    public List<RedisCommand> redisCommands() {
        return Collections.unmodifiableList(fRedis);
    }

    @Override
    public String toString() {
        return fKind + " " + fService.name() + ' ' + fMethod + ' ' + fTarget + " fd " + fFd + " #" + fSeq;
    }
}
