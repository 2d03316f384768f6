// SPDX-License-Identifier: EPL-2.0
package org.sextant.count.model;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The event count's history kept as the times of the events themselves: for every counter and every stream of
 * the trace, the sorted times of the events that counter counts there. A counter's value at a time is how many
 * of its events came until then, over all streams; it holds from the last of them to just before the next. So
 * the history answers every query exactly as the state history that counting the events one by one in time
 * order writes (the value changes at each event, events at one time change it once), while its chunks are
 * written independently, on as many threads as decode them ({@link CountHistoryWriter}).
 *
 * <p>
 * The file, little-endian:
 * </p>
 *
 * <pre>
 * header   magic (8 bytes, the format's version in the last), index offset (8), attribute tree offset (8)
 * times    the events' times (8 bytes each), a run per counter per chunk
 * index    start time, end time (8 each), counters (4); per counter, in the order of their first events:
 *          kind (1: total, CPU, type), name (modified UTF-8), quark (4), runs (4);
 *          per run, by stream then time: stream (4), offset (8), events (4), first and last time (8 each)
 * tree     the state system's attribute tree, as Trace Compass writes it
 * </pre>
 */
public final class CountHistory implements AutoCloseable {

    /** "SXCOUNT" and the format's version, 1. */
    static final long MAGIC = 0x0154_4E55_4F43_5853L;
    static final int HEADER_BYTES = 24;
    /** Times are mapped a window at a time; a time never straddles two, as both are multiples of 8 bytes. */
    private static final int WINDOW_SHIFT = 30;
    private static final long WINDOW_MASK = (1L << WINDOW_SHIFT) - 1;

    /**
     * A counter's value over a span of time.
     *
     * @param start
     *            the span's first nanosecond
     * @param end
     *            its last
     * @param count
     *            the events counted until then; 0 before the first, where the state system holds no value
     */
    public record Span(long start, long end, long count) {
    }

    /** One counter's runs of times in one stream, in time order, with the events before each. */
    private record Runs(long[] offsets, int[] lengths, long[] firsts, long[] lasts, long[] before) {
    }

    private final Path fFile;
    private final MappedByteBuffer[] fWindows;
    private final long fStart;
    private final long fEnd;
    private final long fTreeOffset;
    private final List<CountSeries> fSeries;
    /** Per counter, its runs in each stream that has any. */
    private final List<Runs[]> fRuns;
    private final Map<Integer, Integer> fSeriesOfQuark;

    private CountHistory(Path file, MappedByteBuffer[] windows, long start, long end, long treeOffset, List<CountSeries> series,
            List<Runs[]> runs, Map<Integer, Integer> seriesOfQuark) {
        fFile = file;
        fWindows = windows;
        fStart = start;
        fEnd = end;
        fTreeOffset = treeOffset;
        fSeries = series;
        fRuns = runs;
        fSeriesOfQuark = seriesOfQuark;
    }

    /**
     * Opens a complete history.
     *
     * @param file
     *            its file
     * @return the history
     * @throws IOException
     *             when the file cannot be read, or is not a complete count history (the message names it and says
     *             what is wrong)
     */
    public static CountHistory open(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            while (header.hasRemaining() && channel.read(header, header.position()) >= 0) {
                // reads until full or at the end of the file
            }
            if (header.hasRemaining() || header.getLong(0) != MAGIC) {
                throw new IOException(file + ": not a complete count history (no header)"); //$NON-NLS-1$
            }
            long index = header.getLong(8);
            long tree = header.getLong(16);
            if (index < HEADER_BYTES || index % Long.BYTES != 0 || tree < index || tree > size) {
                throw new IOException(file + ": not a complete count history (its index at " + index + " and attribute tree at " + tree //$NON-NLS-1$ //$NON-NLS-2$
                        + " do not fit its " + size + " bytes)"); //$NON-NLS-1$ //$NON-NLS-2$
            }
            DataInputStream in = new DataInputStream(new BufferedInputStream(Channels.newInputStream(channel.position(index))));
            long start = in.readLong();
            long end = in.readLong();
            int count = in.readInt();
            List<CountSeries> series = new ArrayList<>();
            List<Runs[]> runs = new ArrayList<>();
            Map<Integer, Integer> seriesOfQuark = new HashMap<>();
            for (int i = 0; i < count; i++) {
                int kind = in.readUnsignedByte();
                if (kind >= CountSeries.Kind.values().length) {
                    throw new IOException(file + ": counter " + i + " is of no known kind (" + kind + ')'); //$NON-NLS-1$ //$NON-NLS-2$
                }
                series.add(new CountSeries(CountSeries.Kind.values()[kind], in.readUTF()));
                seriesOfQuark.put(in.readInt(), i);
                runs.add(readRuns(file, in, index));
            }
            return new CountHistory(file, map(channel, index), start, end, tree, List.copyOf(series), runs, seriesOfQuark);
        } catch (EOFException e) {
            throw new IOException(file + ": not a complete count history (its index ends early)", e); //$NON-NLS-1$
        }
    }

    private static Runs[] readRuns(Path file, DataInputStream in, long timesEnd) throws IOException {
        int count = in.readInt();
        List<Runs> streams = new ArrayList<>();
        int stream = -1;
        int from = 0;
        long[] offsets = new long[count];
        int[] lengths = new int[count];
        long[] firsts = new long[count];
        long[] lasts = new long[count];
        int[] streamOf = new int[count];
        for (int i = 0; i < count; i++) {
            streamOf[i] = in.readInt();
            offsets[i] = in.readLong();
            lengths[i] = in.readInt();
            firsts[i] = in.readLong();
            lasts[i] = in.readLong();
            if (offsets[i] < HEADER_BYTES || lengths[i] < 1 || offsets[i] + (long) lengths[i] * Long.BYTES > timesEnd
                    || (i > 0 && streamOf[i] == streamOf[i - 1] && firsts[i] < lasts[i - 1])) {
                throw new IOException(file + ": not a count history (a run of times is out of place)"); //$NON-NLS-1$
            }
        }
        for (int i = 0; i <= count; i++) {
            if (i == count || (i > 0 && streamOf[i] != stream)) {
                if (i > from) {
                    long[] before = new long[i - from];
                    for (int k = 1; k < before.length; k++) {
                        before[k] = before[k - 1] + lengths[from + k - 1];
                    }
                    streams.add(new Runs(Arrays.copyOfRange(offsets, from, i), Arrays.copyOfRange(lengths, from, i),
                            Arrays.copyOfRange(firsts, from, i), Arrays.copyOfRange(lasts, from, i), before));
                }
                from = i;
            }
            if (i < count) {
                stream = streamOf[i];
            }
        }
        return streams.toArray(Runs[]::new);
    }

    private static MappedByteBuffer[] map(FileChannel channel, long timesEnd) throws IOException {
        int windows = (int) ((timesEnd + WINDOW_MASK) >>> WINDOW_SHIFT);
        MappedByteBuffer[] mapped = new MappedByteBuffer[windows];
        for (int w = 0; w < windows; w++) {
            long from = (long) w << WINDOW_SHIFT;
            mapped[w] = channel.map(FileChannel.MapMode.READ_ONLY, from, Math.min(timesEnd - from, 1L << WINDOW_SHIFT));
            mapped[w].order(ByteOrder.LITTLE_ENDIAN);
        }
        return mapped;
    }

    /** @return the time at that offset of the file */
    private long time(long offset) {
        return fWindows[(int) (offset >>> WINDOW_SHIFT)].getLong((int) (offset & WINDOW_MASK));
    }

    /** @return the history's file */
    public Path file() {
        return fFile;
    }

    /** @return its start time */
    public long start() {
        return fStart;
    }

    /** @return its end time */
    public long end() {
        return fEnd;
    }

    /** @return where its attribute tree is in the file */
    public long treeOffset() {
        return fTreeOffset;
    }

    /** @return its counters, in the order of their first events */
    public List<CountSeries> series() {
        return fSeries;
    }

    /**
     * @param quark
     *            an attribute of the state system
     * @return the index in {@link #series()} of the counter it holds, or -1 for an attribute that holds none
     *         (a parent, {@code CPUs} or {@code Event types})
     */
    public int seriesOf(int quark) {
        return fSeriesOfQuark.getOrDefault(quark, -1);
    }

    /**
     * @param series
     *            a counter, by its index in {@link #series()}
     * @param t
     *            a time between the start and the end
     * @return the counter's value at that time, and the span it holds over
     */
    public Span at(int series, long t) {
        long count = 0;
        long previous = Long.MIN_VALUE;
        long next = Long.MAX_VALUE;
        for (Runs runs : fRuns.get(series)) {
            int run = lastAtOrBefore(runs.firsts(), t);
            if (run < 0) {
                next = Math.min(next, runs.firsts()[0]);
                continue;
            }
            int length = runs.lengths()[run];
            if (t >= runs.lasts()[run]) {
                count += runs.before()[run] + length;
                previous = Math.max(previous, runs.lasts()[run]);
                if (run + 1 < runs.firsts().length) {
                    next = Math.min(next, runs.firsts()[run + 1]);
                }
            } else {
                // first <= t < last: some but not all of the run's times are at most t
                long offset = runs.offsets()[run];
                int upTo = upperBound(offset, length, t);
                count += runs.before()[run] + upTo;
                previous = Math.max(previous, time(offset + (long) (upTo - 1) * Long.BYTES));
                next = Math.min(next, time(offset + (long) upTo * Long.BYTES));
            }
        }
        long end = next == Long.MAX_VALUE ? fEnd : next - 1;
        return count == 0 ? new Span(fStart, end, 0) : new Span(previous, end, count);
    }

    /** @return the index of the last of the sorted values at most {@code t}, or -1 */
    private static int lastAtOrBefore(long[] sorted, long t) {
        int low = 0;
        int high = sorted.length - 1;
        while (low <= high) {
            int middle = (low + high) >>> 1;
            if (sorted[middle] <= t) {
                low = middle + 1;
            } else {
                high = middle - 1;
            }
        }
        return high;
    }

    /** @return how many of the run's {@code length} sorted times, from {@code offset}, are at most {@code t} */
    private int upperBound(long offset, int length, long t) {
        int low = 0;
        int high = length;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (time(offset + (long) middle * Long.BYTES) <= t) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }

    /** The mapped times are let go with the history: Java unmaps a mapping when it is no longer reachable. */
    @Override
    public void close() {
        Arrays.fill(fWindows, null);
    }
}
