// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.ctf.core;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.sextant.ctf.model.CtfTrace;
import org.sextant.ctf.model.EventReader;
import org.sextant.ctf.model.Packet;
import org.sextant.ctf.model.TraceFormatException;

/**
 * The times of a CTF 1.8 trace's events in the order Trace Compass 6.2's CTF reader gives them, decoded by
 * Sextant's codec without a field: what an index of that reader's ranks needs. Besides the trace's events, that
 * reader gives a "Lost event" after the last event of each packet whose {@code events_discarded} differs from the
 * packet's before it in its stream, at that last event's time (the packet's {@code timestamp_begin} when it has
 * none) and lasting to the packet's {@code timestamp_end}; so does this walk. Times are in clock cycles: the caller
 * converts them as its reader does.
 */
public final class ReaderTimes implements AutoCloseable {

    /** One stream's events and lost-event records, a packet at a time. */
    private static final class Stream implements Comparable<Stream> {
        private final CtfTrace fTrace;
        private final Path fFile;
        private final List<Packet> fPackets;
        private final EventReader fReader;
        private final int fOrder;
        private int fNextPacket;
        private EventReader.@Nullable Cursor fCursor;
        private long fLastCycles;
        private long fCycles;
        private long fLostUntil;
        private boolean fLost;

        Stream(CtfTrace trace, Path file, int order) {
            fTrace = trace;
            fFile = file;
            fPackets = trace.packets().get(file);
            fReader = trace.reader(file, Set.of());
            fOrder = order;
        }

        /** Moves to the stream's next event or lost-event record; false past its last. */
        boolean advance() throws TraceFormatException, IOException {
            while (true) {
                EventReader.Cursor cursor = fCursor;
                if (cursor != null) {
                    if (cursor.next()) {
                        fCycles = cursor.timestamp();
                        fLastCycles = fCycles;
                        fLost = false;
                        return true;
                    }
                    cursor.close();
                    fCursor = null;
                    if (discardedIn(fNextPacket - 1) != 0) {
                        fCycles = fLastCycles;
                        fLostUntil = fPackets.get(fNextPacket - 1).writtenEnd();
                        fLost = true;
                        return true;
                    }
                }
                if (fNextPacket == fPackets.size()) {
                    return false;
                }
                Packet packet = fPackets.get(fNextPacket);
                fCursor = fReader.cursor(fPackets, fNextPacket, 1);
                fNextPacket++;
                fLastCycles = packet.writtenBegin();
            }
        }

        /** How many more events the packet's context says were discarded than the packet's before it. */
        private long discardedIn(int packet) {
            long before = packet == 0 ? 0 : fTrace.discardedEvents(fFile, packet - 1);
            return fTrace.discardedEvents(fFile, packet) - before;
        }

        void close() throws IOException {
            EventReader.Cursor cursor = fCursor;
            if (cursor != null) {
                cursor.close();
            }
        }

        @Override
        public int compareTo(Stream other) {
            int byTime = Long.compareUnsigned(fCycles, other.fCycles);
            return byTime != 0 ? byTime : Integer.compare(fOrder, other.fOrder);
        }
    }

    private final List<Stream> fStreams = new ArrayList<>();
    private final PriorityQueue<Stream> fQueue = new PriorityQueue<>();
    private @Nullable Stream fCurrent;
    private boolean fStarted;

    /**
     * A walk before the trace's first event.
     *
     * @param trace
     *            the trace, as the codec opened it
     */
    public ReaderTimes(CtfTrace trace) {
        for (Map.Entry<Path, List<Packet>> stream : trace.packets().entrySet()) {
            fStreams.add(new Stream(trace, stream.getKey(), fStreams.size()));
        }
    }

    /**
     * Moves to the next event or lost-event record in time order.
     *
     * @return false past the last
     * @throws TraceFormatException
     *             when a packet or event cannot be decoded; the message names the file and offset
     * @throws IOException
     *             when a file cannot be read
     */
    public boolean next() throws TraceFormatException, IOException {
        Stream current = fCurrent;
        if (!fStarted) {
            fStarted = true;
            for (Stream stream : fStreams) {
                if (stream.advance()) {
                    fQueue.add(stream);
                }
            }
        } else if (current != null && current.advance()) {
            fQueue.add(current);
        }
        fCurrent = fQueue.poll();
        return fCurrent != null;
    }

    /** @return the current record's time in clock cycles */
    public long cycles() {
        return current().fCycles;
    }

    /** @return whether the current record is a lost-event record rather than an event */
    public boolean lost() {
        return current().fLost;
    }

    /** @return where the current lost-event record's time range ends, in clock cycles: its packet's end */
    public long lostUntil() {
        return current().fLostUntil;
    }

    private Stream current() {
        Stream current = fCurrent;
        if (current == null) {
            throw new IllegalStateException("no current record: next() was not called or returned false"); //$NON-NLS-1$
        }
        return current;
    }

    @Override
    public void close() throws IOException {
        IOException failure = null;
        for (Stream stream : fStreams) {
            try {
                stream.close();
            } catch (IOException e) {
                failure = e;
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
