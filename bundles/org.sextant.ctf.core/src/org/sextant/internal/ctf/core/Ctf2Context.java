// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.ctf.core;

import java.io.IOException;
import java.util.function.Function;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.trace.TmfContext;
import org.sextant.ctf.model.TraceCursor;
import org.sextant.ctf.model.TraceFormatException;

/**
 * A read of a CTF 2 trace in progress: the codec's cursor, positioned on the event the context points at (Trace
 * Compass parses an event before it moves on), that event made into a Trace Compass event, and its location.
 */
public final class Ctf2Context extends TmfContext {

    /** Makes the cursor's current event into a Trace Compass event of a rank. */
    public interface EventMaker {
        /**
         * @param cursor
         *            on the event
         * @param rank
         *            its rank in the trace, or {@link #UNKNOWN_RANK}
         * @return the event
         */
        ITmfEvent make(TraceCursor cursor, long rank);
    }

    private final TraceCursor fCursor;
    private final EventMaker fMaker;
    private @Nullable ITmfEvent fNext;

    /**
     * A context on the event at a position: the cursor starts at its time and passes the events of that time
     * before it.
     *
     * @param open
     *            opens a cursor at a time in nanoseconds
     * @param position
     *            the position
     * @param rank
     *            the event's rank in the trace, or {@link #UNKNOWN_RANK}
     * @param maker
     *            makes Trace Compass events
     * @throws TraceFormatException
     *             when the trace cannot be decoded there
     * @throws IOException
     *             when a file cannot be read
     */
    public Ctf2Context(Opener open, Ctf2Location.Position position, long rank, EventMaker maker) throws TraceFormatException, IOException {
        super(new Ctf2Location(Ctf2Location.Position.END), rank);
        fCursor = open.open(position.nanos());
        fMaker = maker;
        long passed = 0;
        boolean more = fCursor.next();
        while (more && fCursor.nanos() == position.nanos() && passed < position.rank()) {
            passed++;
            more = fCursor.next();
        }
        arrive(more, more && fCursor.nanos() == position.nanos() ? passed : 0);
    }

    /** Opens a cursor at a time in nanoseconds. */
    @FunctionalInterface
    public interface Opener {
        /**
         * @param nanos
         *            the time
         * @return a cursor before the first event at or after it
         * @throws TraceFormatException
         *             when the trace cannot be decoded there
         * @throws IOException
         *             when a file cannot be read
         */
        TraceCursor open(long nanos) throws TraceFormatException, IOException;
    }

    private void arrive(boolean more, long rankInTime) {
        if (!more) {
            fNext = null;
            setLocation(new Ctf2Location(Ctf2Location.Position.END));
            return;
        }
        fNext = fMaker.make(fCursor, getRank());
        setLocation(new Ctf2Location(new Ctf2Location.Position(fCursor.nanos(), rankInTime)));
    }

    /** @return the event at the context's location, without moving on; null at the end */
    public @Nullable ITmfEvent peek() {
        return fNext;
    }

    /**
     * Moves past the event {@link #peek()} gave, to the next one.
     *
     * @param failure
     *            makes the exception to throw when the next event cannot be decoded
     */
    public void advance(Function<Exception, RuntimeException> failure) {
        ITmfEvent previous = fNext;
        if (previous == null) {
            return;
        }
        long time = ((Ctf2Location) getLocation()).getLocationInfo().nanos();
        long rankInTime = ((Ctf2Location) getLocation()).getLocationInfo().rank();
        increaseRank();
        try {
            boolean more = fCursor.next();
            arrive(more, more && fCursor.nanos() == time ? rankInTime + 1 : 0);
        } catch (TraceFormatException | IOException e) {
            fNext = null;
            throw failure.apply(e);
        }
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
