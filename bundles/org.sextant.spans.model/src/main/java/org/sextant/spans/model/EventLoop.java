// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.model;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * What one thread's event loop works for, as far as its reads tell: the callbacks a read let run, in order, each
 * working for one span. A request read runs its handler; a client response read runs the continuation of the
 * call, which works for the span the call was made for. One read of a Redis connection may bring the replies of
 * several commands (concurrent requests share a client's connection): their continuations then run one after
 * the other, each taking one action (a command, a call, a response), in the order the commands were written. A
 * command whose continuation took no action before the next read is taken as not answered yet: it waits for a
 * later read.
 */
final class EventLoop {

    /** A callback: the span it works for, and the non-HTTP write whose reply let it run (null for none). */
    private static final class Callback {
        final Span fSpan;
        final Connection fConnection;
        Connection.Write fWrite;

        Callback(Span span, Connection connection, Connection.Write write) {
            fSpan = span;
            fConnection = connection;
            fWrite = write;
        }

        /** Its action shows the reply arrived. */
        void answered() {
            if (fWrite != null) {
                fConnection.fUnanswered.remove(fWrite);
                fWrite = null;
            }
        }
    }

    private final Deque<Callback> fCallbacks = new ArrayDeque<>();

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
        Callback callback = fCallbacks.peekFirst();
        if (callback == null) {
            return null;
        }
        callback.answered();
        if (fCallbacks.size() > 1) {
            fCallbacks.removeFirst();
        }
        return callback.fSpan;
    }

    /** A server span's response was written: its callbacks, and those before it, are done. */
    void responded(Span server) {
        if (fCallbacks.stream().anyMatch(c -> c.fSpan == server)) {
            Callback callback;
            do {
                callback = fCallbacks.removeFirst();
                callback.answered();
            } while (callback.fSpan != server);
        }
    }

    /** The tracer lost events: what the thread works for is unknown. */
    void forget() {
        fCallbacks.clear();
    }
}
