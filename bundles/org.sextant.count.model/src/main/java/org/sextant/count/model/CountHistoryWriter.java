// SPDX-License-Identifier: EPL-2.0
package org.sextant.count.model;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes a {@link CountHistory} from the chunks of a trace, each chunk on any thread: what makes the count's
 * history as parallel as its decoding. A chunk is some consecutive events of one stream; the writer keeps, for
 * every counter the chunk touches, the times of its events there, and files them at a place of their own in
 * the history, so that chunks need neither each other nor a merge.
 *
 * <p>
 * Use: {@link #write} for every chunk (from worker threads), {@link #add} each result (on one thread, in any
 * order), then {@link #series()} gives the counters in the order their first events came, {@link #finish} writes
 * the index with the state system's quark of each, and the attribute tree goes at the position it returns.
 * </p>
 */
public final class CountHistoryWriter implements AutoCloseable {

    private static final int BUFFER_BYTES = 1 << 18;

    /**
     * One counter's events in one chunk, as the history holds them.
     *
     * @param series
     *            the counter
     * @param offset
     *            where their times are in the file
     * @param length
     *            how many
     * @param first
     *            the time of the first
     * @param last
     *            the time of the last
     * @param firstIndex
     *            the first's position among the chunk's events
     */
    public record Segment(CountSeries series, long offset, int length, long first, long last, int firstIndex) {
    }

    /**
     * What {@link #write} made of one chunk.
     *
     * @param stream
     *            the chunk's stream, by its place among the trace's streams
     * @param position
     *            the chunk's place in its stream (its first packet, say)
     * @param segments
     *            one per counter the chunk touches
     */
    public record ChunkCounts(int stream, long position, List<Segment> segments) {
    }

    private final FileChannel fChannel;
    private final AtomicLong fNext = new AtomicLong(CountHistory.HEADER_BYTES);
    private final List<ChunkCounts> fChunks = new ArrayList<>();
    /**
     * Each writing thread's buffer, reused from chunk to chunk: a chunk's times are megabytes, which a buffer per
     * chunk would allocate and drop each time (and a collector with small regions takes as humongous objects).
     */
    private final ThreadLocal<ByteBuffer> fBuffers = ThreadLocal.withInitial(
            () -> ByteBuffer.allocateDirect(BUFFER_BYTES).order(ByteOrder.LITTLE_ENDIAN));

    private CountHistoryWriter(FileChannel channel) {
        fChannel = channel;
    }

    /**
     * @param file
     *            the new history's file, replaced if it exists
     * @return a writer of it
     * @throws IOException
     *             when the file cannot be created
     */
    public static CountHistoryWriter create(Path file) throws IOException {
        return new CountHistoryWriter(FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE, StandardOpenOption.READ));
    }

    /**
     * Files one chunk's events; safe to call from several threads at once.
     *
     * @param stream
     *            the chunk's stream, by its place among the trace's streams
     * @param position
     *            the chunk's place in its stream
     * @param nanos
     *            the events' times, in stream order
     * @param cpus
     *            their CPUs, or {@link EventCounter#UNKNOWN_CPU}
     * @param names
     *            their event names
     * @param size
     *            how many events
     * @return what to hand to {@link #add}
     * @throws IllegalArgumentException
     *             when an event comes before the one ahead of it in the stream (the message says when)
     * @throws IOException
     *             when the file cannot be written
     */
    public ChunkCounts write(int stream, long position, long[] nanos, int[] cpus, String[] names, int size) throws IOException {
        for (int i = 1; i < size; i++) {
            if (nanos[i] < nanos[i - 1]) {
                throw new IllegalArgumentException("event at " + nanos[i] + " comes after one at " + nanos[i - 1]); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
        if (size == 0) {
            return new ChunkCounts(stream, position, List.of());
        }
        // Every counter's events, by their positions in the chunk; the total's are all of them.
        Map<Integer, Members> perCpu = new HashMap<>();
        Map<String, Members> perType = new HashMap<>();
        for (int i = 0; i < size; i++) {
            if (cpus[i] != EventCounter.UNKNOWN_CPU) {
                perCpu.computeIfAbsent(cpus[i], cpu -> new Members()).add(i);
            }
            perType.computeIfAbsent(names[i], type -> new Members()).add(i);
        }
        // The order does not matter (the index orders the counters by their first events), but a stable one
        // keeps the files of two builds alike.
        Map<CountSeries, Members> members = new LinkedHashMap<>();
        perCpu.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(entry -> members.put(CountSeries.cpu(entry.getKey()), entry.getValue()));
        perType.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(entry -> members.put(CountSeries.type(entry.getKey()), entry.getValue()));

        // A counter that has every event of the chunk (the CPU of a stream of one CPU) shares the total's times.
        long bytes = (long) size * Long.BYTES;
        for (Members indices : members.values()) {
            if (indices.fSize < size) {
                bytes += (long) indices.fSize * Long.BYTES;
            }
        }
        long offset = fNext.getAndAdd(bytes);
        Output out = new Output(fBuffers.get(), offset);
        for (int i = 0; i < size; i++) {
            out.put(nanos[i]);
        }
        List<Segment> segments = new ArrayList<>();
        segments.add(new Segment(CountSeries.TOTAL, offset, size, nanos[0], nanos[size - 1], 0));
        for (Map.Entry<CountSeries, Members> entry : members.entrySet()) {
            Members indices = entry.getValue();
            long at = offset;
            if (indices.fSize < size) {
                at = out.position();
                for (int k = 0; k < indices.fSize; k++) {
                    out.put(nanos[indices.fIndices[k]]);
                }
            }
            int first = indices.fIndices[0];
            segments.add(new Segment(entry.getKey(), at, indices.fSize, nanos[first], nanos[indices.fIndices[indices.fSize - 1]], first));
        }
        out.flush();
        return new ChunkCounts(stream, position, List.copyOf(segments));
    }

    /**
     * Takes in what {@link #write} made of a chunk; on one thread only.
     *
     * @param chunk
     *            the chunk's counts
     */
    public void add(ChunkCounts chunk) {
        fChunks.add(chunk);
    }

    /**
     * @return every counter of the chunks added, in the order of their first events (by time, then stream, then
     *         position in the stream; at one event, the total, its CPU, then its type): the order in which counting
     *         the events one by one in time order would have met them
     */
    public List<CountSeries> series() {
        record First(CountSeries series, long time, int stream, long position, int index) {
        }
        Map<CountSeries, First> firsts = new HashMap<>();
        Comparator<First> order = Comparator.comparingLong(First::time).thenComparingInt(First::stream).thenComparingLong(First::position)
                .thenComparingInt(First::index).thenComparing(first -> first.series().kind());
        for (ChunkCounts chunk : fChunks) {
            for (Segment segment : chunk.segments()) {
                First first = new First(segment.series(), segment.first(), chunk.stream(), chunk.position(), segment.firstIndex());
                firsts.merge(segment.series(), first, (one, other) -> order.compare(one, other) <= 0 ? one : other);
            }
        }
        return firsts.values().stream().sorted(order).map(First::series).toList();
    }

    /**
     * Writes the index and the header: the history is complete but for its attribute tree.
     *
     * @param start
     *            the history's start time
     * @param end
     *            its end time
     * @param quarks
     *            the state system's quark of each of {@link #series()}, in that order
     * @return where the attribute tree goes: the end of the file
     * @throws IllegalArgumentException
     *             when a chunk's events come before those of an earlier chunk of its stream
     * @throws IOException
     *             when the file cannot be written
     */
    public long finish(long start, long end, int[] quarks) throws IOException {
        List<CountSeries> series = series();
        if (quarks.length != series.size()) {
            throw new IllegalArgumentException(quarks.length + " quarks for " + series.size() + " counters"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        Map<CountSeries, List<Placed>> placed = new HashMap<>();
        for (ChunkCounts chunk : fChunks) {
            for (Segment segment : chunk.segments()) {
                placed.computeIfAbsent(segment.series(), s -> new ArrayList<>()).add(new Placed(chunk.stream(), chunk.position(), segment));
            }
        }
        long index = fNext.get();
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Channels.newOutputStream(fChannel.position(index))));
        out.writeLong(start);
        out.writeLong(end);
        out.writeInt(series.size());
        for (int i = 0; i < series.size(); i++) {
            CountSeries one = series.get(i);
            List<Placed> segments = placed.get(one);
            segments.sort(Comparator.comparingInt(Placed::stream).thenComparingLong(Placed::position));
            for (int k = 1; k < segments.size(); k++) {
                Placed before = segments.get(k - 1);
                Placed after = segments.get(k);
                if (after.stream() == before.stream() && after.segment().first() < before.segment().last()) {
                    throw new IllegalArgumentException("event at " + after.segment().first() + " comes after one at " //$NON-NLS-1$ //$NON-NLS-2$
                            + before.segment().last() + " in stream " + after.stream()); //$NON-NLS-1$
                }
            }
            out.writeByte(one.kind().ordinal());
            out.writeUTF(one.name());
            out.writeInt(quarks[i]);
            out.writeInt(segments.size());
            for (Placed segment : segments) {
                out.writeInt(segment.stream());
                out.writeLong(segment.segment().offset());
                out.writeInt(segment.segment().length());
                out.writeLong(segment.segment().first());
                out.writeLong(segment.segment().last());
            }
        }
        out.flush();
        long tree = fChannel.position();
        ByteBuffer header = ByteBuffer.allocate(CountHistory.HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        header.putLong(CountHistory.MAGIC).putLong(index).putLong(tree).flip();
        while (header.hasRemaining()) {
            fChannel.write(header, header.position());
        }
        return tree;
    }

    /** Times written through a thread's buffer to consecutive places of the file, from {@code position} on. */
    private final class Output {
        private final ByteBuffer fBuffer;
        private long fPosition;

        Output(ByteBuffer buffer, long position) {
            fBuffer = buffer.clear();
            fPosition = position;
        }

        void put(long time) throws IOException {
            if (!fBuffer.hasRemaining()) {
                flush();
            }
            fBuffer.putLong(time);
        }

        /** @return where the next time goes */
        long position() {
            return fPosition + fBuffer.position();
        }

        void flush() throws IOException {
            fBuffer.flip();
            while (fBuffer.hasRemaining()) {
                fPosition += fChannel.write(fBuffer, fPosition);
            }
            fBuffer.clear();
        }
    }

    /** The positions of one counter's events in a chunk. */
    private static final class Members {
        int[] fIndices = new int[16];
        int fSize;

        void add(int index) {
            if (fSize == fIndices.length) {
                fIndices = Arrays.copyOf(fIndices, fSize * 2);
            }
            fIndices[fSize++] = index;
        }
    }

    private record Placed(int stream, long position, Segment segment) {
    }

    @Override
    public void close() throws IOException {
        fChannel.close();
    }
}
