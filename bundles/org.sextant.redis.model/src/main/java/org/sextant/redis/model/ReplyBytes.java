// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.sextant.common.model.state.StateWriter;

/**
 * The reply bytes Redis holds for one client connection, found from what its writes were given (events version
 * 10). Redis 7 gives a client's write all it holds for the client while that is below {@link #ALL_BELOW} bytes
 * ({@code NET_MAX_WRITES_PER_EVENT}: the static buffer and every reply block, in one {@code writev}), so such a
 * write tells the bytes held just before it, and what it wrote leaves the rest: the value is exact at each of these
 * writes. Between two of them the bytes added are known in sum only: they are placed at the requests read in
 * between, shared equally (a reply is added as its command executes, right after the read that completes it;
 * a blocking command's, later), and at the writes given {@link #ALL_BELOW} bytes or more in between where these
 * were given more than the requests before them account for (messages pushed to a subscriber). Such a write may
 * have been given part of what was held (Redis also stops a client's writes after 64 KB in one turn of its event
 * loop): it waits, with the requests read, for the next write that tells all; the connection's close, the trace's
 * end, or more than {@link #PARTIAL_MAX} of them waiting place them taking each one's offer for all it was given,
 * the least that can have been held. A connection's value starts at 0 when it opens on a node whose writes already
 * told their offers, else at its first write given less than {@link #ALL_BELOW} bytes; it is unknown after lost
 * events until such a write, and a connection that turns out to be a replica's link has none.
 */
final class ReplyBytes {

    /** Redis 7's {@code NET_MAX_WRITES_PER_EVENT}: a write given fewer bytes was given all that was held. */
    private static final long ALL_BELOW = 64 * 1024;
    private static final long UNKNOWN = Long.MIN_VALUE;
    /** The most runs of requests that wait: past it, neighbouring runs merge (their bytes whole, their times coarser). */
    private static final int RUNS_MAX = 1024;
    /** The runs kept at first, and again once they are placed: a connection's burst does not keep its room. */
    private static final int RUNS_INITIAL = 8;
    /** The most writes given {@link #ALL_BELOW} bytes or more that wait: past it, a backlog that never drains, they are placed. */
    private static final int PARTIAL_MAX = 1024;

    private final StateWriter fWriter;
    private final int fAttribute;
    /** What Redis held after the last write that told all, or placed; {@link #UNKNOWN} before it or after lost events. */
    private long fHeld = UNKNOWN;
    /** The last time the attribute changed: placements never go before it. */
    private long fChanged = Long.MIN_VALUE;
    /** The requests read since, in runs: each run's first time, and its requests. */
    private long[] fRunTimes = new long[RUNS_INITIAL];
    private long[] fRunRequests = new long[RUNS_INITIAL];
    private int fRuns;
    /** The writes since given {@link #ALL_BELOW} bytes or more. */
    private final List<Partial> fPartial = new ArrayList<>();

    /** A write given {@link #ALL_BELOW} bytes or more: maybe part of what was held. */
    private record Partial(long time, long written, long offered) {
    }

    /**
     * @param writer
     *            the history
     * @param attribute
     *            the connection's reply bytes attribute
     */
    ReplyBytes(StateWriter writer, int attribute) {
        fWriter = writer;
        fAttribute = attribute;
    }

    /** Nothing is held: a new client's value starts. */
    void none(long time) {
        fHeld = 0;
        set(time, 0L);
    }

    /** A request was read whole: its reply comes as it executes. */
    void requested(long time) {
        if (fHeld == UNKNOWN) {
            return;
        }
        if (fRuns > 0 && fRunTimes[fRuns - 1] == time) {
            fRunRequests[fRuns - 1]++;
            return;
        }
        if (fRuns == RUNS_MAX) {
            for (int run = 0; run < fRuns; run += 2) {
                fRunTimes[run / 2] = fRunTimes[run];
                fRunRequests[run / 2] = fRunRequests[run] + (run + 1 < fRuns ? fRunRequests[run + 1] : 0);
            }
            fRuns = (fRuns + 1) / 2;
        } else if (fRuns == fRunTimes.length) {
            fRunTimes = Arrays.copyOf(fRunTimes, fRuns * 2);
            fRunRequests = Arrays.copyOf(fRunRequests, fRuns * 2);
        }
        fRunTimes[fRuns] = time;
        fRunRequests[fRuns++] = 1;
    }

    /**
     * A write ended.
     *
     * @param time
     *            its end
     * @param written
     *            its result, negative on error (nothing written)
     * @param offered
     *            the bytes it was given
     */
    void written(long time, long written, long offered) {
        long out = Math.max(written, 0);
        if (offered >= ALL_BELOW) {
            if (fHeld != UNKNOWN) {
                fPartial.add(new Partial(time, out, offered));
                if (fPartial.size() > PARTIAL_MAX) {
                    end();
                }
            }
            return;
        }
        if (fHeld != UNKNOWN) {
            place(offered + fPartial.stream().mapToLong(Partial::written).sum() - fHeld);
        }
        fHeld = offered - out;
        set(time, fHeld);
    }

    /** The connection closes: what waits is placed ({@link #end}), then the value ends. */
    void close(long time) {
        end();
        set(time, null);
    }

    /**
     * The connection closes or the trace ends: what waits is placed, each write given {@link #ALL_BELOW} bytes or
     * more taken to have been given all that was held, the least there can have been.
     */
    void end() {
        if (fPartial.isEmpty()) {
            clear();   // requests whose replies no write told
            return;
        }
        long added = 0;
        long writtenBefore = 0;
        for (Partial partial : fPartial) {
            added = Math.max(added, partial.offered() + writtenBefore - fHeld);
            writtenBefore += partial.written();
        }
        place(added);
    }

    /** Events were lost, or the connection is a replica's link: unknown, until a write tells all again. */
    void forget(long time) {
        clear();
        fHeld = UNKNOWN;
        set(time, null);
    }

    /**
     * Places {@code added} bytes with the requests read and the writes given {@link #ALL_BELOW} bytes or more since
     * the last write that told all, in time order: the requests share them equally, but that before each such
     * write at least what it was given was held (the rest pushed, placed at the write); what is then held is the
     * new start.
     */
    private void place(long added) {
        long held = fHeld;
        long placed = 0;
        long writtenBefore = 0;
        long waiting = Arrays.stream(fRunRequests, 0, fRuns).sum();
        int run = 0;
        for (int write = 0; run < fRuns || write < fPartial.size();) {
            if (write == fPartial.size() || (run < fRuns && fRunTimes[run] <= fPartial.get(write).time())) {
                long left = Math.max(added - placed, 0);
                long share = left / waiting * fRunRequests[run] + left % waiting * fRunRequests[run] / waiting;
                waiting -= fRunRequests[run];
                placed += share;
                held += share;
                set(fRunTimes[run++], held);
            } else {
                Partial partial = fPartial.get(write++);
                long pushed = Math.min(partial.offered() + writtenBefore - fHeld - placed, added - placed);
                if (pushed > 0) {
                    placed += pushed;
                    held += pushed;
                }
                writtenBefore += partial.written();
                held = Math.max(held - partial.written(), 0);
                set(partial.time(), held);
            }
        }
        fHeld = held;
        clear();
    }

    private void clear() {
        fRuns = 0;
        if (fRunTimes.length > RUNS_INITIAL) {
            fRunTimes = new long[RUNS_INITIAL];
            fRunRequests = new long[RUNS_INITIAL];
        }
        fPartial.clear();
    }

    private void set(long time, Long value) {
        fChanged = Math.max(time, fChanged);
        fWriter.modify(fChanged, fAttribute, value);
    }
}
