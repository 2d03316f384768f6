// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.core;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Map.Entry;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.WeakHashMap;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.matching.IEventMatchingKey;
import org.eclipse.tracecompass.tmf.core.event.matching.ITmfMatchEventDefinition;
import org.eclipse.tracecompass.tmf.core.event.matching.TmfEventMatching.Direction;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;

/**
 * Trace Compass's event matching for the {@code http} events of {@code docs/http-events.md}: which events of a
 * process cause which events of another, keyed by the connection's 4-tuple and the request's number on it
 * ({@link HttpMessageKey}), for the span analysis's cross-process links and for trace synchronisation.
 *
 * <p>
 * The tracer stamps an event when its call returns, so a write may be stamped after the peer's read of its
 * bytes (the writer preempted by the process it woke). A pair whose cause is a write would then run backwards,
 * which the synchronisation's convex hulls cannot take and the matching refuses between traces of one host. So
 * each pair's cause is an event its process stamped <em>before</em> it made the write that its effect read:
 * </p>
 * <ul>
 * <li>the response of request n (server to client): cause, the server's read completing the request's head
 * ({@code request_head}, incoming, on an accepted connection; the server writes the response after it); effect,
 * the client's read completing the response's head ({@code response_head}, incoming, on a connected one);</li>
 * <li>request n (client to server): cause, an event of the client on that connection before it wrote the
 * request: its {@code connection} for request 0, for the others the read that ended response n-1
 * ({@code message_end}, incoming; an HTTP/1.1 client writes its next request on a connection once the last
 * response came, and only a pipelining client, which none of the fixtures' is, would write it before); effect,
 * the server's read of the request's first byte ({@code message_begin}, incoming). Only synchronisation uses
 * these pairs.</li>
 * </ul>
 *
 * <p>
 * Only the {@code connection} event names the 4-tuple; the others name a descriptor. The definition keeps, per
 * trace, each descriptor's connections by the time they were made (and closed), and reads the one in place at
 * an event's time: Trace Compass matches events in time order, so a connection is known before its messages,
 * and lookups by time give the same answer to two matchings of one trace running at once.
 * </p>
 */
public final class HttpMatchDefinition implements ITmfMatchEventDefinition {

    /** The definition registered with Trace Compass. */
    public static final HttpMatchDefinition INSTANCE = new HttpMatchDefinition();

    private static final String CONNECTION = "http:connection"; //$NON-NLS-1$
    private static final String CLOSE = "http:close"; //$NON-NLS-1$
    private static final String MESSAGE_BEGIN = "http:message_begin"; //$NON-NLS-1$
    private static final String REQUEST_HEAD = "http:request_head"; //$NON-NLS-1$
    private static final String RESPONSE_HEAD = "http:response_head"; //$NON-NLS-1$
    private static final String MESSAGE_END = "http:message_end"; //$NON-NLS-1$

    /** A connection's ends; null in a descriptor's history for a close. */
    private record Ends(boolean accepted, String local, String remote) {
        String client() {
            return accepted ? remote : local;
        }

        String server() {
            return accepted ? local : remote;
        }
    }

    /** Per trace, per descriptor: its connections (null after a close) by the time they were made. */
    private final Map<ITmfTrace, Map<Integer, NavigableMap<Long, @Nullable Ends>>> fConnections = Collections.synchronizedMap(new WeakHashMap<>());

    private HttpMatchDefinition() {
    }

    @Override
    public boolean canMatchTrace(ITmfTrace trace) {
        return SpanEvents.declaredBy(trace);
    }

    @Override
    public @Nullable Direction getDirection(ITmfEvent event) {
        String name = event.getName();
        if (!name.startsWith("http:")) { //$NON-NLS-1$
            return null;
        }
        HttpEvent http = HttpEvent.of(event);
        if (http.fd() < 0) {
            return null;
        }
        if (name.equals(CONNECTION)) {
            Ends ends = new Ends(http.number("accepted") == 1, http.endpoint("local_addr", "local_port"), http.endpoint("remote_addr", "remote_port")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
            remember(event.getTrace(), http, ends.local().isEmpty() ? null : ends);
            return ends.accepted() || ends.local().isEmpty() ? null : Direction.CAUSE;
        }
        if (name.equals(CLOSE)) {
            remember(event.getTrace(), http, null);
            return null;
        }
        Ends ends = ends(event.getTrace(), http);
        if (ends == null || http.outgoing()) {
            return null;
        }
        return switch (name) {
        case REQUEST_HEAD -> ends.accepted() ? Direction.CAUSE : null;
        case MESSAGE_BEGIN -> ends.accepted() ? Direction.EFFECT : null;
        case RESPONSE_HEAD -> ends.accepted() ? null : Direction.EFFECT;
        case MESSAGE_END -> ends.accepted() ? null : Direction.CAUSE;
        default -> null;
        };
    }

    @Override
    public @Nullable IEventMatchingKey getEventKey(ITmfEvent event) {
        HttpEvent http = HttpEvent.of(event);
        Ends ends = ends(event.getTrace(), http);
        if (ends == null) {
            return null;
        }
        return switch (event.getName()) {
        case CONNECTION -> new HttpMessageKey(ends.client(), ends.server(), 0, false);
        case MESSAGE_BEGIN -> new HttpMessageKey(ends.client(), ends.server(), http.seq(), false);
        case MESSAGE_END -> new HttpMessageKey(ends.client(), ends.server(), http.seq() + 1, false);
        case REQUEST_HEAD, RESPONSE_HEAD -> new HttpMessageKey(ends.client(), ends.server(), http.seq(), true);
        default -> null;
        };
    }

    private void remember(ITmfTrace trace, HttpEvent event, @Nullable Ends ends) {
        synchronized (fConnections) {
            fConnections.computeIfAbsent(trace, t -> new HashMap<>()).computeIfAbsent(event.fd(), fd -> new TreeMap<>()).put(event.time(), ends);
        }
    }

    /** @return the connection of the event's descriptor at its time, null if its start was not traced */
    private @Nullable Ends ends(ITmfTrace trace, HttpEvent event) {
        synchronized (fConnections) {
            Map<Integer, NavigableMap<Long, @Nullable Ends>> descriptors = fConnections.get(trace);
            NavigableMap<Long, @Nullable Ends> history = descriptors == null ? null : descriptors.get(event.fd());
            Entry<Long, @Nullable Ends> entry = history == null ? null : history.floorEntry(event.time());
            return entry == null ? null : entry.getValue();
        }
    }
}
