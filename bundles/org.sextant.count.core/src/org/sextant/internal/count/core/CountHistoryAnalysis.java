// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.sextant.count.model.EventCounter;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.parallel.engine.Built;
import org.sextant.parallel.engine.DirectHistory;
import org.sextant.parallel.engine.HistoryAnalysis;
import org.sextant.parallel.engine.HistoryAnalysisProvider;
import org.sextant.parallel.engine.Report;
import org.sextant.parallel.engine.SplitHistoryAnalysis;
import org.sextant.parallel.model.BuildMode;
import org.sextant.parallel.model.ChunkEvents;
import org.sextant.parallel.model.ChunkProgress;
import org.sextant.parallel.model.ChunkRef;
import org.sextant.parallel.model.ParallelDecoder;
import org.sextant.parallel.model.SplitTrace;

/**
 * The event count of a CTF trace as the engine builds it: the decoder's events, merged in time order, fed to the
 * same {@link EventCounter} and state-system sink as {@link EventCountStateProvider}, so the attribute tree is
 * Trace Compass's. Counting needs no state in the workers: they only decode. That is the serial mode's build, and
 * that of parallel builds told how many history trees to write; other parallel builds have the workers write the
 * count history themselves ({@link CountDirectHistory}), which answers every query as that history tree does.
 * Split between processes (a cluster's tasks), a chunk's part is its events' times, CPUs and classes, recorded
 * where it is decoded; the merge takes them as the build in one process takes what it decodes, into the same
 * history. {@link EventCountParallelModule} is this analysis in Trace Compass; {@link Provider} finds it in a plain
 * JVM.
 */
public final class CountHistoryAnalysis implements SplitHistoryAnalysis {

    private final long fShift;

    /** The count on the codec's times. */
    public CountHistoryAnalysis() {
        this(0);
    }

    /**
     * @param shift
     *            nanoseconds added to the codec's times (to put them where Trace Compass shows the trace)
     */
    public CountHistoryAnalysis(long shift) {
        fShift = shift;
    }

    @Override
    public String historyId() {
        return EventCountParallelModule.ID;
    }

    @Override
    public int stateVersion() {
        return EventCountStateProvider.VERSION;
    }

    @Override
    public Built build(Path trace, ITmfStateSystemBuilder ss, BuildMode mode, ChunkProgress progress, AtomicBoolean cancelled)
            throws TraceFormatException, IOException, InterruptedException {
        return count(ss, mode, (decoder, consumer) -> decoder.decode(trace, consumer, progress, cancelled));
    }

    @Override
    public DirectHistory directHistory() {
        return new CountDirectHistory(fShift,
                (decoder, trace, reducer, arrival, progress, cancelled) -> decoder.reduce(trace, reducer, arrival, progress, cancelled));
    }

    @Override
    public ChunkEvents decode(SplitTrace trace, ChunkRef chunk) throws TraceFormatException, IOException {
        return trace.events(chunk);
    }

    @Override
    public HistoryAnalysis merging(SplitTrace trace, Supplier<SplitTrace.Outputs> outputs) {
        return new Merging(this) {
            @Override
            public Built build(Path ignored, ITmfStateSystemBuilder ss, BuildMode mode, ChunkProgress progress, AtomicBoolean cancelled)
                    throws TraceFormatException, IOException, InterruptedException {
                return count(ss, mode, (decoder, consumer) -> decoder.decode(trace, outputs.get(), consumer, progress, cancelled));
            }

            @Override
            public DirectHistory directHistory() {
                return new CountDirectHistory(fShift,
                        (decoder, ignoredTrace, reducer, arrival, progress, cancelled) -> decoder.reduce(trace, outputs.get(), reducer, arrival, progress, cancelled));
            }
        };
    }

    /** The events in time order, from the trace's files or from its chunks decoded elsewhere. */
    @FunctionalInterface
    private interface Events {
        ParallelDecoder.Stats decode(ParallelDecoder decoder, ParallelDecoder.Consumer consumer) throws TraceFormatException, IOException, InterruptedException;
    }

    /** Counts the events into the state system, as {@link EventCountStateProvider} counts them. */
    private Built count(ITmfStateSystemBuilder ss, BuildMode mode, Events events) throws TraceFormatException, IOException, InterruptedException {
        EventCounter counter = new EventCounter(new StateSystemCountSink(() -> ss));
        long[] end = { Long.MIN_VALUE };
        ParallelDecoder.Stats stats = events.decode(new ParallelDecoder(mode, fShift), (nanos, cpu, name) -> {
            counter.count(nanos, cpu, name);
            end[0] = nanos;
        });
        return new Built(new Report(mode.workerThreads(), stats.chunks(), stats.events(), 0, stats.maxChunksInFlight(), stats.costs()), end[0]);
    }

    /** The count of any CTF trace ({@code count}), for the service loader. */
    public static final class Provider implements HistoryAnalysisProvider {
        @Override
        public String name() {
            return "count"; //$NON-NLS-1$
        }

        @Override
        public @Nullable HistoryAnalysis forTrace(Path trace) {
            return Files.isRegularFile(trace.resolve("metadata")) ? new CountHistoryAnalysis() : null; //$NON-NLS-1$
        }
    }
}
