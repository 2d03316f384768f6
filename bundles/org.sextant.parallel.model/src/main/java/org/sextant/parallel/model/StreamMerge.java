// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import org.sextant.ctf.model.CtfMetadata;
import org.sextant.ctf.model.CtfTrace;
import org.sextant.ctf.model.EventReader;
import org.sextant.ctf.model.Packet;
import org.sextant.ctf.model.TraceFormatException;

/**
 * Reads every stream of one or several CTF traces at once, on the calling thread, and delivers their events one
 * by one in global time order: a k-way merge over one {@link EventReader.Cursor} per stream, as Trace Compass
 * reads a trace. Each stream's current event stays decoded in its reader while the merge compares the others'
 * times, so nothing is copied or buffered: memory holds one event per stream, whatever the trace's length.
 *
 * <p>
 * Ties in time break by stream, in the order {@link ChunkPipeline} merges them (trace by trace in the order
 * given, each trace's streams in its own order), then in stream order: the sequence of a parallel decoding. A
 * stream's events come in runs (a CPU's burst while the other CPUs' streams are later), so the head stream is
 * drained while it stays ahead of the next one, and the queue is touched once per run, not once per event.
 * </p>
 */
final class StreamMerge {

    /** Receives the merged events, in time order. */
    @FunctionalInterface
    interface Visitor {
        /**
         * @param trace
         *            index of the event's trace in the list given
         * @param nanos
         *            its time in nanoseconds, shifted
         * @param cpu
         *            its CPU, or -1
         * @param event
         *            its class
         * @param fields
         *            its fields, valid during the call only
         */
        void event(int trace, long nanos, int cpu, CtfMetadata.EventClass event, EventReader.Fields fields);
    }

    /** @return the first packet's begin and the last packet's end over every stream, in shifted nanoseconds */
    private static long[] span(List<CtfTrace> traces, long[] shifts) {
        long[] span = { Long.MAX_VALUE, Long.MIN_VALUE };
        for (int t = 0; t < traces.size(); t++) {
            CtfMetadata metadata = traces.get(t).metadata();
            for (List<Packet> packets : traces.get(t).packets().values()) {
                if (!packets.isEmpty()) {
                    span[0] = Math.min(span[0], metadata.toNanos(packets.get(0).timestampBegin()) + shifts[t]);
                    span[1] = Math.max(span[1], metadata.toNanos(packets.get(packets.size() - 1).timestampEnd()) + shifts[t]);
                }
            }
        }
        return span;
    }

    /** @return how far {@code nanos} is into the span, in thousandths, short of the end */
    private static int done(long nanos, long[] span) {
        double width = (double) span[1] - span[0];
        return width <= 0 ? 0 : (int) Math.max(0, Math.min(PROGRESS_STEPS - 1, (nanos - span[0]) / width * PROGRESS_STEPS));
    }

    /** A stream being read: its cursor on the current event, that event's time and the stream's rank in ties. */
    private static final class Stream implements Comparable<Stream> {
        final EventReader.Cursor fCursor;
        final int fTrace;
        final int fRank;
        final CtfMetadata fMetadata;
        final long fShift;
        long fNanos;

        Stream(EventReader.Cursor cursor, int trace, int rank, CtfMetadata metadata, long shift) {
            fCursor = cursor;
            fTrace = trace;
            fRank = rank;
            fMetadata = metadata;
            fShift = shift;
        }

        /** @return whether there is a next event, now the current one */
        boolean advance() throws TraceFormatException, IOException {
            if (!fCursor.next()) {
                return false;
            }
            fNanos = fMetadata.toNanos(fCursor.timestamp()) + fShift;
            return true;
        }

        @Override
        public int compareTo(Stream other) {
            int byTime = Long.compare(fNanos, other.fNanos);
            return byTime != 0 ? byTime : Integer.compare(fRank, other.fRank);
        }
    }

    /** Progress is told in thousandths of the traces' time span: the number of chunks is not known ahead. */
    static final int PROGRESS_STEPS = 1000;

    /** Events between two reports of progress. */
    private static final long PROGRESS_EVENTS = 1 << 18;

    private StreamMerge() {
    }

    /**
     * Reads the traces.
     *
     * @param traces
     *            the traces
     * @param shifts
     *            nanoseconds added to each trace's times
     * @param fields
     *            the fields the visitor reads
     * @param strings
     *            the character set of their strings
     * @param visitor
     *            gets every event, in time order
     * @param progress
     *            told every so many events, and at the end, in {@link #PROGRESS_STEPS}ths of the traces' time span
     * @param cancelled
     *            set to stop early
     * @return the number of events delivered
     * @throws TraceFormatException
     *             when a trace cannot be decoded; the message names the file and offset
     * @throws IOException
     *             when a file cannot be read
     */
    static long read(List<CtfTrace> traces, long[] shifts, Set<String> fields, Charset strings, Visitor visitor, ChunkProgress progress,
            AtomicBoolean cancelled) throws TraceFormatException, IOException {
        List<Stream> streams = new ArrayList<>();
        try {
            for (int t = 0; t < traces.size(); t++) {
                CtfTrace trace = traces.get(t);
                for (Map.Entry<Path, List<Packet>> stream : trace.packets().entrySet()) {
                    List<Packet> packets = stream.getValue();
                    EventReader.Cursor cursor = trace.reader(stream.getKey(), fields).strings(strings).cursor(packets, 0, packets.size());
                    streams.add(new Stream(cursor, t, streams.size(), trace.metadata(), shifts[t]));
                }
            }
            PriorityQueue<Stream> queue = new PriorityQueue<>();
            for (Stream stream : streams) {
                if (stream.advance()) {
                    queue.add(stream);
                }
            }
            long[] span = span(traces, shifts);
            long events = 0;
            long reported = 0;
            while (!queue.isEmpty() && !cancelled.get()) {
                Stream head = queue.poll();
                Stream next = queue.peek();
                EventReader.Cursor cursor = head.fCursor;
                boolean more;
                do {
                    visitor.event(head.fTrace, head.fNanos, cursor.cpu(), cursor.event(), cursor.fields());
                    if (++events - reported == PROGRESS_EVENTS) {
                        progress.chunksMerged(done(head.fNanos, span), PROGRESS_STEPS);
                        reported = events;
                    }
                    more = head.advance();
                } while (more && (next == null || head.compareTo(next) < 0) && !cancelled.get());
                if (more) {
                    queue.add(head);
                }
            }
            progress.chunksMerged(PROGRESS_STEPS, PROGRESS_STEPS);
            return events;
        } finally {
            for (Stream stream : streams) {
                stream.fCursor.close();
            }
        }
    }
}
