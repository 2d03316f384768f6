// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The critical path of a request: the chain of work that its latency waited for, as consecutive steps from its
 * start to its end. Walking back from a server span's end, the call (client span or Redis command) that ended
 * last before the current point is on the path, and so, recursively, is what that call waited for; the time no
 * call covers is the service's own work. This is the usual backward walk of span-based critical paths; calls
 * that overlap the one chosen are off the path.
 */
public final class CriticalPath {

    /** What a step of the path is. */
    public enum Kind {
        /** the service's own work: its handlers, its event loop, its queues */
        WORK,
        /** between a client writing a request and the server reading it, or the server writing the response and the client reading it */
        NETWORK,
        /** a call to a service that was not traced */
        CALL,
        /** a command on a Redis node, from the read of its query to the write of its reply */
        REDIS
    }

    /**
     * One step.
     *
     * @param start
     *            nanoseconds
     * @param end
     *            nanoseconds
     * @param where
     *            the service's name, or the Redis node's ("redis pid 4242")
     * @param kind
     *            what it is
     * @param what
     *            the route of the span it belongs to, or the Redis command
     */
    public record Step(long start, long end, String where, Kind kind, String what) {
        /** @return its length, nanoseconds */
        public long duration() {
            return end - start;
        }
    }

    private CriticalPath() {
    }

    /**
     * @param span
     *            a complete span, client or server
     * @return its critical path, in time order; empty when the span is incomplete
     */
    public static List<Step> of(Span span) {
        List<Step> steps = new ArrayList<>();
        if (span.complete()) {
            walk(span, steps);
        }
        return Collections.unmodifiableList(steps);
    }

    private static void walk(Span span, List<Step> steps) {
        if (span.kind() == SpanKind.CLIENT) {
            Span server = span.peer();
            if (server == null || !server.complete()) {
                add(steps, new Step(span.start(), span.end(), span.service().name(), Kind.CALL, span.route()));
                return;
            }
            add(steps, new Step(span.start(), server.start(), span.service().name(), Kind.NETWORK, span.route()));
            walk(server, steps);
            add(steps, new Step(server.end(), span.end(), span.service().name(), Kind.NETWORK, span.route()));
            return;
        }
        List<Call> calls = new ArrayList<>();
        for (Span child : span.children()) {
            if (child.complete()) {
                calls.add(new Call(child.start(), child.end(), child, null));
            }
        }
        for (RedisCommand command : span.redisCommands()) {
            calls.add(new Call(command.start(), command.end(), null, command));
        }
        List<Call> chain = new ArrayList<>();
        long time = span.end();
        while (true) {
            Call last = null;
            for (Call call : calls) {
                if (call.end <= time && call.start >= span.start() && (last == null || call.end > last.end)) {
                    last = call;
                }
            }
            if (last == null) {
                break;
            }
            chain.add(last);
            time = last.start;
        }
        Collections.reverse(chain);
        long at = span.start();
        String where = span.service().name();
        for (Call call : chain) {
            add(steps, new Step(at, call.start, where, Kind.WORK, span.route()));
            if (call.span != null) {
                walk(call.span, steps);
            } else {
                add(steps, new Step(call.start, call.end, "redis pid " + call.redis.node(), Kind.REDIS, call.redis.command()));
            }
            at = call.end;
        }
        add(steps, new Step(at, span.end(), where, Kind.WORK, span.route()));
    }

    /** Adds a step that lasts; clock skew cannot occur (one clock), but a zero-length step says nothing. */
    private static void add(List<Step> steps, Step step) {
        if (step.end() > step.start()) {
            steps.add(step);
        }
    }

    private record Call(long start, long end, Span span, RedisCommand redis) {
    }
}
