// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.model;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * What one thread's event loop works for, as far as its reads tell: the callbacks a read let run, in order, each
 * working for one span. A request read runs its handler; a client response read runs the continuation of the
 * call, which works for the span the call was made for. One read of a Redis connection may bring the replies of
 * several commands (concurrent requests share a client's connection): their continuations then run one after
 * the other, each taking one action (a command, a call, a connect, a response), in the order the commands were
 * written. A command whose continuation took no action before the next read is taken as not answered yet: it
 * waits for a later read.
 *
 * <p>
 * A client that waits for the end of its connection (one connection per command: the command, {@code QUIT}, then
 * the node's end of file) goes on when the connection is closed. Node runs those continuations after the reads
 * of the loop's iteration, the connection closed last first (libuv's closing handles), so the closes are kept
 * apart: a stack of the spans waiting for them, whose top takes the next action that no read's callback is left
 * to take.
 * </p>
 */
final class EventLoop {

    /** A callback: the span it works for, and the non-HTTP write whose reply let it run (null for none). */
    private static final class Callback {
        final Span fSpan;
        final Connection fConnection;
        Connection.Write fWrite;
        boolean fActed;

        Callback(Span span, Connection connection, Connection.Write write) {
            fSpan = span;
            fConnection = connection;
            fWrite = write;
        }

        /** It took an action, which shows the reply arrived. */
        void acted() {
            fActed = true;
            if (fWrite != null) {
                fConnection.fUnanswered.remove(fWrite);
                fWrite = null;
            }
        }
    }

    private final Deque<Callback> fCallbacks = new ArrayDeque<>();
    /** The spans whose continuations wait for connections this thread closed, the last closed first. */
    private final Deque<Span> fClosing = new ArrayDeque<>();

    /** @return the span the running callback works for; null when unknown */
    Span current() {
        Callback callback = fCallbacks.peekFirst();
        return callback == null ? null : callback.fSpan;
    }

    /** A read whose callback works for the span (null: unknown). */
    void read(Span span) {
        fCallbacks.clear();
        if (span != null) {
            fCallbacks.add(new Callback(span, null, null));
        }
    }

    /** A read of a non-HTTP connection: the continuations of its writes not answered yet may run, in order. */
    void replies(Connection connection) {
        if (!connection.fUnanswered.isEmpty()) {
            fCallbacks.clear();
            for (Connection.Write write : connection.fUnanswered) {
                if (write.context() != null) {
                    fCallbacks.add(new Callback(write.context(), connection, write));
                }
            }
        }
    }

    /** @return the span of an action (a command or call written), after which the next waiting callback runs */
    Span act() {
        return take(true);
    }

    /** @return the span a connection opened now is for: an action too, but one that leaves the callback running */
    Span connect() {
        return take(false);
    }

    private Span take(boolean thenNext) {
        if (closeRuns()) {
            return fClosing.pop();
        }
        Callback callback = fCallbacks.peekFirst();
        if (callback == null) {
            return null;
        }
        callback.acted();
        if (thenNext && fCallbacks.size() > 1) {
            fCallbacks.removeFirst();
        }
        return callback.fSpan;
    }

    /**
     * The thread closed a non-HTTP connection it had opened. When its last write's continuation took no action
     * (its reply came, or not), that continuation waits for the end: it runs once the loop's reads are done.
     */
    void closed(Connection connection) {
        if (connection.fWrites.isEmpty()) {
            return;
        }
        Connection.Write last = connection.fWrites.get(connection.fWrites.size() - 1);
        if (connection.fUnanswered.remove(last) && last.context() != null) {
            fCallbacks.clear(); // the reads before had their turn: their callbacks act at once, not after a close
            fClosing.push(last.context());
        }
    }

    /** A server span's response was written: its callbacks, and those before it, are done; so is its wait for a close. */
    void responded(Span server) {
        if (fCallbacks.stream().anyMatch(c -> c.fSpan == server)) {
            Callback callback;
            do {
                callback = fCallbacks.removeFirst();
                callback.acted();
            } while (callback.fSpan != server);
        }
        fClosing.remove(server);
    }

    /** The tracer lost events: what the thread works for is unknown. */
    void forget() {
        fCallbacks.clear();
        fClosing.clear();
    }

    /** @return whether the next action is a close's continuation: one waits, and no read's callback is left to act */
    private boolean closeRuns() {
        Callback callback = fCallbacks.peekFirst();
        if (fClosing.isEmpty() || callback != null && !callback.fActed) {
            return false;
        }
        fCallbacks.clear();
        fCallbacks.add(new Callback(fClosing.peek(), null, null));
        fCallbacks.peekFirst().fActed = true;
        return true;
    }
}
