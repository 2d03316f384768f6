// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.ftrace.core;

import java.io.IOException;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.trace.TmfContext;
import org.sextant.ftrace.model.Cursor;
import org.sextant.ftrace.model.FtraceEvent;
import org.sextant.ftrace.model.FtraceFormatException;

/**
 * A read of an ftrace trace in progress: the reader's cursor, and the event it gave next but nobody took yet
 * (Trace Compass parses an event before it moves on). Its location is always the position of that next event.
 */
public final class FtraceContext extends TmfContext {

    private final Cursor fCursor;
    private @Nullable FtraceEvent fNext;

    /**
     * @param cursor
     *            a cursor, where the context starts
     * @param rank
     *            the rank of its first event, or {@link #UNKNOWN_RANK}
     */
    public FtraceContext(Cursor cursor, long rank) {
        super(new FtraceLocation(cursor.position()), rank);
        fCursor = cursor;
    }

    /** @return the event at the context's location, without moving on; null at the end */
    public @Nullable FtraceEvent peek() throws IOException, FtraceFormatException {
        if (fNext == null) {
            fNext = fCursor.next();
        }
        return fNext;
    }

    /** Moves past the event {@link #peek()} gave. */
    public void advance() {
        fNext = null;
        setLocation(new FtraceLocation(fCursor.position()));
        increaseRank();
    }

    @Override
    public void dispose() {
        try {
            fCursor.close();
        } catch (IOException e) {
            // nothing is left to read from it
        }
        super.dispose();
    }
}
