// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.core;

import java.util.HashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfLostEvent;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.spans.model.HttpTracker;

/**
 * One small handler per event of {@code docs/http-events.md}: each reads its fields and calls the tracker.
 * Events without a descriptor are skipped. The process name of a process comes from the events of its main
 * thread (a Node service's {@code process.title} renames only that thread). Where the tracer discarded events
 * of a process (a lost-events marker in its trace), the tracker is told so. Of a Redis node, only its ends of
 * its connections are read.
 */
final class HttpEventHandlers {

    /** An event's effect on the model. */
    @FunctionalInterface
    private interface Handler {
        void handle(HttpTracker tracker, HttpEvent event);
    }

    private static final String PROVIDER = "http:"; //$NON-NLS-1$
    private static final Map<String, Handler> HANDLERS = new HashMap<>();
    /**
     * The one Redis event the spans read: a node's end of a connection, for the 4-tuple that ties its commands
     * to a client's connection. Not an HTTP event: a recording of Redis nodes alone has no spans.
     */
    private static final String REDIS_CONNECTION = "redis:new_connection"; //$NON-NLS-1$

    static {
        on("connection", (t, e) -> t.connection(e.time(), e.process(), e.tid(), e.fd(), e.number("accepted") == 1, //$NON-NLS-1$ //$NON-NLS-2$
                e.endpoint("local_addr", "local_port"), e.endpoint("remote_addr", "remote_port"))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        on("close", (t, e) -> t.close(e.time(), e.process(), e.tid(), e.fd())); //$NON-NLS-1$
        on("message_begin", (t, e) -> t.messageBegin(e.time(), e.process(), e.tid(), e.fd(), e.outgoing(), e.seq())); //$NON-NLS-1$
        on("request_head", (t, e) -> t.requestHead(e.time(), e.process(), e.tid(), e.fd(), e.outgoing(), e.seq(), e.text("method"), //$NON-NLS-1$ //$NON-NLS-2$
                e.text("target"), e.text("host"), e.text("traceparent"))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        on("response_head", (t, e) -> t.responseHead(e.time(), e.process(), e.tid(), e.fd(), e.outgoing(), e.seq(), (int) e.number("status"))); //$NON-NLS-1$ //$NON-NLS-2$
        on("message_end", (t, e) -> t.messageEnd(e.time(), e.process(), e.tid(), e.fd(), e.outgoing(), e.seq())); //$NON-NLS-1$
        on("skipped", (t, e) -> t.skipped(e.process(), e.text("reason"), e.number("bytes"))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        on("other_io", (t, e) -> t.otherIo(e.time(), e.process(), e.tid(), e.fd(), e.outgoing())); //$NON-NLS-1$
    }

    private final HttpTracker fTracker;
    /** The process each trace of an experiment is (per-process buffers), once known. */
    private final Map<ITmfTrace, String> fProcessOfTrace = new HashMap<>();

    HttpEventHandlers(HttpTracker tracker) {
        fTracker = tracker;
    }

    private static void on(String name, Handler handler) {
        HANDLERS.put(PROVIDER + name, name.equals("skipped") ? handler : (t, e) -> { //$NON-NLS-1$
            if (e.fd() >= 0) {
                handler.handle(t, e);
            }
        });
    }

    /**
     * @param name
     *            an event name
     * @return whether it is an HTTP event the model reads
     */
    static boolean isHttpEvent(String name) {
        return HANDLERS.containsKey(name);
    }

    /**
     * Applies an event to the model; events of other names are ignored.
     *
     * @param event
     *            any event, in time order
     */
    void handle(ITmfEvent event) {
        if (event instanceof ITmfLostEvent) {
            String process = fProcessOfTrace.get(event.getTrace());
            if (process != null) {
                fTracker.lost(process);
            }
            return;
        }
        if (REDIS_CONNECTION.equals(event.getName())) {
            HttpEvent redis = HttpEvent.of(event);
            if (redis.fd() >= 0) {
                fTracker.redisConnection(redis.time(), redis.process(), redis.fd(), redis.endpoint("local_addr", "local_port")); //$NON-NLS-1$ //$NON-NLS-2$
            }
            return;
        }
        @Nullable Handler handler = HANDLERS.get(event.getName());
        if (handler != null) {
            HttpEvent http = HttpEvent.of(event);
            fProcessOfTrace.putIfAbsent(event.getTrace(), http.process());
            if (!http.processName().isEmpty() && http.process().equals(Integer.toString(http.tid()))) {
                fTracker.processName(http.process(), http.processName());
            }
            handler.handle(fTracker, http);
        }
    }
}
