// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Reads a whole trace one event at a time in time order, from any time on: a merge of one
 * {@link EventReader.Cursor} per stream, each started at the first packet that ends at or after that time. What a
 * trace type needs to show a trace and to seek in it (a position is a time and a rank among the events of that
 * time); the builders read through {@code ChunkPipeline} and {@code StreamMerge} instead. Ties in time break by
 * stream, in the trace's order of streams, as the builders' merges break them. Memory holds one decoded event
 * per stream.
 */
public final class TraceCursor implements AutoCloseable {

    private static final class Stream implements Comparable<Stream> {
        final EventReader.Cursor fCursor;
        final int fRank;
        long fNanos;

        Stream(EventReader.Cursor cursor, int rank) {
            fCursor = cursor;
            fRank = rank;
        }

        @Override
        public int compareTo(Stream other) {
            int byTime = Long.compare(fNanos, other.fNanos);
            return byTime != 0 ? byTime : Integer.compare(fRank, other.fRank);
        }
    }

    private final CtfMetadata fMetadata;
    private final List<Stream> fStreams = new ArrayList<>();
    private final PriorityQueue<Stream> fQueue = new PriorityQueue<>();
    /** The stream whose event is the current one, taken off the queue until the next call. */
    private Stream fCurrent;

    /**
     * A cursor before the first event at or after a time, decoding every field.
     *
     * @param trace
     *            the trace
     * @param nanos
     *            the time, in nanoseconds as {@link CtfMetadata#toNanos} gives them
     * @throws TraceFormatException
     *             when a packet or event cannot be decoded; the message names the file and offset
     * @throws IOException
     *             when a file cannot be read
     */
    public TraceCursor(CtfTrace trace, long nanos) throws TraceFormatException, IOException {
        fMetadata = trace.metadata();
        try {
            for (Map.Entry<Path, List<Packet>> stream : trace.packets().entrySet()) {
                List<Packet> packets = stream.getValue();
                int first = 0;
                while (first < packets.size() && fMetadata.toNanos(packets.get(first).timestampEnd()) < nanos) {
                    first++;
                }
                Stream reading = new Stream(trace.reader(stream.getKey()).cursor(packets, first, packets.size() - first), fStreams.size());
                fStreams.add(reading);
                while (advance(reading)) {
                    if (reading.fNanos >= nanos) {
                        fQueue.add(reading);
                        break;
                    }
                }
            }
        } catch (TraceFormatException | IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    private boolean advance(Stream stream) throws TraceFormatException, IOException {
        if (!stream.fCursor.next()) {
            return false;
        }
        stream.fNanos = fMetadata.toNanos(stream.fCursor.timestamp());
        return true;
    }

    /**
     * Moves to the next event in time order.
     *
     * @return false past the last event
     * @throws TraceFormatException
     *             when a packet or event cannot be decoded; the message names the file and offset
     * @throws IOException
     *             when a file cannot be read
     */
    public boolean next() throws TraceFormatException, IOException {
        if (fCurrent != null && advance(fCurrent)) {
            fQueue.add(fCurrent);
        }
        fCurrent = fQueue.poll();
        return fCurrent != null;
    }

    /** @return the current event's time in nanoseconds */
    public long nanos() {
        return fCurrent.fNanos;
    }

    /** @return the current event's time in clock cycles, as written */
    public long cycles() {
        return fCurrent.fCursor.timestamp();
    }

    /** @return the CPU of the current event's packet, or -1 when unknown */
    public int cpu() {
        return fCurrent.fCursor.cpu();
    }

    /** @return the current event's class */
    public CtfMetadata.EventClass event() {
        return fCurrent.fCursor.event();
    }

    /** @return the current event's fields, valid until the next call of {@link #next()} */
    public EventReader.Fields fields() {
        return fCurrent.fCursor.fields();
    }

    @Override
    public void close() throws IOException {
        IOException failure = null;
        for (Stream stream : fStreams) {
            try {
                stream.fCursor.close();
            } catch (IOException e) {
                failure = e;
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
