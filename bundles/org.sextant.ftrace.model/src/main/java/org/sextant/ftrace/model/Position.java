// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

/**
 * Where an event lies in a trace's time-ordered sequence: its timestamp and how many events with the same
 * timestamp come before it. It survives closing and reopening the trace, so it can serve as a checkpoint.
 *
 * @param timestamp
 *            the event's timestamp, in nanoseconds
 * @param rank
 *            how many events of the same timestamp come before it, from 0
 */
public record Position(long timestamp, long rank) implements Comparable<Position> {

    /** The position before every event. */
    public static final Position START = new Position(Long.MIN_VALUE, 0);

    /** The position after every event: a cursor there is at the end. */
    public static final Position END = new Position(Long.MAX_VALUE, Long.MAX_VALUE);

    /** Checks the rank. */
    public Position {
        if (rank < 0) {
            throw new IllegalArgumentException("negative rank " + rank);
        }
    }

    @Override
    public int compareTo(Position other) {
        int byTime = Long.compare(timestamp, other.timestamp);
        return byTime != 0 ? byTime : Long.compare(rank, other.rank);
    }
}
