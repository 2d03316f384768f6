// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.core;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.eclipse.tracecompass.statesystem.core.StateSystemFactory;
import org.eclipse.tracecompass.statesystem.core.backend.IStateHistoryBackend;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.sextant.count.model.CountHistory;
import org.sextant.count.model.CountHistoryWriter;
import org.sextant.count.model.CountSeries;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.parallel.engine.Built;
import org.sextant.parallel.engine.DirectHistory;
import org.sextant.parallel.engine.Report;
import org.sextant.parallel.model.BuildMode;
import org.sextant.parallel.model.ChunkProgress;
import org.sextant.parallel.model.ParallelDecoder;

/**
 * The event count's history as its chunk workers write it: each worker decodes a chunk and files the times of
 * its events under each counter ({@link CountHistoryWriter}), so nothing is left for one thread but an index.
 * Trace Compass's state system then writes the attribute tree, the counters' attributes made in the order of
 * their first events, as the serial build makes them; {@link CountHistoryBackend} answers the queries. The chunks'
 * events come from the trace's files, decoded by the workers, or from the chunks' tasks of a split build, which
 * decoded them elsewhere.
 */
final class CountDirectHistory implements DirectHistory {

    /** Each chunk's events reduced on the decoder's threads, whichever way they come. */
    @FunctionalInterface
    interface Chunks {
        ParallelDecoder.Stats reduce(ParallelDecoder decoder, Path trace, ParallelDecoder.ChunkReducer<CountHistoryWriter.ChunkCounts> reducer,
                Consumer<CountHistoryWriter.ChunkCounts> arrival, ChunkProgress progress, AtomicBoolean cancelled)
                throws TraceFormatException, IOException, InterruptedException;
    }

    private final long fShift;
    private final Chunks fChunks;

    /**
     * @param shift
     *            nanoseconds added to the codec's times
     * @param chunks
     *            where the chunks' events come from
     */
    CountDirectHistory(long shift, Chunks chunks) {
        fShift = shift;
        fChunks = chunks;
    }

    @Override
    public Built build(Path traceDirectory, Path file, String ssid, long start, BuildMode mode, ChunkProgress progress, AtomicBoolean cancelled) throws TraceFormatException, IOException, InterruptedException {
        try (CountHistoryWriter writer = CountHistoryWriter.create(file)) {
            long[] end = { start };
            ParallelDecoder.Stats stats = fChunks.reduce(new ParallelDecoder(mode, fShift), traceDirectory, (chunk, stream, nanos, cpus, names, size) -> {
                try {
                    return writer.write(stream, chunk.firstPacket(), nanos, cpus, names, size);
                } catch (IllegalArgumentException e) {
                    throw new TraceFormatException(chunk.stream(), chunk.startOffset(), String.valueOf(e.getMessage()));
                }
            }, counts -> {
                writer.add(counts);
                if (!counts.segments().isEmpty()) {
                    // the first segment is the total's: every event of the chunk
                    end[0] = Math.max(end[0], counts.segments().get(0).last());
                }
            }, progress, cancelled);
            if (cancelled.get()) {
                return new Built(report(mode, stats), end[0]);
            }
            List<CountSeries> series = writer.series();
            TreeOnly backend = new TreeOnly(ssid, file.toFile(), start);
            ITmfStateSystemBuilder ss = StateSystemFactory.newStateSystem(backend);
            int[] quarks = new int[series.size()];
            for (int i = 0; i < quarks.length; i++) {
                quarks[i] = ss.getQuarkAbsoluteAndAdd(path(series.get(i)));
            }
            try {
                backend.fTreeOffset = writer.finish(start, end[0], quarks);
            } catch (IllegalArgumentException e) {
                throw new TraceFormatException(traceDirectory, -1, String.valueOf(e.getMessage()));
            }
            ss.closeHistory(end[0]);
            ss.dispose();
            return new Built(report(mode, stats), end[0]);
        }
    }

    @Override
    public IStateHistoryBackend open(String ssid, Path file) throws IOException {
        return new CountHistoryBackend(ssid, CountHistory.open(file));
    }

    private static Report report(BuildMode mode, ParallelDecoder.Stats stats) {
        return new Report(mode.workerThreads(), stats.chunks(), stats.events(), 0, stats.maxChunksInFlight(), stats.costs());
    }

    /** @return the counter's attribute, as {@link StateSystemCountSink} names it */
    private static String[] path(CountSeries series) {
        return switch (series.kind()) {
        case TOTAL -> new String[] { CountAttributes.TOTAL };
        case CPU -> new String[] { CountAttributes.CPUS, series.name() };
        case TYPE -> new String[] { CountAttributes.EVENT_TYPES, series.name() };
        };
    }

    /**
     * What the state system writes into while the attributes are made: nothing but the attribute tree, at the end
     * of the count history. Closing the state system ends each attribute's null interval, which it drops: the
     * intervals are the count history's.
     */
    private static final class TreeOnly implements IStateHistoryBackend {
        private final String fSsid;
        private final File fFile;
        private final long fStart;
        private long fTreeOffset = -1;

        TreeOnly(String ssid, File file, long start) {
            fSsid = ssid;
            fFile = file;
            fStart = start;
        }

        @Override
        public String getSSID() {
            return fSsid;
        }

        @Override
        public long getStartTime() {
            return fStart;
        }

        @Override
        public long getEndTime() {
            return fStart;
        }

        @Override
        public void insertPastState(long stateStartTime, long stateEndTime, int quark, @Nullable Object value) {
            if (value != null) {
                throw new IllegalStateException("the count's intervals come from its history, not from state changes"); //$NON-NLS-1$
            }
        }

        @Override
        public void finishedBuilding(long endTime) {
            // the count history is complete but for the tree
        }

        @Override
        public FileInputStream supplyAttributeTreeReader() {
            throw new UnsupportedOperationException("written, never read"); //$NON-NLS-1$
        }

        @Override
        public File supplyAttributeTreeWriterFile() {
            return fFile;
        }

        @Override
        public long supplyAttributeTreeWriterFilePosition() {
            if (fTreeOffset < 0) {
                throw new IllegalStateException("the count history has no index yet"); //$NON-NLS-1$
            }
            return fTreeOffset;
        }

        @Override
        public void removeFiles() {
            // the module deletes a partial history
        }

        @Override
        public void dispose() {
            // nothing held
        }

        @Override
        public void doQuery(List<@Nullable ITmfStateInterval> currentStateInfo, long t) {
            throw new UnsupportedOperationException("written, never read"); //$NON-NLS-1$
        }

        @Override
        public @Nullable ITmfStateInterval doSingularQuery(long t, int attributeQuark) {
            throw new UnsupportedOperationException("written, never read"); //$NON-NLS-1$
        }
    }
}
