// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.ctf.core;

import java.nio.ByteBuffer;

import org.eclipse.tracecompass.tmf.core.trace.location.TmfLocation;

/**
 * Where an event of a CTF 2 trace is: its {@link Position}, the event's time and its rank among the events of
 * that time in the merge's order, which a {@link org.sextant.ctf.model.TraceCursor} started at that time finds
 * again.
 */
public final class Ctf2Location extends TmfLocation {

    /**
     * An event's place.
     *
     * @param nanos
     *            its time in nanoseconds
     * @param rank
     *            its rank among the events of that time
     */
    public record Position(long nanos, long rank) implements Comparable<Position> {

        /** Before every event. */
        public static final Position START = new Position(Long.MIN_VALUE, 0);

        /** After every event. */
        public static final Position END = new Position(Long.MAX_VALUE, Long.MAX_VALUE);

        @Override
        public int compareTo(Position other) {
            int byTime = Long.compare(nanos, other.nanos);
            return byTime != 0 ? byTime : Long.compare(rank, other.rank);
        }
    }

    /**
     * @param position
     *            the position
     */
    public Ctf2Location(Position position) {
        super(position);
    }

    @Override
    public Position getLocationInfo() {
        return (Position) super.getLocationInfo();
    }

    @Override
    public void serialize(ByteBuffer buffer) {
        buffer.putLong(getLocationInfo().nanos());
        buffer.putLong(getLocationInfo().rank());
    }
}
