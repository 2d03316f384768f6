// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import org.sextant.common.model.state.StateWriter;
import org.sextant.ctf.model.CtfMetadata;
import org.sextant.ctf.model.CtfTrace;
import org.sextant.ctf.model.TraceFormatException;

/**
 * The serial mode of {@link ParallelBuilder}: the reference build every parallel one must equal, on one thread,
 * reading the trace as Trace Compass does, all streams at once in global time order ({@link StreamMerge}).
 *
 * <p>
 * Why this shape. The serial mode used to be the parallel pipeline with one thread and one chunk per stream: a
 * stream's worker ran over the whole stream before the merge could release anything of another, so every
 * stream's changes (a function object per state change) were held until the last stream was done; the io
 * analysis on 22.5 million events held 2 GB, and memory grew with the trace. Cutting the streams into chunks of
 * bounded size would bound memory, but that is "parallel, one thread", which the benchmark already runs; a
 * reference that is the same pipeline with other parameters checks little. Here the events come already in time
 * order, so a chunk is simply the next {@link SequentialBuilder#DEFAULT_CHUNK_EVENTS} events of the whole trace,
 * handled by a fresh worker and merged as soon as it ends (as {@link SequentialBuilder} does for ftrace): the
 * merge never waits for anything, memory holds one chunk's changes and one decoded event per stream, flat in the
 * trace's length. A worker keeps the chunk-local contract of a parallel worker (it starts knowing nothing,
 * defers what needs the past, may leave a reserved place open until {@link ChunkAnalysis.Worker#end}, where it
 * hands it to the merge's memory); what differs from a parallel build is what a worker sees: every stream's
 * events interleaved, cut by count and not by stream, which is a different cut for the analysis's chunk-local
 * state to be independent of. So the parallel builds are checked against a build that shares their merge
 * contract but neither their partition nor their order of decoding.
 * </p>
 *
 * <p>
 * Several traces (a recording of one trace per process) are read together, each event handled by its trace's
 * worker of the chunk ({@link ChunkAnalysis#worker(java.nio.file.Path)}), all writing to the chunk's one list of
 * changes in time order. Ties in time break as in the parallel merge (trace, then stream, then stream order).
 * </p>
 */
public final class SerialBuilder {

    private final int fChunkEvents;

    /**
     * @param chunkEvents
     *            events per chunk, at least 1 ({@link ParallelBuilder}'s serial mode takes
     *            {@link SequentialBuilder#DEFAULT_CHUNK_EVENTS})
     */
    public SerialBuilder(int chunkEvents) {
        if (chunkEvents < 1) {
            throw new IllegalArgumentException("chunk of " + chunkEvents + " events");
        }
        fChunkEvents = chunkEvents;
    }

    /**
     * Builds from one CTF trace.
     *
     * @param traceDirectory
     *            a CTF trace directory
     * @param analysis
     *            the analysis
     * @param writer
     *            receives the merged state changes, on the calling thread
     * @param progress
     *            told as the merge advances, in thousandths of the trace's time span
     * @param cancelled
     *            set to stop early
     * @return what was done; {@code maxChunksInFlight} is 1, the stage costs are not measured (one thread does
     *         every stage in turn)
     * @throws TraceFormatException
     *             when the trace cannot be decoded; the message names the file and offset
     * @throws IOException
     *             when a file cannot be read
     */
    public ParallelBuilder.Stats build(Path traceDirectory, ChunkAnalysis analysis, StateWriter writer, ChunkProgress progress,
            AtomicBoolean cancelled) throws TraceFormatException, IOException {
        return build(List.of(CtfTrace.open(traceDirectory)), new long[1], analysis, writer, progress, cancelled);
    }

    /**
     * Builds from several traces together.
     *
     * @param traces
     *            the traces, in the order ties break
     * @param shifts
     *            nanoseconds added to each trace's times
     * @param analysis
     *            the analysis
     * @param writer
     *            receives the merged state changes
     * @param progress
     *            told as the merge advances, in thousandths of the traces' time span
     * @param cancelled
     *            set to stop early
     * @return what was done; {@code maxChunksInFlight} is 1, the stage costs are not measured (one thread does
     *         every stage in turn)
     * @throws TraceFormatException
     *             when a trace cannot be decoded; the message names the file and offset
     * @throws IOException
     *             when a file cannot be read
     */
    ParallelBuilder.Stats build(List<CtfTrace> traces, long[] shifts, ChunkAnalysis analysis, StateWriter writer,
            ChunkProgress progress, AtomicBoolean cancelled) throws TraceFormatException, IOException {
        MergedState state = new MergedState(writer);
        long[] totals = { 0, 0, 0, 0, Long.MAX_VALUE, Long.MIN_VALUE }; // chunks, events, changes, deferred, first, last event
        Chunk[] open = { new Chunk(state, analysis, traces) };
        int streams = 0;
        for (CtfTrace trace : traces) {
            streams += trace.packets().size();
        }
        ParallelBuilder.DecodedFields decoded = new ParallelBuilder.DecodedFields();
        StreamMerge.read(traces, shifts, analysis.fields(), analysis.strings(), (trace, nanos, cpu, event, fields) -> {
            Chunk chunk = open[0];
            decoded.fFields = fields;
            chunk.event(trace, nanos, cpu, event, decoded);
            if (chunk.fChanges.events() == fChunkEvents) {
                chunk.merge(totals);
                open[0] = new Chunk(state, analysis, traces);
            }
        }, progress, cancelled);
        if (open[0].fChanges.events() > 0) {
            open[0].merge(totals);
        }
        PipelineCosts unmeasured = new PipelineCosts((int) totals[0], 0, 0, 0, 0);
        return new ParallelBuilder.Stats((int) totals[0], streams, totals[1], totals[2], totals[3], totals[4], totals[5], 1, unmeasured);
    }

    /** A chunk being handled: a worker per trace (made at the trace's first event in the chunk) with its handlers, and its changes. */
    private static final class Chunk {
        final Changes fChanges;
        private final ChunkAnalysis fAnalysis;
        private final List<CtfTrace> fTraces;
        private final ParallelBuilder.Handlers[] fHandlers;

        Chunk(MergedState state, ChunkAnalysis analysis, List<CtfTrace> traces) {
            fAnalysis = analysis;
            fTraces = traces;
            fChanges = new Changes(state);
            fHandlers = new ParallelBuilder.Handlers[traces.size()];
        }

        void event(int trace, long nanos, int cpu, CtfMetadata.EventClass event, EventFields fields) {
            fChanges.event(nanos);
            ParallelBuilder.Handlers handlers = fHandlers[trace];
            if (handlers == null) {
                handlers = new ParallelBuilder.Handlers(fAnalysis.worker(fTraces.get(trace).directory()));
                fHandlers[trace] = handlers;
            }
            ChunkAnalysis.Handler handler = handlers.of(event);
            if (handler != ParallelBuilder.IGNORED) {
                handler.event(nanos, cpu, fields, fChanges);
            }
        }

        /** Ends the chunk and applies its changes: every earlier chunk's are applied, no later one's can come before. */
        void merge(long[] totals) {
            for (ParallelBuilder.Handlers handlers : fHandlers) {
                if (handlers != null) {
                    handlers.fWorker.end(fChanges);
                }
            }
            fChanges.applyAll(totals);
            totals[5] = Math.max(totals[5], fChanges.lastEvent());
        }
    }
}
