// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import java.util.Arrays;

/**
 * The state changes a worker makes of one chunk, in the order of its events. Each is a function of the
 * {@link MergedState} applied by the merge at its time: a resolved change ({@link #at}) only writes values the
 * worker knew, or adds to counters whatever their value before; a deferred one ({@link #defer}) also reads what
 * the chunk could not know, the state left by everything before it.
 */
public final class Changes implements ChunkPipeline.Output {

    /** A change the merge applies to the merged state. */
    @FunctionalInterface
    public interface Change {
        /**
         * @param state
         *            the state of the trace up to this change
         */
        void apply(MergedState state);
    }

    private final MergedState fState;
    private final boolean fKept;
    private long[] fTimes = new long[256];
    private Change[] fChanges = new Change[256];
    private int fSize;
    private long fLastTime = Long.MIN_VALUE;
    private int fDeferred;
    private long fEvents;
    private long fFirstEvent = Long.MAX_VALUE;
    private long fLastEvent = Long.MIN_VALUE;

    Changes(MergedState state) {
        fState = state;
        fKept = true;
    }

    private Changes() {
        fState = null;
        fKept = false;
        fTimes = null;
        fChanges = null;
    }

    /**
     * @return changes that are counted and checked for order but not kept: those of a worker that runs where its
     *         chunk is decoded only to record what it reads ({@link ChunkEvents}), and runs again where the merge is
     */
    static Changes discarded() {
        return new Changes();
    }

    /**
     * A change that needs nothing from before the chunk.
     *
     * @param time
     *            when, in nanoseconds, not before the previous change
     * @param change
     *            what the merge does then
     */
    public void at(long time, Change change) {
        append(time, change);
    }

    /**
     * A change that reads state the chunk did not know: resolved by the merge from the state before it.
     *
     * @param time
     *            when, in nanoseconds, not before the previous change
     * @param change
     *            what the merge does then
     */
    public void defer(long time, Change change) {
        fDeferred++;
        append(time, change);
    }

    /**
     * Holds the place of a change whose content the worker learns later in the chunk (or at its end), so that
     * it is still merged at its own time.
     *
     * @param time
     *            when, in nanoseconds, not before the previous change
     * @return the place, for {@link #fill}
     */
    public int reserve(long time) {
        return append(time, null);
    }

    /**
     * Completes a reserved place; a place never filled is no change.
     *
     * @param place
     *            from {@link #reserve}
     * @param change
     *            what the merge does at the place's time
     */
    public void fill(int place, Change change) {
        if (fKept) {
            fChanges[place] = change;
        }
    }

    private int append(long time, Change change) {
        if (time < fLastTime) {
            throw new IllegalArgumentException("change at " + time + " after one at " + fLastTime);
        }
        fLastTime = time;
        if (fKept) {
            if (fSize == fTimes.length) {
                fTimes = Arrays.copyOf(fTimes, fSize * 2);
                fChanges = Arrays.copyOf(fChanges, fSize * 2);
            }
            fTimes[fSize] = time;
            fChanges[fSize] = change;
        }
        return fSize++;
    }

    void event(long nanos) {
        fEvents++;
        fFirstEvent = Math.min(fFirstEvent, nanos);
        fLastEvent = Math.max(fLastEvent, nanos);
    }

    /** The event count and times of a chunk replayed from its {@link ChunkEvents}, which hold its handled events only. */
    void counted(long events, long firstEvent, long lastEvent) {
        fEvents = events;
        fFirstEvent = firstEvent;
        fLastEvent = lastEvent;
    }

    /**
     * Applies every change of a chunk whose worker has ended, in order: every earlier chunk's are applied, and no
     * later one's can come before (a build whose chunks come in time order, on one thread).
     *
     * @param totals
     *            chunks, events, changes and deferred changes so far, and the first event's time: added to
     */
    void applyAll(long[] totals) {
        fState.chunkStartsAt(fFirstEvent);
        for (int i = 0; i < fSize; i++) {
            emit(i);
        }
        totals[0]++;
        totals[1] += fEvents;
        totals[2] += fSize;
        totals[3] += fDeferred;
        totals[4] = Math.min(totals[4], fFirstEvent);
    }

    /** @return the number of deferred changes */
    int deferred() {
        return fDeferred;
    }

    long firstEvent() {
        return fFirstEvent;
    }

    long lastEvent() {
        return fLastEvent;
    }

    @Override
    public int size() {
        return fSize;
    }

    @Override
    public long time(int i) {
        return fTimes[i];
    }

    @Override
    public void emit(int i) {
        Change change = fChanges[i];
        if (change != null) {
            change.apply(fState);
        }
        fChanges[i] = null; // applied: let it go
    }

    @Override
    public long events() {
        return fEvents;
    }
}
