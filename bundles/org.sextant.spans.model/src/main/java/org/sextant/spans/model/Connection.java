// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.model;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A TCP connection of one process, from the accept or connect that made it to its close: its 4-tuple, its HTTP
 * spans in request order, and its writes that were not HTTP (a Redis client's commands) with the span the
 * process was working for when it wrote them.
 */
final class Connection {

    /** A write that was not HTTP, and the span whose work it was as far as the event loop tells. */
    record Write(long time, Span context) {
    }

    final Service fService;
    final int fFd;
    /** True accepted, false connected, null while unknown (its start was not traced). */
    Boolean fAccepted;
    final String fLocal;
    final String fRemote;
    final long fOpened;
    long fClosed = Span.UNKNOWN;
    /** The span the process was working for when it connected: the first request's parent. */
    final Span fContextAtOpen;
    final List<Span> fSpans = new ArrayList<>();
    final Map<Long, Span> fOpen = new HashMap<>();
    /** Message starts by direction and number, until their heads come. */
    final Map<Long, Long> fBegins = new HashMap<>();
    final List<Write> fWrites = new ArrayList<>();
    /** The non-HTTP writes not answered yet ({@link EventLoop}), oldest first, as a pipelining client reads replies. */
    final ArrayDeque<Write> fUnanswered = new ArrayDeque<>();

    Connection(Service service, int fd, Boolean accepted, String local, String remote, long opened, Span contextAtOpen) {
        fService = service;
        fFd = fd;
        fAccepted = accepted;
        fLocal = local;
        fRemote = remote;
        fOpened = opened;
        fContextAtOpen = contextAtOpen;
    }

    /** @return whether the time falls in its life (either end untraced counts as open-ended) */
    boolean spans(long time) {
        return (fOpened == Span.UNKNOWN || fOpened <= time) && (fClosed == Span.UNKNOWN || time <= fClosed);
    }

    static long key(boolean outgoing, long seq) {
        return outgoing ? seq : -seq - 1;
    }
}
