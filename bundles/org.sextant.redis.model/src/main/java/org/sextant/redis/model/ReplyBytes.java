// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import java.util.ArrayList;
import java.util.List;

import org.sextant.common.model.state.StateWriter;

/**
 * The reply bytes Redis holds for one client connection, found from what its writes were given (events version
 * 10). Redis 7 gives a client's write all it holds for the client while that is below {@link #ALL_BELOW} bytes
 * ({@code NET_MAX_WRITES_PER_EVENT}: the static buffer and every reply block, in one {@code writev}), so such a
 * write tells the bytes held just before it, and what it wrote leaves the rest: the value is exact at each of these
 * writes. Between two of them the bytes added are known in sum only: they are placed at the requests read in
 * between, shared equally (a reply is added as its command executes, right after the read that completes it), or
 * at the write when none was (messages pushed to a subscriber). A write given {@link #ALL_BELOW} bytes or more may
 * have been given part of them: it waits, with the requests read, for the next write that tells all; a close or
 * the end of the trace in the meantime places them taking the most such a write was given for all it was (a lower
 * bound, and exact when the last such write wrote all it was given: Redis gives a write one large reply block
 * whole, however large), and so do more than {@link #WAITING_MAX} requests and writes waiting. A connection's
 * value starts at 0 when it opens on a node whose writes already told their offers, else at its first write whose
 * offer is known; it is unknown after lost events until a write that tells all.
 */
final class ReplyBytes {

    /** Redis 7's {@code NET_MAX_WRITES_PER_EVENT}: a write given fewer bytes was given all that was held. */
    static final long ALL_BELOW = 64 * 1024;
    private static final long UNKNOWN = Long.MIN_VALUE;
    /** The most requests and writes that wait for a write given all: beyond, they are placed with what is known. */
    private static final int WAITING_MAX = 1024;

    private final StateWriter fWriter;
    private final int fAttribute;
    /** What Redis held after the last write that told all; {@link #UNKNOWN} before it or after lost events. */
    private long fHeld = UNKNOWN;
    /** The last time the attribute changed: placements never go before it. */
    private long fChanged = Long.MIN_VALUE;
    /** When the requests read since that write were. */
    private final List<Long> fReads = new ArrayList<>();
    /** The writes since that may have been given part: {time, written, offered}. */
    private final List<long[]> fPartial = new ArrayList<>();

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
        clear();
        fHeld = 0;
        set(time, 0L);
    }

    /** A request was read whole: its reply comes as it executes. */
    void requested(long time) {
        if (fHeld != UNKNOWN) {
            fReads.add(time);
            bound();
        }
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
                fPartial.add(new long[] { time, out, offered });
                bound();
            }
            return;
        }
        if (fHeld != UNKNOWN) {
            place(offered + fPartial.stream().mapToLong(write -> write[1]).sum() - fHeld);
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
     * The connection closes or the trace ends: what waits is placed, its bytes the least that the writes since
     * tell (all there was when the last of them wrote all it was given).
     */
    void end() {
        if (!fPartial.isEmpty()) {
            long added = 0;
            long writtenBefore = 0;
            for (long[] write : fPartial) {
                added = Math.max(added, write[2] + writtenBefore - fHeld);
                writtenBefore += write[1];
            }
            place(added);
        }
        clear();
    }

    /**
     * A client whose every write is given 64 KB or more (a backlog that never drains) would keep its requests and
     * writes waiting without end: past {@link #WAITING_MAX} they are placed as at the end ({@link #end}), and the
     * value goes on from the least it can be.
     */
    private void bound() {
        if (fReads.size() + fPartial.size() > WAITING_MAX) {
            end();
        }
    }

    /** Events were lost: unknown until a write tells all again. */
    void forget(long time) {
        clear();
        fHeld = UNKNOWN;
        set(time, null);
    }

    /**
     * Places {@code added} bytes, shared by the requests read since the last write that told all, with the partial
     * writes since, in time order; what is then held is the new start.
     */
    private void place(long added) {
        long held = fHeld;
        int reads = fReads.size();
        long left = Math.max(added, 0);
        int read = 0;
        for (int write = 0; read < reads || write < fPartial.size();) {
            if (write == fPartial.size() || (read < reads && fReads.get(read) <= fPartial.get(write)[0])) {
                long share = left / (reads - read);
                left -= share;
                held += share;
                set(fReads.get(read++), held);
            } else {
                long[] partial = fPartial.get(write++);
                if (reads == 0 && left > 0) {
                    held += left;   // pushed: before the first write that carried it
                    left = 0;
                }
                held = Math.max(held - partial[1], 0);
                set(partial[0], held);
            }
        }
        fHeld = held;
        clear();
    }

    private void clear() {
        fReads.clear();
        fPartial.clear();
    }

    private void set(long time, Long value) {
        fChanged = Math.max(time, fChanged);
        fWriter.modify(fChanged, fAttribute, value);
    }
}
